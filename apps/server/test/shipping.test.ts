import { isValidTracking } from '@parcelport/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMovement } from '../src/modules/funds/ledger.ts';
import { buyLabel } from '../src/modules/purchase/purchase.ts';
import { sweepLapsedPurchases } from '../src/modules/purchase/purchase-recovery.ts';
import { ADMIN, call, createActiveCustomer, createStaff, loginToken, startApp, type TestApp } from './helpers.ts';

const from = {
  personName: 'Ada Shipper',
  company: 'Shop Co',
  phone: '310-555-0100',
  countryCode: 'US',
  stateCode: 'CA',
  city: 'Beverly Hills',
  addressLine1: '9450 Wilshire Blvd',
  zipCode: '90210',
};
const to = {
  personName: 'Grace Buyer',
  phone: '212-555-0199',
  countryCode: 'US',
  stateCode: 'NY',
  city: 'New York',
  addressLine1: '350 5th Ave',
  addressLine2: 'Fl 20',
  zipCode: '10118',
  isResidential: true,
};
const box = (weight: number, insuredValue = '0') => ({ length: 10, width: 8, height: 4, weight, insuredValue });

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

async function fundedCustomer(amount: string) {
  const customer = await createActiveCustomer(t, admin);
  if (amount !== '0') {
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount, remark: 'test funds' },
    });
  }
  return customer;
}

const info = async (token: string) => (await call(t.app, token, { method: 'GET', url: '/api/user/info' })).json().data;
const detail = async (token: string, id: number) =>
  (await call(t.app, token, { method: 'GET', url: `/api/app/order/detail/${id}` })).json().data;

async function ledgerIsWhole(userId: number) {
  const wallet = await t.ctx.db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', 'USD')
    .executeTakeFirstOrThrow();
  const sums = await t.ctx.db
    .selectFrom('balance_logs')
    .select((eb) => [eb.fn.sum<number>('amount').as('amount'), eb.fn.sum<number>('earnest_amount').as('earnest')])
    .where('user_id', '=', userId)
    .where('currency', '=', 'USD')
    .executeTakeFirstOrThrow();
  expect(Number(sums.amount ?? 0)).toBe(wallet.balance);
  expect(Number(sums.earnest ?? 0)).toBe(wallet.earnest_balance);
  return wallet;
}

const doubtfulOrders = async () =>
  (await call(t.app, admin, { method: 'GET', url: '/api/admin/balance/doubtfulOrders' })).json().data as {
    orderId: number;
  }[];

