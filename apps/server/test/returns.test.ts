import { FUND_TYPE, ORDER_STATUS, ROLE, TRACKING_STATUS } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRESETS } from '../src/modules/bills/presets.ts';
import { findDoubtfulOrders, findDoubtfulWallets } from '../src/modules/funds/ledger.ts';
import { sweepLapsedReturns } from '../src/modules/returns/lapse.ts';
import { applyEvents } from '../src/modules/tracking/apply.ts';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  createStaff,
  fundWallet,
  type Json,
  labelAddress,
  loginToken,
  multipart,
  startApp,
  type TestApp,
  usdWallet,
} from './helpers.ts';

let t: TestApp;
let admin: string;
let merchant: Awaited<ReturnType<typeof createActiveCustomer>>;
let other: Awaited<ReturnType<typeof createActiveCustomer>>;
let outbound: { orderId: number; tracking: string };

beforeAll(async () => {
  // 127.0.0.2: a webhook endpoint's address the test may use (nothing listens there; events are read as recorded).
  t = await startApp({ webhookAllowedHosts: ['127.0.0.2'] });
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  merchant = await createActiveCustomer(t, admin);
  other = await createActiveCustomer(t, admin);
  await fundWallet(t.app, admin, merchant.id, '100');
  await fundWallet(t.app, admin, other.id, '100');
  outbound = await buyLabel(t.app, merchant.token);
});

afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

async function draftReturn(token: string, payload: Json) {
  return call(t.app, token, { method: 'POST', url: '/api/app/returns', payload });
}

/** A return of the outbound order (the merchant's, else the one given), bought on the demo USPS Ground Advantage service. */
async function boughtReturn(payOnUse: boolean, token = merchant.token, outboundId = outbound.orderId) {
  const drafted = await draftReturn(token, { outboundId });
  expect(drafted.statusCode).toBe(200);
  const id = drafted.json().data.orderId as number;
  const rates = await call(t.app, token, { method: 'POST', url: `/api/app/returns/${id}/rates` });
  expect(rates.statusCode).toBe(200);
  const line = rates.json().data.find((l: Json) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
  const bought = await call(t.app, token, {
    method: 'POST',
    url: `/api/app/returns/${id}/buy`,
    payload: { serviceId: line.serviceId, payOnUse },
  });
  expect(bought.statusCode).toBe(200);
  return { id, line, view: bought.json().data };
}

/** The ledger rows tied to an order. */
function ledgerOf(orderId: number) {
  return t.ctx.db
    .selectFrom('balance_logs')
    .select(['amount', 'type', 'remark'])
    .where('reference_type', '=', 'order')
    .where('reference_id', '=', orderId)
    .execute();
}

/** The carrier's scan of each of the order's parcels, as its tracking reports it (`status`, at `at`). */
async function scan(orderId: number, status: number = TRACKING_STATUS.inTransit, at = Date.now()) {
  const parcels = await t.ctx.db
    .selectFrom('parcels')
    .select(['id', 'tracking_no', 'tracking_status'])
    .where('order_id', '=', orderId)
    .execute();
  for (const parcel of parcels) {
    await applyEvents(
      t.ctx,
      {
        parcelId: parcel.id,
        orderId,
        trackingNo: parcel.tracking_no as string,
        status: parcel.tracking_status,
      },
      [{ status, description: 'Accepted at USPS Origin Facility', location: 'NEW YORK, NY', occurredAt: at }],
    );
  }
}

describe('a return label from a bought order', () => {
  test('swaps sender and recipient, copies the parcels and is an order of its own kind', async () => {
    const drafted = await draftReturn(merchant.token, { outboundId: outbound.orderId });
    expect(drafted.statusCode).toBe(200);
    const id = drafted.json().data.orderId;
    const detail = (await call(t.app, merchant.token, { method: 'GET', url: `/api/app/order/detail/${id}` })).json()
      .data;
    expect(detail.kind).toBe('return');
    expect(detail.from.zipCode).toBe('10118');
    expect(detail.to.zipCode).toBe('90210');
    expect(detail.parcels).toHaveLength(1);
  });

  test('a return of a return, or of an order not bought, is refused', async () => {
    const { id } = await boughtReturn(false);
    expect((await draftReturn(merchant.token, { outboundId: id })).statusCode).toBe(422);
    const draft = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        from: labelAddress('90210', 'Beverly Hills', 'CA'),
        to: labelAddress('10118', 'New York', 'NY'),
        parcels: [{ length: 5, width: 5, height: 5, weight: 1 }],
      },
    });
    const res = await draftReturn(merchant.token, { outboundId: draft.json().data.orderId });
    expect(res.statusCode).toBe(422);
  });

  test('the demo channel offers it paid on use, with its validity', async () => {
    const drafted = await draftReturn(merchant.token, { outboundId: outbound.orderId });
    const id = drafted.json().data.orderId;
    const rates = (await call(t.app, merchant.token, { method: 'POST', url: `/api/app/returns/${id}/rates` })).json()
      .data;
    const line = rates.find((l: Json) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
    expect(line).toMatchObject({ payOnUse: true, validityDays: 30 });
  });
});

