import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXACT_TOTAL_LIMIT } from '../src/modules/orders/order-list-repo.ts';
import { ADMIN, call, createActiveCustomer, importDrafts, loginToken, startApp, type TestApp } from './helpers.ts';

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
    await importDrafts(t.app, token, count, 'R');

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