async function draft(token: string, body: Record<string, unknown> = {}) {
  const res = await call(t.app, token, {
    method: 'POST',
    url: '/api/app/order/draft',
    payload: { from, to, parcels: [box(2, '150.00'), box(1)], ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { orderId: number; orderNo: string };
}

async function quotes(token: string, orderId: number) {
  const res = await call(t.app, token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } });
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<
    Record<string, unknown> & { serviceId: number; serviceCode: string; total: string; available: boolean }
  >;
}

const buy = (token: string, orderId: number, serviceId: number, key?: string) =>
  call(t.app, token, {
    method: 'POST',
    url: '/api/app/order/label/create',
    payload: { orderId, serviceId },
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('an order through its states', () => {
  test('draft → quotes → buy once → label → cancel → restore → cancel → voided with refund → back to draft', async () => {
    const customer = await fundedCustomer('100.00');
    const { orderId, orderNo } = await draft(customer.token);
    expect(orderNo).toMatch(/^PP\d{6}\d{7}$/);

    const lines = await quotes(customer.token, orderId);
    expect(lines.map((line) => line.serviceCode).sort()).toEqual(
      ['FEDEX_2_DAY', 'FEDEX_GROUND', 'UPS_GROUND', 'USPS_GROUND_ADVANTAGE', 'USPS_PRIORITY_MAIL'].sort(),
    );
    for (const line of lines) {
      expect(line).toMatchObject({ available: true, insurance: '2.00', zoneSource: 'distance' });
      expect(line.zone).toBe(8);
      expect(line).not.toHaveProperty('cost');
    }
    const cheapest = lines.filter((line) => line.cheapest);
    expect(cheapest).toHaveLength(1);
    const totals = lines.map((line) => Number(line.total));
    expect(Number(cheapest[0]?.total)).toBe(Math.min(...totals));
    expect(lines.filter((line) => line.fastest)).toHaveLength(1);

    const chosen = cheapest[0] as (typeof lines)[number];
    const first = await buy(customer.token, orderId, chosen.serviceId, 'buy-1');
    expect(first.statusCode).toBe(200);
    const retried = await buy(customer.token, orderId, chosen.serviceId, 'buy-1');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(first.json());
    const bought = first.json().data;
    expect(bought.status).toBe(1);
    expect(isValidTracking(bought.carrierCode, bought.tackNo)).toBe(true);
    const afterBuy = await info(customer.token);
    expect(Number(afterBuy.balance)).toBeCloseTo(100 - Number(chosen.total), 2);
    const placeRows = await t.ctx.db
      .selectFrom('balance_logs')
      .selectAll()
      .where('user_id', '=', customer.id)
      .where('type', '=', 1)
      .execute();
    expect(placeRows).toHaveLength(1);
    await ledgerIsWhole(customer.id);

    const order = await detail(customer.token, orderId);
    expect(order.parcels).toHaveLength(2);
    for (const parcel of order.parcels) expect(isValidTracking(bought.carrierCode, parcel.trackingNo)).toBe(true);
    expect(order.timeline.map((event: { event: string }) => event.event)).toEqual(['draft', 'placing', 'labelCreated']);

    const pdf = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/down?id=${orderId}&nameBy=trackingNo`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`${bought.tackNo}.pdf`);
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });

    expect(
      (
        await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } })
      ).json().data,
    ).toEqual([{ id: orderId, ok: true }]);
    expect((await detail(customer.token, orderId)).status).toBe(6);
    await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/cancelRestore',
      payload: { ids: [orderId] },
    });
    expect((await detail(customer.token, orderId)).status).toBe(1);
    await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });

    const audit = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: orderId, approve: true },
    });
    expect(audit.statusCode).toBe(200);
    const voided = await detail(customer.token, orderId);
    expect(voided.status).toBe(15);
    expect((await info(customer.token)).balance).toBe('100.00');
    const refunds = await t.ctx.db
      .selectFrom('balance_logs')
      .selectAll()
      .where('user_id', '=', customer.id)
      .where('type', '=', 2)
      .execute();
    expect(refunds.map((row) => row.amount)).toEqual([Math.round(Number(chosen.total) * 100)]);
    const messages = (await call(t.app, customer.token, { method: 'GET', url: '/api/user/messages' })).json().data;
    expect(messages[0].title).toBe('Order voided and refunded');
    const twice = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: orderId, approve: true },
    });
    expect(twice.statusCode).toBe(422);
    await ledgerIsWhole(customer.id);

    const back = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/backToDraft',
      payload: { ids: [orderId] },
    });
    expect(back.json().data).toEqual([{ id: orderId, ok: true }]);
    const redrafted = await detail(customer.token, orderId);
    expect(redrafted).toMatchObject({ status: 0, tackNo: null, rate: null });
  });

  test('a rejected cancellation leaves the label paid and tells the customer why', async () => {
    const customer = await fundedCustomer('50.00');
    const { orderId } = await draft(customer.token, { parcels: [box(1)] });
    const usps = (await quotes(customer.token, orderId)).find((line) => line.serviceCode === 'USPS_GROUND_ADVANTAGE');
    expect((await buy(customer.token, orderId, usps?.serviceId as number)).statusCode).toBe(200);
    const balance = (await info(customer.token)).balance;
    await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
    const noReason = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: orderId, approve: false, reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: orderId, approve: false, reason: 'parcel already scanned' },
    });
    const order = await detail(customer.token, orderId);
    expect(order).toMatchObject({ status: 16, auditInfo: 'parcel already scanned' });
    expect((await info(customer.token)).balance).toBe(balance);
    const back = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/backToDraft',
      payload: { ids: [orderId] },
    });
    expect(back.json().data[0]).toMatchObject({ ok: false, message: 'The order cannot do this in its current state' });
  });

  test('a label whose cancellation was rejected is billed and tracked to delivery; a review rejection is not', async () => {
    const customer = await fundedCustomer('50.00');
    /** A label of the customer's whose cancellation staff rejected (16); its order id and tracking number. */
    const cancelRejected = async (isTest: boolean) => {
      const { orderId } = await draft(customer.token, { parcels: [box(1)], isTest });
      const bought = await buy(customer.token, orderId, usps?.serviceId as number);
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/order/orders/cancelAudit',
        payload: { id: orderId, approve: false, reason: 'parcel already scanned' },
      });
      expect((await detail(customer.token, orderId)).status).toBe(16);
      return { orderId, tracking: bought.json().data.tackNo as string };
    };
    const first = await draft(customer.token, { parcels: [box(1)] });
    const usps = (await quotes(customer.token, first.orderId)).find(
      (line) => line.serviceCode === 'USPS_GROUND_ADVANTAGE',
    );
    const { orderId } = await cancelRejected(false);
    const label = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/downPdf?ids=${orderId}`,
    });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');

    // The carrier bills the live label: its real cost is charged (10.00 more, with the markup).
    const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const bill = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/billed',
      payload: { id: orderId, cost: (((order.cost as number) + 1000) / 100).toFixed(2) },
    });
    expect(bill.statusCode).toBe(200);
    expect(bill.json().data).toEqual({ difference: '11.00', penalty: '0.00' });

    // Tracking carries such a label to delivered, as any bought label (a test label is delivered after a
    // few steps of the test schedule).
    const tracked = await cancelRejected(true);
    await t.ctx.db
      .updateTable('orders')
      .set({ label_created_at: Date.now() - 5 * t.config.trackingStepMs - 1000 })
      .where('id', '=', tracked.orderId)
      .execute();
    const delivered = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/tracking/query?numbers=${tracked.tracking}&refresh=true`,
    });
    expect(delivered.json().data[0]).toMatchObject({ found: true, state: 'Delivered' });
    expect((await detail(customer.token, tracked.orderId)).status).toBe(3);
    await ledgerIsWhole(customer.id);

    // 16 after a review rejection was refunded: there is no label left to bill.
    const rejected = await draft(customer.token, { parcels: [box(1)] });
    await buy(customer.token, rejected.orderId, usps?.serviceId as number);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/review',
      payload: { id: rejected.orderId, approve: false, reason: 'restricted goods' },
    });
    expect((await detail(customer.token, rejected.orderId)).status).toBe(16);
    const refused = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/billed',
      payload: { id: rejected.orderId, cost: '1.00' },
    });
    expect(refused.statusCode).toBe(422);
    await ledgerIsWhole(customer.id);
  });

  test('earnest frozen on purchase; the carrier bill settles with deduction, penalty and margin release', async () => {
    const customer = await fundedCustomer('200.00');
    const { orderId } = await draft(customer.token, { parcels: [box(3)] });
    const fedex2 = (await quotes(customer.token, orderId)).find((line) => line.serviceCode === 'FEDEX_2_DAY');
    const bought = (await buy(customer.token, orderId, fedex2?.serviceId as number)).json().data;
    expect(bought.earnest).toBe('1.00');
    const frozen = await info(customer.token);
    expect(frozen.earnestBalance).toBe('1.00');
    expect(Number(frozen.balance)).toBeCloseTo(200 - Number(fedex2?.total) - 1, 2);

    const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const realCost = (order.cost as number) + 1000; // the carrier measured more: 10.00 over
    const bill = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/billed',
      payload: { id: orderId, cost: (realCost / 100).toFixed(2), wrongDimensions: true },
    });
    expect(bill.statusCode).toBe(200);
    expect(bill.json().data).toEqual({ difference: '11.00', penalty: '5.00' }); // 10.00 + 10% markup
    // What the carrier billed is the operator's cost: staff see it on the order, the merchant never does.
    const staffDetail = (await call(t.app, admin, { method: 'GET', url: `/api/admin/order/detail/${orderId}` })).json();
    expect(staffDetail.data.billedCost).toBe((realCost / 100).toFixed(2));
    expect((await detail(customer.token, orderId)).billedCost).toBeNull();
    const merchantList = await call(t.app, customer.token, {
      method: 'GET',
      url: '/api/app/order/orders?page=1&pageSize=50',
    });
    const listed = merchantList.json().data.list.find((row: { id: number }) => row.id === orderId);
    expect(listed).toMatchObject({ billedAt: expect.any(String), billedCost: null });
    const settled = await info(customer.token);
    expect(settled.earnestBalance).toBe('0.00');
    expect(Number(settled.balance)).toBeCloseTo(200 - Number(fedex2?.total) - 11 - 5, 2);
    const types = (
      await t.ctx.db
        .selectFrom('balance_logs')
        .select('type')
        .where('user_id', '=', customer.id)
        .orderBy('id')
        .execute()
    ).map((row) => row.type);
    expect(types).toEqual([7, 1, 8, 4, 6, 3]);
    expect(
      (
        await call(t.app, admin, {
          method: 'POST',
          url: '/api/admin/order/billed',
          payload: { id: orderId, cost: '1.00' },
        })
      ).statusCode,
    ).toBe(422);
    await ledgerIsWhole(customer.id);
  });

  test("staff release a user's outstanding earnest on finished orders, once", async () => {
    const customer = await fundedCustomer('100.00');
    const { orderId } = await draft(customer.token, { parcels: [box(1)] });
    const fedex = (await quotes(customer.token, orderId)).find((line) => line.serviceCode === 'FEDEX_GROUND');
    await buy(customer.token, orderId, fedex?.serviceId as number);
    await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: orderId, approve: false, reason: 'already picked up' },
    });
    expect((await info(customer.token)).earnestBalance).toBe('1.00');
    const unreleased = (await call(t.app, admin, { method: 'GET', url: '/api/admin/order/unRefunded' })).json().data
      .list;
    expect(unreleased.map((o: { id: number }) => o.id)).toContain(orderId);

    const released = await call(t.app, admin, { method: 'POST', url: `/api/admin/releaseEarnest/${customer.id}` });
    expect(released.json().data).toEqual({ released: '1.00', orders: [{ id: orderId, ok: true }] });
    expect((await info(customer.token)).earnestBalance).toBe('0.00');
    const again = await call(t.app, admin, { method: 'POST', url: `/api/admin/releaseEarnest/${customer.id}` });
    expect(again.json().data).toEqual({ released: '0.00', orders: [] });
    const twice = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/order/releaseEarnest',
      payload: { ids: [orderId] },
    });
    expect(twice.json().data[0]).toMatchObject({ id: orderId, ok: false });
    await ledgerIsWhole(customer.id);
  });

  test('a lower bill refunds the difference', async () => {
    const customer = await fundedCustomer('100.00');
    const { orderId } = await draft(customer.token, { parcels: [box(1)] });
    const ups = (await quotes(customer.token, orderId)).find((line) => line.serviceCode === 'UPS_GROUND');
    await buy(customer.token, orderId, ups?.serviceId as number);
    const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const bill = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/billed',
      payload: { id: orderId, cost: (((order.cost as number) - 200) / 100).toFixed(2), wrongDimensions: true },
    });
    expect(bill.json().data).toEqual({ difference: '-2.20', penalty: '0.00' });
    await ledgerIsWhole(customer.id);
  });
});

describe('what cannot be bought', () => {
  test('short funds: refused with a clear message, nothing charged, the order stays a draft', async () => {
    const customer = await fundedCustomer('0');
    const { orderId } = await draft(customer.token);
    const line = (await quotes(customer.token, orderId))[0];
    const res = await buy(customer.token, orderId, line?.serviceId as number);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Insufficient funds');
    expect((await detail(customer.token, orderId)).status).toBe(0);
    expect(await t.ctx.db.selectFrom('balance_logs').select('id').where('user_id', '=', customer.id).execute()).toEqual(
      [],
    );
  });

  test('a draft edited after it was read for a purchase (as a batch reads its chunk) is not bought', async () => {
    const customer = await fundedCustomer('80.00');
    const { orderId } = await draft(customer.token);
    const line = (await quotes(customer.token, orderId))[0];
    const asRead = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const parcels = await t.ctx.db.selectFrom('parcels').selectAll().where('order_id', '=', orderId).execute();
    const edited = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { orderId, from, to: { ...to, addressLine1: '20 W 34th St' }, parcels: [box(2, '150.00'), box(1)] },
    });
    expect(edited.statusCode).toBe(200);

    const auth = {
      userId: customer.id,
      actorId: null,
      username: '',
      kind: 'customer',
      codes: [],
      roles: [],
      sessionId: 0,
    };
    await expect(
      buyLabel(t.ctx, auth, orderId, line?.serviceId as number, 'en-US', { order: asRead, parcels }),
    ).rejects.toMatchObject({ statusCode: 409, key: 'orderChangedMeanwhile' });
    expect((await detail(customer.token, orderId)).status).toBe(0);
    expect(
      await t.ctx.db
        .selectFrom('balance_logs')
        .select('id')
        .where('reference_type', '=', 'order')
        .where('reference_id', '=', orderId)
        .execute(),
    ).toEqual([]);
    // Bought as it now reads, it goes through.
    expect((await buy(customer.token, orderId, line?.serviceId as number)).statusCode).toBe(200);
  });

  test('a failing carrier purchase refunds and leaves the order failed with the reason', async () => {
    const customer = await fundedCustomer('80.00');
    const { orderId } = await draft(customer.token, { parcels: [box(1)] });
    const usps = (await quotes(customer.token, orderId)).find((line) => line.serviceCode === 'USPS_PRIORITY_MAIL');
    const channel = await t.ctx.db
      .selectFrom('channels')
      .selectAll()
      .where('carrier_code', '=', 'USPS')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('channels')
      .set({ settings: '{"mailerId":"bad"}' })
      .where('id', '=', channel.id)
      .execute();
    try {
      const res = await buy(customer.token, orderId, usps?.serviceId as number);
      expect(res.statusCode).toBe(422);
      expect(res.json().data).toEqual({ orderId, status: 5 });
    } finally {
      await t.ctx.db.updateTable('channels').set({ settings: channel.settings }).where('id', '=', channel.id).execute();
    }
    const order = await detail(customer.token, orderId);
    expect(order.status).toBe(5);
    expect(order.failReason).not.toBe('');
    expect((await info(customer.token)).balance).toBe('80.00');
    await ledgerIsWhole(customer.id);
    // A failed order can be bought again once the cause is gone.
    expect((await buy(customer.token, orderId, usps?.serviceId as number)).json().data.status).toBe(1);
  });

  test('a purchase a crash left in 17 is refunded by the sweep once its claim lapses', async () => {
    const customer = await fundedCustomer('30.00');
    const { orderId, orderNo } = await draft(customer.token, { parcels: [box(1)] });
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('orders')
        .set({ status: 17, rate: 900, placing_until: Date.now() - 1 })
        .where('id', '=', orderId)
        .execute();
      await applyMovement(trx, {
        userId: customer.id,
        currency: 'USD',
        type: 1,
        amount: -900,
        reference: { type: 'order', id: orderId, no: orderNo },
        actorId: null,
      });
    });
    // The instance's own sweep may be first; either way the order is refunded once.
    await sweepLapsedPurchases(t.ctx);
    const order = await detail(customer.token, orderId);
    expect(order).toMatchObject({ status: 5, failReason: 'interrupted' });
    expect((await info(customer.token)).balance).toBe('30.00');
    await ledgerIsWhole(customer.id);
  });

  test('every service says why it cannot carry a battery mode it does not accept', async () => {
    const customer = await fundedCustomer('0');
    const { orderId } = await draft(customer.token, { batteryType: 'lithiumMetalStandalone' });
    for (const line of await quotes(customer.token, orderId)) {
      expect(line).toMatchObject({
        available: false,
        reason: 'Current mode battery status cannot be selected, contact the salesperson',
      });
    }
  });

  test('a parcel too heavy for one service is refused by it with the limit, others still quote', async () => {
    const customer = await fundedCustomer('0');
    const { orderId } = await draft(customer.token, { parcels: [box(100)] });
    const lines = await quotes(customer.token, orderId);
    expect(lines.find((line) => line.serviceCode === 'USPS_GROUND_ADVANTAGE')).toMatchObject({
      available: false,
      reason: 'over the maximum weight of 70 lb',
    });
    expect(lines.find((line) => line.serviceCode === 'UPS_GROUND')?.available).toBe(true);
  });

  test('bad order input names the fields: no parcel, over-insured, missing address', async () => {
    const customer = await fundedCustomer('0');
    const none = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from, to, parcels: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().data.fields.parcels).toBe('at least 1 parcel');
    const over = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from, to, parcels: [box(1, '50000.01')] },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().data.fields['parcels.0.insuredValue']).toBe('Declared value cannot exceed $50,000 per package');
    // What is given keeps its format even in a draft.
    const badZip = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from, to: { ...to, zipCode: '1011' }, parcels: [box(1)] },
    });
    expect(badZip.statusCode).toBe(400);
    expect(Object.keys(badZip.json().data.fields)).toEqual(['to.zipCode']);
    expect(await t.ctx.db.selectFrom('orders').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
    // An unsaved order is quoted only whole.
    const quoteUnsaved = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: { from, to: { ...to, addressLine1: '' }, parcels: [box(1)] },
    });
    expect(quoteUnsaved.statusCode).toBe(400);
    expect(Object.keys(quoteUnsaved.json().data.fields)).toEqual(['to.addressLine1']);
  });

  test('a half-filled draft saves with what it has; rating or buying it names what is missing, charging nothing', async () => {
    const customer = await fundedCustomer('50.00');
    const saved = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      headers: { 'accept-language': 'en-US' },
      payload: { from, to: { personName: 'Grace Buyer', zipCode: '10118' }, parcels: [{ weight: 2 }] },
    });
    expect(saved.statusCode).toBe(200);
    const { orderId } = saved.json().data;
    const shown = await detail(customer.token, orderId);
    expect(shown.to).toMatchObject({ personName: 'Grace Buyer', zipCode: '10118', city: '', addressLine1: '' });
    expect(shown.parcels[0]).toMatchObject({ length: 0, weight: 2 });

    const missing = {
      'to.stateCode': 'This field is required',
      'to.city': 'This field is required',
      'to.addressLine1': 'This field is required',
      'parcels.0.length': 'The size must be greater than 0',
      'parcels.0.width': 'The size must be greater than 0',
      'parcels.0.height': 'The size must be greater than 0',
    };
    const quote = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      headers: { 'accept-language': 'en-US' },
      payload: { orderId },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().data.fields).toEqual(missing);
    const balance = (await info(customer.token)).balance;
    const buy = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      headers: { 'accept-language': 'en-US' },
      payload: { orderId, serviceId: 1 },
    });
    expect(buy.statusCode).toBe(400);
    expect(buy.json().data.fields).toEqual(missing);
    expect((await info(customer.token)).balance).toBe(balance);
    expect((await detail(customer.token, orderId)).status).toBe(0);

    // Completed, it quotes.
    const completed = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { orderId, from, to, parcels: [box(2)] },
    });
    expect(completed.statusCode).toBe(200);
    expect((await quotes(customer.token, orderId)).some((line) => line.available)).toBe(true);
  });

  test("a customer cannot see, buy or cancel another customer's order", async () => {
    const owner = await fundedCustomer('0');
    const other = await fundedCustomer('50.00');
    const { orderId } = await draft(owner.token);
    expect(
      (await call(t.app, other.token, { method: 'GET', url: `/api/app/order/detail/${orderId}` })).statusCode,
    ).toBe(404);
    expect((await buy(other.token, orderId, 1)).statusCode).toBe(404);
    const list = (await call(t.app, other.token, { method: 'GET', url: '/api/app/order/orders' })).json().data;
    expect(list.list.map((o: { id: number }) => o.id)).not.toContain(orderId);
  });

  test('a draft is cancelled at once (4), without money, and can come back to draft', async () => {
    const customer = await fundedCustomer('0');
    const { orderId } = await draft(customer.token);
    const res = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [orderId] },
    });
    expect(res.json().data).toEqual([{ id: orderId, ok: true }]);
    const cancelled = await detail(customer.token, orderId);
    expect(cancelled.status).toBe(4);
    expect(cancelled.timeline.at(-1)).toMatchObject({ event: 'cancelled', title: 'Order cancelled' });
    await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/backToDraft',
      payload: { ids: [orderId] },
    });
    expect((await detail(customer.token, orderId)).status).toBe(0);
    expect(await t.ctx.db.selectFrom('balance_logs').select('id').where('user_id', '=', customer.id).execute()).toEqual(
      [],
    );
  });

  test("a seller's staff routes see their own customers' orders only", async () => {
    const seller = await createStaff(t, admin, ['seller'], { invitationCode: 'SELLER-ONE' });
    const theirs = await createActiveCustomer(t, admin, undefined, undefined, { invitationCode: 'SELLER-ONE' });
    const stranger = await fundedCustomer('0');
    const own = (await draft(theirs.token)).orderId;
    const other = (await draft(stranger.token)).orderId;
    const get = (id: number) => call(t.app, seller.token, { method: 'GET', url: `/api/admin/order/detail/${id}` });
    expect((await get(own)).statusCode).toBe(200);
    expect((await get(other)).statusCode).toBe(404);
    const list = (await call(t.app, seller.token, { method: 'GET', url: '/api/admin/order/orders' })).json().data.list;
    expect(list.map((o: { id: number }) => o.id)).toEqual([own]);
    const copy = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/order/order/copy',
      payload: { id: other },
    });
    expect(copy.statusCode).toBe(404);
  });

  test("staff lists name each order's customer and find orders by part of the customer's account or name", async () => {
    const seller = await createStaff(t, admin, ['seller'], { invitationCode: 'SELLER-TWO' });
    const theirs = await createActiveCustomer(t, admin, `grace.hopper${Date.now() % 100000}@shop.test`, undefined, {
      invitationCode: 'SELLER-TWO',
    });
    const stranger = await fundedCustomer('0');
    const own = (await draft(theirs.token)).orderId;
    await draft(stranger.token);
    const list = async (token: string, query: string) =>
      (await call(t.app, token, { method: 'GET', url: `/api/admin/order/orders?${query}` })).json().data.list as {
        id: number;
        customer?: { account: string; name: string };
      }[];
    const found = await list(admin, 'customer=GRACE.hop');
    expect(found.map((order) => order.id)).toEqual([own]);
    expect(found[0]?.customer?.account).toBe(theirs.email);
    // A seller finds only among their own customers, whatever they type.
    expect((await list(seller.token, `customer=${encodeURIComponent(stranger.email.slice(0, 8))}`)).length).toBe(0);
    // A merchant's own list does not name the merchant back.
    const mine = (await call(t.app, theirs.token, { method: 'GET', url: '/api/app/order/orders' })).json().data.list;
    expect(mine[0].customer).toBeUndefined();
  });

  test('copy to draft makes a new order with the same parcels', async () => {
    const customer = await fundedCustomer('0');
    const { orderId, orderNo } = await draft(customer.token);
    const copy = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/order/copy', payload: { id: orderId } })
    ).json().data;
    expect(copy.orderNo).not.toBe(orderNo);
    const copied = await detail(customer.token, copy.orderId);
    expect(copied.status).toBe(0);
    expect(copied.parcels.map((p: { weight: number; insuredValue: string }) => [p.weight, p.insuredValue])).toEqual([
      [2, '150.00'],
      [1, '0.00'],
    ]);
    const drafts = (await call(t.app, customer.token, { method: 'GET', url: '/api/app/order/orders?status=0' })).json()
      .data;
    expect(drafts.total).toBe(2);
  });
});

describe('orders whose ledger does not add up', () => {
  test('none after every flow above; a refund row gone missing is found', async () => {
    expect(await doubtfulOrders()).toEqual([]);
    const customer = await fundedCustomer('50.00');
    const { orderId, orderNo } = await draft(customer.token, { parcels: [box(1)] });
    const line = (await quotes(customer.token, orderId)).find((l) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
    await buy(customer.token, orderId, line?.serviceId as number);
    expect(await doubtfulOrders()).toEqual([]);
    // A stray ledger row against the order (as a bad manual fix would leave) makes it doubtful.
    await t.ctx.db.transaction().execute((trx) =>
      applyMovement(trx, {
        userId: customer.id,
        currency: 'USD',
        type: 2,
        amount: 100,
        reference: { type: 'order', id: orderId, no: orderNo },
        actorId: null,
      }),
    );
    expect(await doubtfulOrders()).toEqual([expect.objectContaining({ orderId, orderNo, net: expect.any(String) })]);
  });
});

describe('order review', () => {
  test('staff approve a bought label once, or reject it with a reason the customer sees and a refund', async () => {
    const customer = await fundedCustomer('60.00');
    const bought: number[] = [];
    for (let i = 0; i < 2; i++) {
      const { orderId } = await draft(customer.token, { parcels: [box(1)] });
      const line = (await quotes(customer.token, orderId)).find((l) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
      await buy(customer.token, orderId, line?.serviceId as number);
      bought.push(orderId);
    }
    const [approvedId, rejectedId] = bought as [number, number];
    const pending = async () =>
      (
        await call(t.app, admin, {
          method: 'GET',
          url: `/api/admin/order/orders?pendingReview=true&userId=${customer.id}`,
        })
      )
        .json()
        .data.list.map((o: { id: number }) => o.id);
    expect((await pending()).sort()).toEqual([...bought].sort());

    const review = (payload: object) => call(t.app, admin, { method: 'POST', url: '/api/admin/order/review', payload });
    expect((await review({ id: approvedId, approve: true })).statusCode).toBe(200);
    expect((await review({ id: approvedId, approve: true })).statusCode).toBe(422);
    expect((await review({ id: rejectedId, approve: false, reason: '' })).statusCode).toBe(400);
    expect((await review({ id: rejectedId, approve: false, reason: 'prohibited contents' })).statusCode).toBe(200);
    expect(await pending()).toEqual([]);

    expect((await detail(customer.token, approvedId)).status).toBe(1);
    expect(await detail(customer.token, rejectedId)).toMatchObject({ status: 16, auditInfo: 'prohibited contents' });
    const refund = await t.ctx.db
      .selectFrom('balance_logs')
      .select('amount')
      .where('reference_id', '=', rejectedId)
      .where('type', '=', 2)
      .execute();
    expect(refund).toHaveLength(1);
    await ledgerIsWhole(customer.id);
  });

  test('the review desk (adminChannel alone) lists and reads the labels it reviews, not every waybill', async () => {
    const customer = await fundedCustomer('30.00');
    const { orderId } = await draft(customer.token, { parcels: [box(1)] });
    const line = (await quotes(customer.token, orderId)).find((l) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
    await buy(customer.token, orderId, line?.serviceId as number);
    const code = `review${Date.now() % 100000}`;
    const made = await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code, name: 'Review desk', resources: ['menuSystem', 'adminChannel'] },
    });
    expect(made.statusCode).toBe(200);
    const desk = await createStaff(t, admin, [code]);
    const get = (url: string) => call(t.app, desk.token, { method: 'GET', url });

    const listed = await get(`/api/admin/order/review?userId=${customer.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.list.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect((await get(`/api/admin/order/detail/${orderId}`)).json().data).toMatchObject({ id: orderId, status: 1 });
    expect((await get('/api/admin/order/orders')).statusCode).toBe(403);
    const review = { method: 'POST' as const, url: '/api/admin/order/review', payload: { id: orderId, approve: true } };
    expect((await call(t.app, desk.token, review)).statusCode).toBe(200);
    expect((await get(`/api/admin/order/review?userId=${customer.id}`)).json().data.list).toEqual([]);
  });

  test('customer service and a seller read waybills but settle no bill: that moves platform money', async () => {
    const customer = await fundedCustomer('30.00');
    const { orderId } = await draft(customer.token, { parcels: [box(1)] });
    const line = (await quotes(customer.token, orderId)).find((l) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
    await buy(customer.token, orderId, line?.serviceId as number);
    const before = await info(customer.token);
    for (const role of ['customerService', 'seller']) {
      const staff = await createStaff(t, admin, [role]);
      const settle = {
        method: 'POST' as const,
        url: '/api/admin/order/billed',
        payload: { id: orderId, cost: '0.01' },
      };
      expect({ role, status: (await call(t.app, staff.token, settle)).statusCode }).toEqual({ role, status: 403 });
    }
    expect(await info(customer.token)).toEqual(before);
    const finance = await createStaff(t, admin, ['finance']);
    const settled = await call(t.app, finance.token, {
      method: 'POST',
      url: '/api/admin/order/billed',
      payload: { id: orderId, cost: '0.01' },
    });
    expect(settled.statusCode).toBe(200);
    await ledgerIsWhole(customer.id);
  });
});