describe('paid on use', () => {
  test('free when made, charged once at the first scan, even for concurrent duplicate scans', async () => {
    const listening = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/webhooks/endpoints',
      payload: { url: 'http://127.0.0.2:9/hooks', eventTypes: ['return.used'], description: 'returns' },
    });
    expect(listening.statusCode).toBe(200);
    const before = await usdWallet(t, merchant.id);
    const { id, line, view } = await boughtReturn(true);
    expect(view).toMatchObject({ payOnUse: true, charged: '0.00', usedAt: null, outboundId: outbound.orderId });
    expect(Date.parse(view.validUntil) - Date.now()).toBeGreaterThan(29 * DAY);
    expect(view.link).toMatch(/^\/r\/[A-Za-z0-9_-]{32}$/);
    expect(await usdWallet(t, merchant.id)).toEqual(before);
    expect(await ledgerOf(id)).toEqual([]);

    // The same scan reported twice at once (a refresh round and a carrier push, two instances).
    const at = Date.now();
    await Promise.all([scan(id, TRACKING_STATUS.inTransit, at), scan(id, TRACKING_STATUS.inTransit, at)]);
    const total = Math.round(Number(line.total) * 100);
    expect((await usdWallet(t, merchant.id)).balance).toBe(before.balance - total);
    const rows = await ledgerOf(id);
    expect(rows).toEqual([{ amount: -total, type: 1, remark: 'returnUsed' }]);

    // Later scans, delivery included, charge nothing more.
    await scan(id, TRACKING_STATUS.outForDelivery, at + 1000);
    await scan(id, TRACKING_STATUS.delivered, at + 2000);
    expect(await ledgerOf(id)).toHaveLength(1);
    // The merchant's endpoint is told once, with the charge.
    const told = await t.ctx.db
      .selectFrom('webhook_events')
      .select('body')
      .where('type', '=', 'return.used')
      .where('source_key', '=', `return:${id}`)
      .execute();
    expect(told.map((row) => JSON.parse(row.body).data)).toEqual([
      expect.objectContaining({ orderId: id, returnOf: outbound.orderId, currency: 'USD', amount: line.total }),
    ]);
    const after = (await call(t.app, merchant.token, { method: 'GET', url: `/api/app/order/returns/${id}` })).json()
      .data;
    expect(after.return).toMatchObject({ charged: line.total, status: ORDER_STATUS.delivered });
    expect(after.return.usedAt).not.toBeNull();
    expect(await findDoubtfulOrders(t.ctx.db)).toEqual([]);
    expect(await findDoubtfulWallets(t.ctx.db)).toEqual([]);
  });

  test('buying a bought return again changes nothing: it is still charged at its first scan', async () => {
    const { id, line } = await boughtReturn(true);
    const again = await call(t.app, merchant.token, {
      method: 'POST',
      url: `/api/app/returns/${id}/buy`,
      payload: { serviceId: line.serviceId, payOnUse: false },
    });
    expect(again.statusCode).toBe(422);
    expect(await ledgerOf(id)).toEqual([]);
    await scan(id);
    expect(await ledgerOf(id)).toEqual([
      { amount: -Math.round(Number(line.total) * 100), type: 1, remark: 'returnUsed' },
    ]);
  });

  test('concurrent first scans of separate requests charge once', async () => {
    const { id } = await boughtReturn(true);
    const at = Date.now();
    await Promise.all(Array.from({ length: 5 }, () => scan(id, TRACKING_STATUS.inTransit, at)));
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  test('a return never scanned costs nothing and lapses after its validity', async () => {
    const before = await usdWallet(t, merchant.id);
    const { id, view } = await boughtReturn(true);
    // Not yet lapsed the day before.
    expect(await sweepLapsedReturns(t.ctx, Date.parse(view.validUntil) - DAY)).toBe(0);
    expect(await sweepLapsedReturns(t.ctx, Date.parse(view.validUntil) + 1)).toBeGreaterThanOrEqual(1);
    const order = (await call(t.app, merchant.token, { method: 'GET', url: `/api/app/order/detail/${id}` })).json()
      .data;
    expect(order.status).toBe(ORDER_STATUS.voided);
    // A scan after the lapse is not charged either.
    await scan(id);
    expect(await ledgerOf(id)).toEqual([]);
    expect(await usdWallet(t, merchant.id)).toEqual(before);
    const page = await call(t.app, null, { method: 'GET', url: `/api/public/returns/${view.link.slice(3)}` });
    expect(page.json().data.state).toBe('lapsed');
    const label = await call(t.app, null, { method: 'GET', url: `/api/public/returns/${view.link.slice(3)}/label` });
    expect(label.statusCode).toBe(409);
    expect(await findDoubtfulOrders(t.ctx.db)).toEqual([]);
  });
});

