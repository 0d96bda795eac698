import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';

const address = (zipCode: string, city: string, stateCode: string) => ({
  personName: 'Pat Sender',
  countryCode: 'US',
  stateCode,
  city,
  addressLine1: '1 Main St',
  zipCode,
});
const from = address('90210', 'Beverly Hills', 'CA');
const to = address('10118', 'New York', 'NY');
const parcel = { length: 6, width: 6, height: 6, weight: 1 };

let t: TestApp;
let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
const orders: { id: number; orderNo: string; tracking: string; parcels: number }[] = [];
let draftId: number;

beforeAll(async () => {
  t = await startApp();
  const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  customer = await createActiveCustomer(t, admin);
  await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId: customer.id, currency: 'USD', amount: '200', remark: 'x' },
  });
  for (const parcels of [[parcel], [parcel, { ...parcel, weight: 2 }], [parcel]]) {
    const { orderId, orderNo } = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/draft', payload: { from, to, parcels } })
    ).json().data;
    const quote = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } })
    )
      .json()
      .data.find((line: { serviceCode: string }) => line.serviceCode === 'USPS_GROUND_ADVANTAGE');
    const bought = (
      await call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/order/label/create',
        payload: { orderId, serviceId: quote.serviceId },
      })
    ).json().data;
    orders.push({ id: orderId, orderNo, tracking: bought.tackNo, parcels: parcels.length });
  }
  draftId = (
    await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from, to, parcels: [parcel] },
    })
  ).json().data.orderId;
});
afterAll(async () => t.close());

describe('bulk downloads', () => {
  test('a zip holds one label PDF per bought order, named as the user picks, and opens in a zip reader', async () => {
    const ids = [...orders.map((o) => o.id), draftId].join(',');
    const byTracking = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/downZip?ids=${ids}&nameBy=trackingNo`,
    });
    expect(byTracking.statusCode).toBe(200);
    expect(byTracking.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(byTracking.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(orders.map((o) => `${o.tracking}.pdf`).sort());
    for (const order of orders) {
      const pdf = await PDFDocument.load(
        await (zip.file(`${order.tracking}.pdf`) as JSZip.JSZipObject).async('uint8array'),
      );
      expect(pdf.getPageCount()).toBe(order.parcels);
    }
    // The system's own unzip agrees (CRCs and the central directory are right).
    const dir = mkdtempSync(path.join(tmpdir(), 'pp-zip-'));
    writeFileSync(path.join(dir, 'labels.zip'), byTracking.rawPayload);
    const check = spawnSync('python3', [
      '-c',
      'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); print(z.testzip() or "ok")',
      path.join(dir, 'labels.zip'),
    ]);
    expect(check.stdout.toString().trim()).toBe('ok');

    const byOrderNo = await JSZip.loadAsync(
      (await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/label/downZip?ids=${ids}` })).rawPayload,
    );
    expect(Object.keys(byOrderNo.files).sort()).toEqual(orders.map((o) => `${o.orderNo}.pdf`).sort());
  });

  test('the merged PDF holds every label of the selection, one 4x6 page per parcel', async () => {
    const res = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/downPdf?ids=${orders.map((o) => o.id).join(',')}`,
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(4);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });
  });

  test("another customer's selection yields nothing of this customer's", async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const other = await createActiveCustomer(t, admin);
    const res = await call(t.app, other.token, {
      method: 'GET',
      url: `/api/app/order/label/downZip?ids=${orders.map((o) => o.id).join(',')}`,
    });
    expect(Object.keys((await JSZip.loadAsync(res.rawPayload)).files)).toEqual([]);
  });

  test('the order export has the filtered list as xlsx', async () => {
    const res = await call(t.app, customer.token, { method: 'GET', url: '/api/app/order/order/down?status=1' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const rows: string[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]?.slice(0, 3)).toEqual(['Order no.', 'Tracking no.', 'Status']);
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(orders.map((o) => o.orderNo).sort());
    expect(rows.slice(1).every((row) => row[2] === 'Pending transport')).toBe(true);
    // The demo service was seeded in Chinese (the install's language); an English reader reads its name in English.
    const service = rows[0]?.indexOf('Service') ?? -1;
    expect(rows.slice(1).map((row) => row[service])).toEqual(orders.map(() => 'USPS Ground Advantage (Demo)'));
  });

  test('a filtered export holds exactly the orders the list shows for the same filter', async () => {
    // A recipient the keyword matches only by name: the list's keyword also covers the recipient.
    const named = (
      await call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/order/draft',
        payload: { from, to: { ...to, personName: 'Quincy Filterby' }, parcels: [parcel] },
      })
    ).json().data.orderNo as string;
    const exported = async (filter: string) => {
      const res = await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/order/down?${filter}` });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as never);
      const numbers: string[] = [];
      workbook.worksheets[0]?.eachRow((row, index) => {
        if (index > 1) numbers.push(String((row.values as unknown[])[1] ?? ''));
      });
      return numbers.sort();
    };
    const listed = async (filter: string) => {
      const res = await call(t.app, customer.token, {
        method: 'GET',
        url: `/api/app/order/orders?pageSize=100&${filter}`,
      });
      return (res.json().data.list as { orderNo: string }[]).map((order) => order.orderNo).sort();
    };
    for (const filter of ['keyword=Filterby', 'status=1', 'pendingReview=true', `keyword=${orders[0]?.orderNo}`, '']) {
      expect(await exported(filter), filter).toEqual(await listed(filter));
    }
    expect(await exported('keyword=Filterby')).toEqual([named]);
  });

  test("the day's manifest lists every labelled parcel under one barcode", async () => {
    const res = await call(t.app, customer.token, { method: 'GET', url: '/api/app/order/createManifest' });
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'pp-manifest-'));
    const file = path.join(dir, 'manifest.pdf');
    writeFileSync(file, res.rawPayload);
    const text = spawnSync('pdftotext', ['-layout', file, '-']).stdout.toString();
    expect(text).toContain('Total parcels: 4');
    for (const order of orders) expect(text).toContain(order.orderNo);
    spawnSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const scanned = spawnSync('zbarimg', ['--raw', '-q', path.join(dir, 'page-1.png')])
      .stdout.toString()
      .trim();
    expect(scanned).toMatch(/^MF\d{8}\d{6}0004$/);
    expect(text).toContain(scanned);
  });
});
