import { describe, expect, test } from 'vitest';
import { easypostAdapter } from '../src/carriers/easypost/adapter.ts';
import { shipengineAdapter } from '../src/carriers/shipengine/adapter.ts';
import { uspsAdapter } from '../src/carriers/usps/adapter.ts';
import { buyLabel, call, createActiveCustomer, fundWallet, type Json, usdWallet } from './helpers.ts';
import { appWithEasyPost, EASYPOST_KEY, easypostChannel, merchantOn } from './upstream-fixtures.ts';

/** Test-mode labels (docs/carriers.md "Test labels"): marked DO NOT SHIP, they cost nothing and move no money. */
const env = appWithEasyPost();

const walletOf = (userId: number) => usdWallet(env.t, userId);
const ledgerRowsOf = (userId: number) =>
  env.t.ctx.db.selectFrom('balance_logs').select(['type', 'amount']).where('user_id', '=', userId).execute();
const detail = async (token: string, orderId: number) =>
  (await call(env.t.app, token, { method: 'GET', url: `/api/app/order/detail/${orderId}` })).json().data as Json;

describe('test labels', () => {
  test('a test label on the demo channel is bought, downloaded and cancelled without moving any money', async () => {
    const customer = await createActiveCustomer(env.t, env.admin);
    await fundWallet(env.t.app, env.admin, customer.id, '20.00');
    const before = await walletOf(customer.id);
    const rowsBefore = await ledgerRowsOf(customer.id);

    const { orderId } = await buyLabel(env.t.app, customer.token, true);
    const bought = await detail(customer.token, orderId);
    expect(bought).toMatchObject({ status: 1, isTest: true, rate: '0.00' });
    expect(await walletOf(customer.id)).toEqual(before);
    expect(await ledgerRowsOf(customer.id)).toEqual(rowsBefore);

    const label = await call(env.t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/down?id=${orderId}`,
    });
    expect(label.statusCode).toBe(200);

    // Cancelled and approved: nothing was charged, so nothing is refunded.
    await call(env.t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [orderId] },
    });
    const audit = await call(env.t.app, env.admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: orderId, approve: true },
    });
    expect(audit.statusCode).toBe(200);
    expect(await walletOf(customer.id)).toEqual(before);
    expect(await ledgerRowsOf(customer.id)).toEqual(rowsBefore);
  });

  test('a carrier never bills a test label: staff cannot post a bill to one', async () => {
    const customer = await createActiveCustomer(env.t, env.admin);
    await fundWallet(env.t.app, env.admin, customer.id, '20.00');
    const { orderId } = await buyLabel(env.t.app, customer.token, true);
    const billed = await call(env.t.app, env.admin, {
      method: 'POST',
      url: '/api/admin/order/billed',
      payload: { id: orderId, cost: '9.00' },
    });
    expect(billed.statusCode).toBe(422);
    expect((await ledgerRowsOf(customer.id)).map((row) => row.type)).not.toContain(4);
  });

  test('a real label beside it is charged as always', async () => {
    const customer = await createActiveCustomer(env.t, env.admin);
    await fundWallet(env.t.app, env.admin, customer.id, '20.00');
    const before = (await walletOf(customer.id)).balance;
    const { orderId } = await buyLabel(env.t.app, customer.token, false);
    const bought = await detail(customer.token, orderId);
    expect(bought.isTest).toBe(false);
    expect(Number(bought.rate)).toBeGreaterThan(0);
    expect((await walletOf(customer.id)).balance).toBe(before - Math.round(Number(bought.rate) * 100));
  });

  test('an upstream channel with only a live key refuses a test label before anything is sent or charged; its test key buys it free', async () => {
    // The channel's own key is a live one the carrier (its stand-in) does not know: any call with it fails.
    const { channelId, serviceId } = await easypostChannel(env.t, env.admin, {
      apiKey: 'EZAKlive0123456789',
      baseUrl: env.easypost.url,
    });
    const merchant = await merchantOn(env.t, env.admin, channelId);
    await env.t.ctx.db.updateTable('orders').set({ is_test: 1 }).where('id', '=', merchant.orderId).execute();
    const balance = await merchant.balance();
    const shipmentsBefore = env.easypost.shipments.size;

    const refused = await merchant.buy(serviceId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('has no test credentials');
    expect(env.easypost.shipments.size).toBe(shipmentsBefore);
    expect((await merchant.order()).status).toBe(0);
    expect(await merchant.balance()).toBe(balance);

    // With the carrier's test key beside the live one, the test label is bought with the test key.
    const saved = await call(env.t.app, env.admin, {
      method: 'POST',
      url: `/api/admin/channel/update/${channelId}`,
      payload: { settings: { apiKey: '', baseUrl: env.easypost.url, testApiKey: EASYPOST_KEY } },
    });
    expect(saved.statusCode).toBe(200);
    const bought = await merchant.buy(serviceId);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data).toMatchObject({ status: 1, isTest: true });
    expect(env.easypost.shipments.size).toBeGreaterThan(shipmentsBefore);
    expect(await merchant.balance()).toBe(balance);
    // Only the funding row: the test label wrote none.
    expect(await ledgerRowsOf(merchant.customer.id)).toHaveLength(1);
  });

  test("the API log records and filters the mode of each carrier call: a test label's calls test, a live one's live; unasked, a signed-in session's log shows the live ones alone", async () => {
    const { channelId, serviceId } = await easypostChannel(env.t, env.admin, {
      apiKey: EASYPOST_KEY,
      testApiKey: EASYPOST_KEY,
      baseUrl: env.easypost.url,
    });
    const merchant = await merchantOn(env.t, env.admin, channelId);
    const testOrderId = await merchant.another();
    await env.t.ctx.db.updateTable('orders').set({ is_test: 1 }).where('id', '=', testOrderId).execute();
    expect((await merchant.buy(serviceId)).statusCode).toBe(200);
    expect((await merchant.buy(serviceId, testOrderId)).statusCode).toBe(200);
    const testOrderNo = (await merchant.order(testOrderId)).order_no;

    const log = async (query: string) =>
      (
        await call(env.t.app, env.admin, { method: 'GET', url: `/api/admin/maintenance/apiLog?pageSize=100&${query}` })
      ).json().data as { total: number; list: Json[] };
    const live = await log(`orderNo=${merchant.orderNo}`);
    const test = await log(`orderNo=${testOrderNo}&mode=test`);
    expect(live.total).toBeGreaterThan(0);
    expect(test.total).toBeGreaterThan(0);
    expect(new Set(live.list.map((row) => row.mode))).toEqual(new Set(['live']));
    expect(new Set(test.list.map((row) => row.mode))).toEqual(new Set(['test']));
    // The filter keeps to the mode asked: the live order's calls are none of the test ones, and the other way.
    expect((await log(`orderNo=${merchant.orderNo}&mode=test`)).total).toBe(0);
    expect((await log(`orderNo=${testOrderNo}&mode=live`)).total).toBe(0);
    expect((await log(`orderNo=${merchant.orderNo}&mode=live`)).total).toBe(live.total);
    // Unasked, live alone (issue 31: never both mixed): the test order's calls are not in it, nor any test call.
    expect((await log(`orderNo=${testOrderNo}`)).total).toBe(0);
    const unasked = await log('');
    expect(unasked.total).toBeGreaterThan(0);
    expect(new Set(unasked.list.map((row) => row.mode))).toEqual(new Set(['live']));
    expect(unasked.total).toBe((await log('mode=live')).total);
    const opened = await call(env.t.app, env.admin, {
      method: 'GET',
      url: `/api/admin/maintenance/apiLog/${test.list[0]?.id}`,
    });
    expect(opened.json().data.mode).toBe('test');
  });

  test('each upstream platform buys test labels only with test credentials', () => {
    expect(easypostAdapter.testSettings?.({ apiKey: 'EZAKlive', testApiKey: 'EZTKtest' })).toMatchObject({
      apiKey: 'EZTKtest',
    });
    expect(easypostAdapter.testSettings?.({ apiKey: 'EZTKonly', testApiKey: '' })).toMatchObject({
      apiKey: 'EZTKonly',
    });
    expect(easypostAdapter.testSettings?.({ apiKey: 'EZAKlive', testApiKey: '' })).toBeNull();
    expect(shipengineAdapter.testSettings?.({ apiKey: 'live_key', testApiKey: 'TEST_abc' })).toMatchObject({
      apiKey: 'TEST_abc',
    });
    expect(shipengineAdapter.testSettings?.({ apiKey: 'live_key' })).toBeNull();
    const usps = {
      clientId: 'id',
      clientSecret: 'secret',
      crid: '1',
      mid: '123456',
      accountNumber: '1',
    };
    expect(uspsAdapter.testSettings?.({ ...usps, baseUrl: 'https://apis-tem.usps.com' })).not.toBeNull();
    expect(uspsAdapter.testSettings?.(usps)).toBeNull();
  });
});