describe('charged when bought', () => {
  test('is charged once at purchase and not again at the scan', async () => {
    const before = await usdWallet(t, merchant.id);
    const { id, line, view } = await boughtReturn(false);
    const total = Math.round(Number(line.total) * 100);
    expect(view).toMatchObject({ payOnUse: false, validUntil: null, charged: line.total });
    expect((await usdWallet(t, merchant.id)).balance).toBe(before.balance - total);
    await scan(id);
    await scan(id, TRACKING_STATUS.delivered, Date.now() + 1000);
    expect(await ledgerOf(id)).toEqual([{ amount: -total, type: 1, remark: '' }]);
  });
});

describe('lists, links and the return page', () => {
  test('linked both ways and listed under their own filter', async () => {
    const { id } = await boughtReturn(true);
    const of = (
      await call(t.app, merchant.token, { method: 'GET', url: `/api/app/order/returns/${outbound.orderId}` })
    ).json().data;
    expect(of.kind).toBe('label');
    expect(of.returns.map((r: Json) => r.id)).toContain(id);
    const back = (await call(t.app, merchant.token, { method: 'GET', url: `/api/app/order/returns/${id}` })).json()
      .data;
    expect(back.return.outboundId).toBe(outbound.orderId);

    const list = (
      await call(t.app, merchant.token, { method: 'GET', url: '/api/app/order/orders?kind=return&pageSize=100' })
    ).json().data;
    expect(list.list.length).toBeGreaterThan(0);
    expect(list.list.every((o: Json) => o.kind === 'return')).toBe(true);
    expect(list.list.map((o: Json) => o.id)).toContain(id);
    const labels = (
      await call(t.app, merchant.token, { method: 'GET', url: '/api/app/order/orders?kind=label&pageSize=100' })
    ).json().data;
    expect(labels.list.map((o: Json) => o.id)).not.toContain(id);
  });

  test('the return label downloads as PDF and ZPL like any label', async () => {
    const { id } = await boughtReturn(true);
    for (const format of ['pdf', 'zpl']) {
      const res = await call(t.app, merchant.token, {
        method: 'GET',
        url: `/api/app/order/label/down?id=${id}&format=${format}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(format);
    }
  });

  test('the public page, without sign-in, shows only the label', async () => {
    const { view } = await boughtReturn(true);
    const link = view.link.slice(3);
    const page = await call(t.app, null, { method: 'GET', url: `/api/public/returns/${link}` });
    expect(page.statusCode).toBe(200);
    expect(Object.keys(page.json().data).sort()).toEqual(
      ['carrierCode', 'formats', 'qrCode', 'serviceName', 'state', 'trackingNo', 'validUntil'].sort(),
    );
    // The demo carrier offers no QR code: the label alone.
    expect(page.json().data).toMatchObject({ state: 'ready', trackingNo: view.trackingNo, qrCode: false });
    expect((await call(t.app, null, { method: 'GET', url: `/api/public/returns/${link}/qr` })).statusCode).toBe(404);
    const pdf = await call(t.app, null, { method: 'GET', url: `/api/public/returns/${link}/label?format=pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // Another id of the same form finds nothing; a malformed one is a 400.
    const guessed = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    expect((await call(t.app, null, { method: 'GET', url: `/api/public/returns/${guessed}` })).statusCode).toBe(404);
    expect((await call(t.app, null, { method: 'GET', url: '/api/public/returns/short' })).statusCode).toBe(400);
  });

  test('a return drafted but not bought shows nothing on its link', async () => {
    const drafted = await draftReturn(merchant.token, { outboundId: outbound.orderId });
    const id = drafted.json().data.orderId;
    const view = (await call(t.app, merchant.token, { method: 'GET', url: `/api/app/order/returns/${id}` })).json()
      .data;
    const page = await call(t.app, null, { method: 'GET', url: `/api/public/returns/${view.return.link.slice(3)}` });
    expect(page.statusCode).toBe(404);
  });
});

describe('a return on its own', () => {
  const from = labelAddress('10118', 'New York', 'NY');
  const parcels = [{ length: 5, width: 5, height: 5, weight: 1 }];

  test('needs the merchant address when no default sender is set', async () => {
    const res = await draftReturn(merchant.token, { from, parcels });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty('to');
  });

  test('goes to the given address', async () => {
    const res = await draftReturn(merchant.token, { from, parcels, to: labelAddress('90210', 'Beverly Hills', 'CA') });
    expect(res.statusCode).toBe(200);
    const view = (
      await call(t.app, merchant.token, { method: 'GET', url: `/api/app/order/returns/${res.json().data.orderId}` })
    ).json().data;
    expect(view.return.outboundId).toBeNull();
  });
});

describe('scopes', () => {
  test("another merchant cannot make, see or buy a merchant's returns", async () => {
    const { id } = await boughtReturn(true);
    expect((await draftReturn(other.token, { outboundId: outbound.orderId })).statusCode).toBe(404);
    expect(
      (await call(t.app, other.token, { method: 'GET', url: `/api/app/order/returns/${outbound.orderId}` })).statusCode,
    ).toBe(404);
    expect((await call(t.app, other.token, { method: 'POST', url: `/api/app/returns/${id}/rates` })).statusCode).toBe(
      404,
    );
    const buy = await call(t.app, other.token, {
      method: 'POST',
      url: `/api/app/returns/${id}/buy`,
      payload: { serviceId: 1, payOnUse: true },
    });
    expect(buy.statusCode).toBe(404);
    const list = (
      await call(t.app, other.token, { method: 'GET', url: '/api/app/order/orders?kind=return&pageSize=100' })
    ).json().data;
    expect(list.list.map((o: Json) => o.id)).not.toContain(id);
  });

  test("staff with the order list see their customers' returns", async () => {
    const { id } = await boughtReturn(true);
    const res = await call(t.app, admin, { method: 'GET', url: `/api/admin/order/returns/${outbound.orderId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.returns.map((r: Json) => r.id)).toContain(id);
  });
});

describe("the demo channel's simulated carrier", () => {
  test('walks an outbound label to delivered; its return is charged once at the first scan', async () => {
    const demoScan = (id: number, token = merchant.token) =>
      call(t.app, token, { method: 'POST', url: `/api/app/order/demoScan/${id}` });
    const sent = await buyLabel(t.app, merchant.token);
    let answer: Json;
    for (let step = 0; step < 5; step++) answer = (await demoScan(sent.orderId)).json().data;
    expect(answer).toEqual({ status: ORDER_STATUS.delivered, trackingStatus: TRACKING_STATUS.delivered });
    expect((await demoScan(sent.orderId, other.token)).statusCode).toBe(404);

    const id = (await draftReturn(merchant.token, { outboundId: sent.orderId })).json().data.orderId;
    const line = (await call(t.app, merchant.token, { method: 'POST', url: `/api/app/returns/${id}/rates` }))
      .json()
      .data.find((l: Json) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
    await call(t.app, merchant.token, {
      method: 'POST',
      url: `/api/app/returns/${id}/buy`,
      payload: { serviceId: line.serviceId, payOnUse: true },
    });
    expect((await demoScan(id)).json().data.status).toBe(ORDER_STATUS.pendingTransport);
    expect(await ledgerOf(id)).toEqual([]);
    expect((await demoScan(id)).json().data.status).toBe(ORDER_STATUS.inTransit);
    await demoScan(id);
    expect(await ledgerOf(id)).toEqual([
      { amount: -Math.round(Number(line.total) * 100), type: 1, remark: 'returnUsed' },
    ]);
  });
});

describe("a proxy's customer's pay-on-use return", () => {
  /** A proxy (10 % and 0.50 over its own price), its funded customer, and that customer's bought outbound label. */
  async function proxyCustomer() {
    const proxy = await createStaff(t, admin, [ROLE.proxy]);
    const set = await call(t.app, proxy.token, {
      method: 'POST',
      url: `/api/admin/proxyUpdate/${proxy.id}`,
      payload: { markupPercent: '10', markupFixed: '0.50' },
    });
    const customer = await createActiveCustomer(t, admin, undefined, undefined, {
      invitationCode: set.json().data.invitationCode,
    });
    await fundWallet(t.app, admin, customer.id, '100');
    return { proxy, customer, sent: await buyLabel(t.app, customer.token) };
  }

  test('credits the proxy its commission once, at the first scan with the charge; nothing before, nothing more after', async () => {
    const { proxy, customer, sent } = await proxyCustomer();
    const { id, line, view } = await boughtReturn(true, customer.token, sent.orderId);
    const demoScan = () => call(t.app, customer.token, { method: 'POST', url: `/api/app/order/demoScan/${id}` });
    const proxyBefore = Number((await usdWallet(t, proxy.id)).balance);
    const commissionRows = () =>
      t.ctx.db
        .selectFrom('balance_logs')
        .select(['user_id', 'amount', 'type'])
        .where('reference_type', '=', 'commission')
        .where('reference_id', '=', id)
        .execute();
    const order = () => t.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    // Free when made: no charge, no commission; the customer's view of it names no proxy share.
    await demoScan();
    expect(await commissionRows()).toEqual([]);
    expect(await order()).toMatchObject({ rate: 0, proxy_id: null, commission: 0 });
    expect(JSON.stringify(view)).not.toContain('commission');

    // Accepted by the carrier: charged, and the proxy credited in the same step.
    await demoScan();
    const charged = await order();
    const price = Math.round(Number(line.total) * 100);
    expect(charged.rate).toBe(price);
    // The commission is the proxy's markup over its own price (10 % and 0.50), as for a label charged when bought.
    expect(charged.commission).toBe(Math.round((price - charged.commission) * 0.1) + 50);
    expect(charged.proxy_id).toBe(proxy.id);
    expect(await commissionRows()).toEqual([
      { user_id: proxy.id, amount: charged.commission, type: FUND_TYPE.commission },
    ]);
    expect(Number((await usdWallet(t, proxy.id)).balance)).toBe(proxyBefore + charged.commission);

    // Scans up to delivery credit nothing more.
    for (let step = 0; step < 3; step++) await demoScan();
    expect(await commissionRows()).toHaveLength(1);
    expect(Number((await usdWallet(t, proxy.id)).balance)).toBe(proxyBefore + charged.commission);
    expect(await findDoubtfulWallets(t.ctx.db)).toEqual([]);
  });

  test('an unused one never credits the proxy', async () => {
    const { proxy, customer, sent } = await proxyCustomer();
    const { id } = await boughtReturn(true, customer.token, sent.orderId);
    await sweepLapsedReturns(t.ctx, Date.now() + 31 * DAY);
    const lapsed = await t.ctx.db
      .selectFrom('returns')
      .select('lapsed_at')
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(lapsed.lapsed_at).not.toBeNull();
    // The outbound label earned its commission when bought; the lapsed return earns none.
    const rows = await t.ctx.db
      .selectFrom('balance_logs')
      .select('reference_id')
      .where('user_id', '=', proxy.id)
      .execute();
    expect(rows.map((row) => Number(row.reference_id))).toEqual([sent.orderId]);
  });
});

describe("the carrier's bill", () => {
  /** A row of UPS's billing data file (no header row): the named columns of the layout, the others blank. */
  const upsRow = (cells: Record<string, string>) =>
    (PRESETS.ups.layout as readonly string[]).map((name) => cells[name] ?? '').join(',');

  test("a UPS invoice's return rows (RTN) for a pay-on-use return match what its first scan charged", async () => {
    const { id, view } = await boughtReturn(true);
    await scan(id);
    const order = await t.ctx.db
      .selectFrom('orders')
      .select(['cost', 'channel_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const cost = Number(order.cost);
    expect(cost).toBeGreaterThan(0);
    const parcel = { 'Invoice Number': '0000R1T2N3600', 'Tracking Number': view.trackingNo };
    // The return billed when used, on two rows coded as a return (freight and fuel).
    const file = [
      upsRow({
        ...parcel,
        'Charge Category Code': 'RTN',
        'Charge Description': 'Ground Return',
        'Net Amount': ((cost - 100) / 100).toFixed(2),
      }),
      upsRow({
        ...parcel,
        'Charge Category Code': 'RTN',
        'Charge Description': 'Fuel Surcharge',
        'Net Amount': '1.00',
      }),
    ].join('\n');
    const body = multipart('ups-returns.csv', Buffer.from(file), 'text/csv', {
      channelId: String(order.channel_id),
      preset: 'ups',
    });
    const answer = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/bills/preview',
      payload: body.payload,
      headers: body.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      counts: { matches: 1, adjustment: 0, credit: 0, unmatched: 0 },
      adjustments: '0.00',
      credits: '0.00',
    });
  });
});
