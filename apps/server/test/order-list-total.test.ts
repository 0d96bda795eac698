import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXACT_TOTAL_LIMIT } from '../src/modules/orders/order-list.ts';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';

const HEADER =
  'Sender name,Sender address 1,Sender city,Sender state,Sender ZIP,Recipient name,Recipient address 1,Recipient city,Recipient state,Recipient ZIP,Length,Width,Height';

describe('order list totals at volume', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp();
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    token = (await createActiveCustomer(t, admin)).token;
  });
  afterAll(async () => t.close());

  const list = async (query: string) => {
    const res = await call(t.app, token, { method: 'GET', url: `/api/app/order/orders?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { list: { orderNo: string }[]; total: number; page: number; pageSize: number };
  };

  test('a list past the exact-count limit still gives its full total, and its last page', async () => {
    const count = EXACT_TOTAL_LIMIT + 7;
    const rows = Array.from(
      { length: count },
      (_, i) => `Ada,9450 Wilshire Blvd,Beverly Hills,CA,90210,R${i},${i} Main St,Austin,TX,78701,10,8,4`,
    );
    const boundary = '----pp-list';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\n\r\n${[HEADER, ...rows].join('\n')}\r\n--${boundary}--\r\n`,
    );
    const imported = await call(t.app, token, {
      method: 'POST',
      url: '/api/app/order/import',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(imported.json().data).toMatchObject({ created: count, errors: [] });

    const first = await list('status=0&pageSize=50');
    expect(first).toMatchObject({ total: count, page: 1, pageSize: 50 });
    expect(first.list).toHaveLength(50);
    const last = await list(`status=0&pageSize=50&page=${Math.ceil(count / 50)}`);
    expect(last.total).toBe(count);
    expect(last.list).toHaveLength(count % 50);
    // Small lists are counted exactly on every call.
    expect((await list('status=1')).total).toBe(0);
  });
});
