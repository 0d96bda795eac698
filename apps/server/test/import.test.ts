import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';

function multipart(parts: { name: string; filename?: string; content: Buffer | string }[]) {
  const boundary = '----pp-import';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importFile = (
  app: FastifyInstance,
  token: string,
  filename: string,
  content: Buffer | string,
  mapping?: object,
  locale = 'en-US',
) => {
  const body = multipart([
    ...(mapping ? [{ name: 'mapping', content: JSON.stringify(mapping) }] : []),
    { name: 'file', filename, content },
  ]);
  return call(app, token, {
    method: 'POST',
    url: '/api/app/order/import',
    ...body,
    headers: { ...body.headers, 'accept-language': locale },
  });
};

const SENDER = 'Ada,Shop,310-555-0100,9450 Wilshire Blvd,,Beverly Hills,CA,90210,US';
const HEADER =
  'Order group,Sender name,Sender company,Sender phone,Sender address 1,Sender address 2,Sender city,Sender state,Sender ZIP,Sender country,Recipient name,Recipient address 1,Recipient city,Recipient state,Recipient ZIP,Length,Width,Height,Weight,Declared value';

let t: TestApp;
let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
beforeAll(async () => {
  t = await startApp();
  const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  customer = await createActiveCustomer(t, admin);
});
afterAll(async () => t.close());

describe('order import', () => {
  test("the template comes in both languages; its example rows are skipped, the merchant's rows below them imported", async () => {
    for (const [lang, first, remarkColumn] of [
      ['zh-CN', '订单分组', '备注'],
      ['en-US', 'Order group', 'Remark'],
    ]) {
      const res = await call(t.app, customer.token, {
        method: 'GET',
        url: `/api/app/order/import/template?lang=${lang}`,
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as never);
      const sheet = workbook.worksheets[0];
      expect(sheet?.getRow(1).getCell(1).value).toBe(first);
      expect(workbook.worksheets).toHaveLength(2);
      // As downloaded: the two example rows (one order of two parcels) make no order.
      const asIs = (await importFile(t.app, customer.token, 'template.xlsx', res.rawPayload)).json().data;
      expect(asIs).toMatchObject({ rows: 0, orders: 0, created: 0, examplesSkipped: 2, errors: [] });

      // The merchant copies the example into a row of their own (its remark their own) below them.
      if (!sheet) throw new Error('no order sheet');
      const remark = (sheet.getRow(1).values as string[]).indexOf(remarkColumn as string);
      const mine = sheet.addRow((sheet.getRow(2).values as unknown[]).slice(1));
      mine.getCell(1).value = 'M1';
      mine.getCell(remark).value = 'gift wrap';
      const filled = Buffer.from(await workbook.xlsx.writeBuffer());
      const imported = (await importFile(t.app, customer.token, 'template.xlsx', filled)).json().data;
      expect(imported).toMatchObject({ rows: 1, orders: 1, created: 1, examplesSkipped: 2, errors: [] });
      const batch = (
        await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/orders?batchNo=${imported.batchNo}` })
      ).json().data;
      expect(batch.total).toBe(1);
      const detail = (
        await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/detail/${batch.list[0].id}` })
      ).json().data;
      expect(detail.parcels).toHaveLength(1);
      expect(detail).toMatchObject({ status: 0, batchNo: imported.batchNo, toZipCode: '10118', remark: 'gift wrap' });
    }
  });

  test('bad rows are reported by row, column and reason; good rows still become drafts', async () => {
    const csv = [
      HEADER,
      `1,${SENDER},Grace,350 5th Ave,New York,NY,10118,10,8,4,2,0`,
      `2,${SENDER},Bob,1 Main St,Austin,TX,,10,8,4,2,0`,
      `3,${SENDER},Cy,2 Main St,Austin,TX,78701,10,8,4,heavy,0`,
      `4,${SENDER},Di,3 Main St,Austin,TX,78701,10,8,4,2,60000`,
      `5,${SENDER},Ed,4 Main St,Austin,TX,78701,10,8,4,1,0`,
    ].join('\n');
    const result = (await importFile(t.app, customer.token, 'orders.csv', csv)).json().data;
    expect(result).toMatchObject({ rows: 5, orders: 5, created: 2, mode: 'live' });
    expect(result.errors).toEqual([
      { row: 3, column: 'O (Recipient ZIP)', field: 'toZip', message: 'This field is required' },
      expect.objectContaining({ row: 4, column: 'S (Weight)', field: 'weight' }),
      { row: 5, column: 'T (Declared value)', field: 'insuredValue', message: expect.any(String) },
    ]);
    const drafts = (
      await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/orders?batchNo=${result.batchNo}` })
    ).json().data;
    expect(drafts.list.map((o: { toPersonName: string }) => o.toPersonName).sort()).toEqual(['Ed', 'Grace']);
  });

  test('a zh-CN reader gets every row error in Chinese, those zod words itself included', async () => {
    const csv = [
      HEADER,
      `1,${SENDER},Bob,1 Main St,Austin,TX,,10,8,4,2,0`,
      `2,${SENDER},Cy,2 Main St,Austin,TX,78701,10,8,4,heavy,0`,
      `3,${SENDER},Di,3 Main St,Austin,TX,78701,10,8,4,2,60000`,
      `4,Ada,Shop,310-555-0100,9450 Wilshire Blvd,,Beverly Hills,CA,90210,USA,Ed,4 Main St,Austin,TX,78701,10,8,4,1,0`,
    ].join('\n');
    const res = await importFile(t.app, customer.token, 'orders.csv', csv, undefined, 'zh-CN');
    const errors = res.json().data.errors as { field: string; message: string }[];
    expect(errors.length).toBeGreaterThanOrEqual(4);
    for (const error of errors) expect(error).toEqual({ ...error, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });

  test("a test key's import says its drafts are test ones (mode), and the lists show them under test data alone (issue 31)", async () => {
    const key = (
      await call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/user/apiKey',
        payload: { name: 'imports test', mode: 'test' },
      })
    ).json().data.key as string;
    const csv = [HEADER, `1,${SENDER},Grace,350 5th Ave,New York,NY,10118,10,8,4,2,0`].join('\n');
    const result = (await importFile(t.app, key, 'orders.csv', csv)).json().data;
    expect(result).toMatchObject({ orders: 1, created: 1, mode: 'test' });
    const listed = async (query: string) =>
      (
        await call(t.app, customer.token, {
          method: 'GET',
          url: `/api/app/order/orders?batchNo=${result.batchNo}${query}`,
        })
      ).json().data.total;
    expect(await listed('')).toBe(0);
    expect(await listed('&mode=test')).toBe(1);
  });

  test('a foreign sheet imports through a column mapping; a missing column is named', async () => {
    const foreign = [
      'Ref,Ship From,From Street,From Town,From ST,From Post,Ship To,Street Line,Town,ST,Post,L,W,H,Lbs',
      'X1,Ada,9450 Wilshire Blvd,Beverly Hills,CA,90210,Grace,350 5th Ave,New York,NY,10118,10,8,4,3',
    ].join('\n');
    const unmapped = (await importFile(t.app, customer.token, 'foreign.csv', foreign)).json().data;
    expect(unmapped.created).toBe(0);
    expect(unmapped.errors.map((e: { field: string }) => e.field)).toEqual([
      'toName',
      'toAddress1',
      'toCity',
      'toState',
      'toZip',
    ]);
    const mapping = {
      orderGroup: 'Ref',
      fromName: 'Ship From',
      fromAddress1: 'From Street',
      fromCity: 'From Town',
      fromState: 'From ST',
      fromZip: 'From Post',
      toName: 'Ship To',
      toAddress1: 'Street Line',
      toCity: 'Town',
      toState: 'ST',
      toZip: 'Post',
      length: 'L',
      width: 'W',
      height: 'H',
      weight: 'Lbs',
    };
    const mapped = (await importFile(t.app, customer.token, 'foreign.csv', foreign, mapping)).json().data;
    expect(mapped).toMatchObject({ created: 1, errors: [] });
  });

  test("a sheet's headers come back with the fields they already match, for the mapping form", async () => {
    const headersOf = (filename: string, content: Buffer | string) =>
      call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/order/import/headers',
        ...multipart([{ name: 'file', filename, content }]),
      });
    const foreign =
      'Ref,Ship To,Street Line,Town,ST,Post,Length,W,H,Lbs\nX1,Grace,350 5th Ave,New York,NY,10118,10,8,4,3';
    const csv = await headersOf('foreign.csv', foreign);
    expect(csv.statusCode).toBe(200);
    expect(csv.json().data).toEqual({
      headers: ['Ref', 'Ship To', 'Street Line', 'Town', 'ST', 'Post', 'Length', 'W', 'H', 'Lbs'],
      matched: { length: 'Length', width: 'W', height: 'H' },
      required: ['toName', 'toAddress1', 'toCity', 'toState', 'toZip', 'length', 'width', 'height'],
    });
    const template = await call(t.app, customer.token, {
      method: 'GET',
      url: '/api/app/order/import/template?lang=zh-CN',
    });
    const xlsx = (await headersOf('template.xlsx', template.rawPayload)).json().data;
    expect(xlsx.headers[0]).toBe('订单分组');
    expect(xlsx.matched).toMatchObject({ orderGroup: '订单分组', toZip: '收件邮编', weight: '重量' });
    expect((await headersOf('orders.txt', 'x')).statusCode).toBe(400);
  });

  test('only xlsx or csv are accepted', async () => {
    const res = await importFile(t.app, customer.token, 'orders.txt', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.file).toBe('Upload an xlsx or csv file');
  });
});
