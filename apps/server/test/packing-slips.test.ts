/**
 * Packing slips and pick lists (issue 30), read back from the PDFs with pdftotext: the items, quantities and SKUs
 * of an order's recorded items (else, for an order without items, of its contents text; Chinese ones too, in the
 * CJK font), a slip after each label in the merged labels PDF, and a pick list summing the items by SKU.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { renderPackingSlips } from '../src/documents/packing-slip.ts';
import { SLIP_WORDS } from '../src/modules/volume/downloads.ts';
import { call } from './helpers.ts';
import { address, appWithUspsAndEasyPost, merchantOn } from './upstream-fixtures.ts';

const env = appWithUspsAndEasyPost();

async function textOf(pdf: Buffer, page?: number): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'slips-')), 'file.pdf');
  await writeFile(file, pdf);
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const { stdout } = await promisify(execFile)('pdftotext', [...pages, '-layout', file, '-']);
  return stdout;
}

describe('packing slips', () => {
  test('a slip follows each label in the labels PDF; slips and a pick list list the items, quantities and SKUs', async () => {
    const demo = await env.t.ctx.db
      .selectFrom('channels')
      .innerJoin('carrier_services', 'carrier_services.channel_id', 'channels.id')
      .select(['channels.id as channelId', 'carrier_services.id as serviceId'])
      .where('channels.platform_code', '=', 'ratecard')
      .where('carrier_services.code', 'like', '%PRIORITY%')
      .executeTakeFirstOrThrow();
    const merchant = await merchantOn(env.t, env.admin, Number(demo.channelId), { weights: [1] });
    const token = merchant.customer.token;
    const draft = (description: string, items: { sku: string; name: string; quantity: number }[] = []) =>
      call(env.t.app, token, {
        method: 'POST',
        url: '/api/app/order/draft',
        payload: {
          from: address('90210', 'Beverly Hills', 'CA', 'Ada Shipper'),
          to: address('10118', 'New York', 'NY', 'Wang Xiaoming'),
          parcels: [{ length: 10, width: 8, height: 4, weight: 1, insuredValue: '0' }],
          extra: { signatureOption: 'none', description },
          items,
        },
      });
    // The first order's items are recorded (its contents text only says "Gifts"); the second has only the text.
    const first = await draft('Gifts', [
      { sku: 'CUP-1', name: '青花茶杯', quantity: 2 },
      { sku: 'TS-2', name: 'T-shirt', quantity: 1 },
    ]);
    expect(first.statusCode).toBe(200);
    const second = await draft('3 × 青花茶杯 (CUP-1)');
    const ids = [first.json().data.orderId as number, second.json().data.orderId as number];
    for (const id of ids) {
      const bought = await merchant.buy(Number(demo.serviceId), id);
      expect(bought.statusCode, bought.body).toBe(200);
    }

    const merged = await call(env.t.app, token, {
      method: 'GET',
      url: `/api/app/order/label/downPdf?ids=${ids.join(',')}&withSlips=true`,
    });
    expect(merged.statusCode).toBe(200);
    const pdf = merged.rawPayload;
    // Label, slip, label, slip.
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(4);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => textOf(pdf, page)));
    expect(pages.map((text) => text.includes('PACKING SLIP'))).toEqual([false, true, false, true]);
    const orderNos = await env.t.ctx.db
      .selectFrom('orders')
      .select(['id', 'order_no'])
      .where('id', 'in', ids)
      .execute();
    const noOf = (id: number) => orderNos.find((row) => row.id === id)?.order_no as string;
    const firstSlip =
      pages.find((text) => text.includes('PACKING SLIP') && text.includes(noOf(ids[0] as number))) ?? '';
    expect(firstSlip).toMatch(/2\s+CUP-1\s+青花茶杯/);
    expect(firstSlip).toMatch(/1\s+TS-2\s+T-shirt/);
    expect(firstSlip).toMatch(/Wang\s+Xiaoming/);
    expect(firstSlip).not.toContain('Gifts');

    // The pick list stays in the warehouse: it speaks the reader's language.
    const pickList = (language: string) =>
      call(env.t.app, token, {
        method: 'GET',
        url: `/api/app/order/packingSlips?ids=${ids.join(',')}&kind=pickList&size=letter`,
        headers: { 'accept-language': language },
      });
    const listed = await textOf((await pickList('en-US')).rawPayload);
    expect(listed).toMatch(/PICK LIST\s+2 orders/);
    expect(listed).toMatch(/QTY\s+SKU\s+ITEM/);
    expect(listed).toMatch(/5\s+CUP-1\s+青花茶杯/);
    expect(listed).toMatch(/1\s+TS-2\s+T-shirt/);
    const listedInChinese = await textOf((await pickList('zh-CN')).rawPayload);
    expect(listedInChinese).toMatch(/拣货单\s+共 2 单/);
    expect(listedInChinese).toMatch(/数量\s+SKU\s+商品/);
    expect(listedInChinese).not.toMatch(/PICK LIST|QTY/);

    // A slip goes in the box: it speaks its recipient's language (New York: English) whatever the reader's,
    // unless the merchant chooses one.
    const slipsIn = (query = '') =>
      call(env.t.app, token, {
        method: 'GET',
        url: `/api/app/order/packingSlips?ids=${ids[1]}${query}`,
        headers: { 'accept-language': 'zh-CN' },
      });
    const slips = await slipsIn();
    expect((await PDFDocument.load(slips.rawPayload)).getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const slipText = await textOf(slips.rawPayload);
    expect(slipText).toMatch(/3\s+CUP-1\s+青花茶杯/);
    expect(slipText).toMatch(/PACKING SLIP[\s\S]*SHIP TO/);
    const chosen = await textOf((await slipsIn('&language=zh-CN')).rawPayload);
    expect(chosen).toMatch(/装箱单[\s\S]*收件人[\s\S]*数量\s+SKU\s+商品/);
    expect(chosen).not.toMatch(/PACKING SLIP|SHIP TO/);
    expect((await slipsIn('&language=fr-FR')).statusCode).toBe(400);
    // A slip to a recipient in China speaks Chinese, to an English reader too.
    const toShanghai = await call(env.t.app, token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        from: address('90210', 'Beverly Hills', 'CA', 'Ada Shipper'),
        to: { ...address('200000', 'Shanghai', 'SH', 'Wang Xiaoming'), countryCode: 'CN' },
        parcels: [{ length: 10, width: 8, height: 4, weight: 1, insuredValue: '0' }],
        extra: { signatureOption: 'none', description: '1 × Mug (MUG-1)' },
      },
    });
    expect(toShanghai.statusCode, toShanghai.body).toBe(200);
    const toChina = await call(env.t.app, token, {
      method: 'GET',
      url: `/api/app/order/packingSlips?ids=${toShanghai.json().data.orderId}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(await textOf(toChina.rawPayload)).toMatch(/装箱单[\s\S]*收件人[\s\S]*Wang Xiaoming/);
    // Another merchant's orders are not theirs to print.
    const other = await merchantOn(env.t, env.admin, Number(demo.channelId));
    const refused = await call(env.t.app, other.customer.token, {
      method: 'GET',
      url: `/api/app/order/packingSlips?ids=${ids.join(',')}`,
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('a packing slip’s page', () => {
  test('the SHIP TO heading stands above the name, and a slip without items says so', async () => {
    const pdf = await renderPackingSlips(
      [
        {
          words: SLIP_WORDS['en-US'],
          orderNo: 'PP1',
          reference: '',
          trackingNo: null,
          date: '2026-12-01',
          shipTo: ['Grace Buyer', '350 5th Ave', 'New York, NY 10118'],
          items: [],
        },
      ],
      { name: 'Shop', logo: null },
      '4x6',
    );
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'slip-')), 'slip.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-bbox', file, '-']);
    const boxOf = (word: string) => {
      const match = new RegExp(`yMin="([\\d.]+)" xMax="[\\d.]+" yMax="([\\d.]+)">${word}<`).exec(stdout);
      return { top: Number(match?.[1]), bottom: Number(match?.[2]) };
    };
    expect(boxOf('SHIP').bottom).toBeLessThanOrEqual(boxOf('Grace').top);
    expect(boxOf('Grace').bottom).toBeLessThanOrEqual(boxOf('350').top);
    expect((await textOf(pdf)).replace(/\s+/g, ' ')).toContain(
      'No items recorded for this order (add items or contents to it).',
    );
  });
});
