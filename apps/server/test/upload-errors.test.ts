import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, expectEnvelope, loginToken, startApp, type TestApp } from './helpers.ts';

function multipart(parts: { name: string; filename?: string; content: Buffer | string }[]) {
  const boundary = '----pp-upload';
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

const send = (app: FastifyInstance, token: string, url: string, parts: Parameters<typeof multipart>[0]) =>
  call(app, token, { method: 'POST', url, ...multipart(parts) });

/** Bytes that are named a workbook but are not one (a zip cut short, as a broken download leaves it). */
const BROKEN_XLSX = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)]);

let t: TestApp;
let admin: string;
let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
let serviceId: number;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  customer = await createActiveCustomer(t, admin);
  serviceId = (await t.ctx.db.selectFrom('carrier_services').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

describe('spreadsheets that cannot be read', () => {
  test('a broken workbook is refused with 400 naming the file, in every import', async () => {
    const urls = [
      '/api/app/order/import',
      '/api/app/order/import/headers',
      `/api/admin/channel/service/${serviceId}/rates`,
      '/api/admin/channel/zone-chart',
    ];
    for (const url of urls) {
      const token = url.startsWith('/api/app/') ? customer.token : admin;
      const res = await send(t.app, token, url, [{ name: 'file', filename: 'orders.xlsx', content: BROKEN_XLSX }]);
      const body = expectEnvelope(res, 400);
      expect(body.data.fields.file).toBe('The file is not a readable spreadsheet');
    }
    expect(await t.ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  test('an oversized spreadsheet is refused with 400 naming the file, in every import', async () => {
    const big = `weight,Zone 1\n${'1,1.00\n'.repeat(3_000_000)}`;
    const urls = [
      '/api/app/order/import',
      '/api/app/order/import/headers',
      `/api/admin/channel/service/${serviceId}/rates`,
      '/api/admin/channel/zone-chart',
    ];
    for (const url of urls) {
      const token = url.startsWith('/api/app/') ? customer.token : admin;
      const res = await send(t.app, token, url, [{ name: 'file', filename: 'big.csv', content: big }]);
      const body = expectEnvelope(res, 400);
      expect(body.data.fields.file).toBe('The spreadsheet cannot exceed 20 MB');
    }
  });

  test('mapping that is not JSON is refused with 400 naming the mapping', async () => {
    const res = await send(t.app, customer.token, '/api/app/order/import', [
      { name: 'mapping', content: '{"toZip": ' },
      { name: 'file', filename: 'orders.csv', content: 'Recipient name\nGrace\n' },
    ]);
    const body = expectEnvelope(res, 400);
    expect(Object.keys(body.data.fields)).toEqual(['mapping']);
  });
});

describe('a merged PDF of nothing', () => {
  test('a selection without a bought label answers 422 with a message, not a broken download', async () => {
    const draft = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        from: {
          personName: 'Ada',
          stateCode: 'CA',
          city: 'Beverly Hills',
          addressLine1: '9450 Wilshire Blvd',
          zipCode: '90210',
        },
        to: { personName: 'Grace', stateCode: 'NY', city: 'New York', addressLine1: '350 5th Ave', zipCode: '10118' },
        parcels: [{ length: 10, width: 8, height: 4, weight: 1 }],
      },
    });
    const { orderId } = draft.json().data;
    for (const query of [`ids=${orderId}`, 'status=0', '']) {
      const res = await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/label/downPdf?${query}` });
      const body = expectEnvelope(res, 422);
      expect(body.message).toBe('None of the selected orders has a bought label');
    }
  });
});
