import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectEnvelope,
  expectFieldError,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';
import { SENDER as from, RECIPIENT as to } from './parties.ts';

const box = { length: 10, width: 8, height: 4, weight: 1 };

let t: TestApp;
let customer: Awaited<ReturnType<typeof createActiveCustomer>>;

beforeAll(async () => {
  t = await startApp();
  const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  customer = await createActiveCustomer(t, admin);
});
afterAll(async () => t.close());

const post = (url: string, payload: object) => call(t.app, customer.token, { method: 'POST', url, payload });
const get = (url: string) => call(t.app, customer.token, { method: 'GET', url });

describe('numbers are numbers', () => {
  test('a draft, an estimate and a package template refuse true, "0x10" and "12abc" for a number', async () => {
    for (const bad of [true, '0x10', '12abc', '16']) {
      for (const url of ['/api/app/order/draft', '/api/app/order/estimateRateMix']) {
        const res = await post(url, { from, to, parcels: [{ ...box, weight: bad }] });
        expect(expectFieldError(res, 'parcels.0.weight')).toBe('Must be a number');
      }
      const template = await post('/api/app/user/packageTemplate', {
        name: 'Box',
        quantity: bad,
        length: 10,
        width: 8,
        height: 4,
        weight: 1,
        unit: 'lb/in',
      });
      expect(expectFieldError(template, 'quantity')).toBe('Must be a number');
    }
    expect(await t.ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  test('a missing dimension is required to quote; a draft saves without it and its quote names it', async () => {
    const { length: _, ...noLength } = box;
    const res = await post('/api/app/order/estimateRateMix', { from, to, parcels: [noLength] });
    expect(expectFieldError(res, 'parcels.0.length')).toBe('This field is required');
    const saved = expectEnvelope(await post('/api/app/order/draft', { from, to, parcels: [noLength] }), 200);
    const quote = await post('/api/app/order/estimateRateMix', { orderId: saved.data.orderId });
    expect(expectFieldError(quote, 'parcels.0.length')).toBe('The size must be greater than 0');
  });

  test('the estimate names the failing field, not the body', async () => {
    const res = await post('/api/app/order/estimateRateMix', { from, to: { ...to, personName: '' }, parcels: [box] });
    const body = expectEnvelope(res, 400);
    expect(Object.keys(body.data.fields)).toEqual(['to.personName']);
    expectFieldError(await post('/api/app/order/estimateRateMix', { orderId: 'x' }), 'orderId');
  });

  test('a negative declared value says so', async () => {
    for (const url of ['/api/app/order/draft', '/api/app/order/estimateRateMix']) {
      const res = await post(url, { from, to, parcels: [{ ...box, insuredValue: '-5.00' }] });
      expect(expectFieldError(res, 'parcels.0.insuredValue')).toBe('The declared value cannot be negative');
    }
  });

  test('query strings and paths take decimal digits only', async () => {
    for (const bad of ['0x1', '1e0', '1abc', 'true', '', ' 1']) {
      const q = encodeURIComponent(bad);
      expectFieldError(await get(`/api/app/order/orders?status=${q}`), 'status');
      expectFieldError(await get(`/api/app/order/orders?page=${q}`), 'page');
      if (bad) expectFieldError(await get(`/api/app/order/detail/${q}`), 'id');
    }
    expect((await get('/api/app/order/orders?status=0&page=1&pageSize=100')).statusCode).toBe(200);
  });

  test('a query flag is true or false, nothing else', async () => {
    expectFieldError(await get('/api/app/order/orders?pendingReview=1'), 'pendingReview');
    expectFieldError(await get('/api/app/tracking/query?numbers=1Z999&refresh=yes'), 'refresh');
  });
});
