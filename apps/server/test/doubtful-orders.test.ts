import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';
import { SENDER as from, RECIPIENT as to } from './parties.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

describe('orders whose ledger does not add up', () => {
  test('a bought label with its earnest still frozen adds up, and is not listed', async () => {
    const customer = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '100.00', remark: 'test funds' },
    });
    const draft = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from, to, parcels: [{ length: 10, width: 8, height: 4, weight: 1 }] },
    });
    const { orderId } = draft.json().data;
    const lines = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } })
    ).json().data as { serviceId: number; serviceCode: string }[];
    const fedex = lines.find((line) => line.serviceCode === 'FEDEX_2_DAY');
    const bought = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId: fedex?.serviceId },
    });
    expect(bought.json().data).toMatchObject({ status: 1, earnest: '1.00' });

    const doubtful = await call(t.app, admin, { method: 'GET', url: '/api/admin/balance/doubtfulOrders' });
    expect(doubtful.statusCode).toBe(200);
    expect(doubtful.json().data).toEqual([]);
  });
});
