import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelConfig, ServiceConfig } from '../src/carriers/contract/channel.ts';
import { uspsAdapter } from '../src/carriers/usps/adapter.ts';
import { UpstreamError } from '../src/outbound/types.ts';
import { startUspsStandIn, type UspsStandIn } from '../standins/usps.ts';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';
import {
  adapterClient,
  expectThrottledThenBroken,
  merchantOn,
  testShipment,
  upstreamChannel,
} from './upstream-fixtures.ts';

const ACCOUNT = {
  clientId: 'usps-standin-client',
  clientSecret: 'usps-standin-secret-0123',
  crid: '56982563',
  mid: '904128936',
  accountNumber: '1000405525',
};

let t: TestApp;
let usps: UspsStandIn;
let admin: string;

beforeAll(async () => {
  [t, usps] = await Promise.all([startApp(), startUspsStandIn(ACCOUNT)]);
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await usps.close();
  await t.close();
});

/**
 * The channel settings for the stand-in's account, each under an app of its own (as registered on the
 * developer portal): tokens are kept per app, so each test starts without any.
 */
let nextApp = 0;
function settingsFor(extra: Record<string, unknown> = {}) {
  const clientId = `parcelport-app-${nextApp++}`;
  usps.registerApp(clientId, ACCOUNT.clientSecret);
  return { ...ACCOUNT, clientId, baseUrl: usps.url, timeoutMs: 1000, requestsPerHour: 0, ...extra };
}

describe('the USPS adapter against its stand-in', () => {
  let nextChannel = 9500;
  const channel = (settings: Record<string, unknown> = {}): ChannelConfig => ({
    id: nextChannel++,
    name: 'USPS',
    platformCode: 'usps',
    carrierCode: 'USPS',
    settings: uspsAdapter.channelSettings.parse(settingsFor(settings)),
  });
  const service = (id: number, mailClass: string, rateIndicator = 'SP'): ServiceConfig => ({
    id,
    channelId: 1,
    code: `${mailClass}_${rateIndicator}`,
    name: mailClass,
    carrierCode: 'USPS',
    settings: uspsAdapter.serviceSettings.parse({ mailClass, rateIndicator }),
    version: 1,
  });
  const depsOf = (config: ChannelConfig) => adapterClient(t, uspsAdapter, config);
  const purchase = (config: ChannelConfig, reference: string, parcels = 2) => {
    const remembered: string[] = [];
    return {
      remembered,
      request: {
        channel: config,
        service: service(2, 'PRIORITY_MAIL'),
        shipment: testShipment(parcels),
        idempotencyKey: `${reference}:1`,
        reference,
        nextNumbers: async () => {
          throw new Error('USPS numbers its own labels');
        },
        remember: async (id: string) => void remembered.push(id),
      },
    };
  };

  test("rates: each service's own terms searched once per parcel (services buying alike share a search), one token", async () => {
    const config = channel();
    const { deps, logged } = depsOf(config);
    const before = usps.tokensIssued.oauth;
    const services = [
      service(1, 'USPS_GROUND_ADVANTAGE'),
      service(2, 'PRIORITY_MAIL'),
      service(3, 'PRIORITY_MAIL', 'FE'),
      service(4, 'MEDIA_MAIL'),
      // Bought exactly as service 2: priced from the same search.
      service(5, 'PRIORITY_MAIL'),
    ];
    const rates = await uspsAdapter.rate({ channel: config, services, shipment: testShipment() }, deps);
    // 1 lb and 2 lb at the stand-in's made-up prices: Ground Advantage 5.20 + 6.05, Priority 9.10 + 10.50.
    expect(rates[0]).toMatchObject({ ok: true, serviceId: 1, costCents: 520 + 605, deliveryDays: 5 });
    expect(rates[1]).toMatchObject({ ok: true, serviceId: 2, costCents: 910 + 1050, deliveryDays: 2 });
    expect(rates[1]).toMatchObject({ parcels: [{ charges: { base: 910 } }, { charges: { base: 1050 } }] });
    expect(rates[2]).toMatchObject({ ok: true, serviceId: 3, costCents: 1015 * 2 });
    expect(rates[3]).toEqual({ ok: false, serviceId: 4, reason: 'notQuoted' });
    expect(rates[4]).toMatchObject({ ok: true, serviceId: 5, costCents: 910 + 1050 });
    // Rated again: the token is kept, not fetched again.
    await uspsAdapter.rate({ channel: config, services, shipment: testShipment(1) }, deps);
    expect(usps.tokensIssued.oauth - before).toBe(1);
    const rows = await logged();
    // Four distinct terms: 4 searches for each of the 2 parcels, then 4 for the 1 parcel.
    expect(rows.map((row) => row.operation)).toEqual(['auth', ...Array<string>(8 + 4).fill('rate')]);
    // The token call's secret and the token answered never reach the log.
    expect(rows[0]?.request_body).not.toContain(ACCOUNT.clientSecret);
    expect(rows[0]?.response_body).toContain('[redacted]');
  });

  test("a refused address is a bad request on our field with USPS's words; a wrong secret is an authentication failure", async () => {
    const config = channel();
    const refused = await uspsAdapter
      .purchase(
        {
          ...purchase(config, 'PP-US-0', 1).request,
          shipment: { ...testShipment(1), to: { ...testShipment(1).to, zipCode: '00000' } },
        },
        depsOf(config).deps,
      )
      .catch((error: unknown) => error as UpstreamError);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ kind: 'badRequest', details: { status: 400, field: 'to.zipCode' } });
    expect((refused as UpstreamError).message).toBe('Address Not Found.');
    const wrong = channel({ clientSecret: 'not-the-secret' });
    const denied = await uspsAdapter
      .rate({ channel: wrong, services: [service(1, 'PRIORITY_MAIL')], shipment: testShipment(1) }, depsOf(wrong).deps)
      .catch((error: unknown) => error as UpstreamError);
    expect(denied).toMatchObject({ kind: 'auth', details: { status: 401 } });
  });

  test('429 waits as long as Retry-After says; a broken body is transient and retried', async () => {
    const config = channel();
    const { deps, waits, logged } = depsOf(config);
    usps.fail('POST /shipments/v3/options/search', { kind: 'status', status: 429, retryAfterSeconds: 3 });
    usps.fail('POST /shipments/v3/options/search', { kind: 'malformed' });
    const [rated] = await uspsAdapter.rate(
      { channel: config, services: [service(1, 'PRIORITY_MAIL')], shipment: testShipment(1) },
      deps,
    );
    expect(rated?.ok).toBe(true);
    const rows = (await logged()).filter((row) => row.operation === 'rate');
    expectThrottledThenBroken(waits, rows);
    expect(rows[0]?.error_message).toBe('Too Many Requests');
  });

  test('a purchase: paid through the account once, one label per parcel under the order number, PDFs kept', async () => {
    const config = channel();
    const { request, remembered } = purchase(config, 'PP-US-1');
    const payments = usps.tokensIssued.payment;
    const bought = await uspsAdapter.purchase(request, depsOf(config).deps);
    const made = usps.labelsByReference('PP-US-1');
    expect(made).toHaveLength(2);
    expect(bought.parcels.map((parcel) => parcel.trackingNumber)).toEqual(made.map((label) => label.trackingNumber));
    expect(bought.upstreamId).toBe(made.map((label) => label.trackingNumber).join(','));
    expect(usps.tokensIssued.payment - payments).toBe(1);
    // What was under way is remembered before each label call: none bought yet, then the first.
    expect(remembered).toEqual(['pending:', `pending:${made[0]?.trackingNumber}`]);
    for (const parcel of bought.parcels) {
      expect(parcel.document?.format).toBe('pdf');
      expect((await PDFDocument.load(parcel.document?.bytes as Buffer)).getPageCount()).toBe(1);
    }
  });

  test('refused on the second parcel: the first label goes back to USPS, nothing is kept', async () => {
    const config = channel();
    const { request } = purchase(config, 'PP-US-2');
    usps.fail('POST /labels/v3/label', { kind: 'delay', ms: 0 }, 1);
    usps.fail('POST /labels/v3/label', { kind: 'status', status: 400 }, 1);
    const refused = await uspsAdapter.purchase(request, depsOf(config).deps).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'badRequest' });
    const made = usps.labelsByReference('PP-US-2');
    expect(made.map((label) => label.status)).toEqual(['canceled']);
  });

  test('a lost answer is never bought again; USPS cannot be asked, so findPurchase answers unknown until staff tell', async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const { request, remembered } = purchase(config, 'PP-US-3', 1);
    usps.fail('POST /labels/v3/label', { kind: 'lost' }, 1);
    const lost = await uspsAdapter.purchase(request, deps).catch((error: unknown) => error);
    expect(lost).toMatchObject({ kind: 'transient' });
    const made = usps.labelsByReference('PP-US-3');
    expect(made).toHaveLength(1);
    const asked = { channel: config, upstreamId: remembered.at(-1) as string, reference: 'PP-US-3' };
    expect(await uspsAdapter.findPurchase?.(asked, deps)).toBe('unknown');
    const found = await uspsAdapter.findPurchase?.(
      { ...asked, trackingNumbers: [made[0]?.trackingNumber as string] },
      deps,
    );
    expect(found).toMatchObject({ trackingNumber: made[0]?.trackingNumber, upstreamId: made[0]?.trackingNumber });
    expect(
      await uspsAdapter.findPurchase?.({ ...asked, trackingNumbers: ['9205000000000000000000'] }, deps),
    ).toBeNull();
  });

  test('void: a label never manifested is cancelled and refunded; a manifested one becomes a refund request', async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const first = await uspsAdapter.purchase(purchase(config, 'PP-US-4', 1).request, deps);
    const voidOf = (bought: typeof first) => ({
      channel: config,
      trackingNumbers: [bought.trackingNumber],
      upstreamId: bought.upstreamId ?? null,
      reference: 'PP-US-4',
    });
    expect(await uspsAdapter.void(voidOf(first), deps)).toEqual({ status: 'refunded' });
    expect(usps.labels.get(first.trackingNumber)?.status).toBe('canceled');
    expect(await uspsAdapter.void(voidOf(first), deps)).toMatchObject({ status: 'rejected' });

    const second = await uspsAdapter.purchase(purchase(config, 'PP-US-5', 1).request, deps);
    usps.manifest(second.trackingNumber);
    const disputed = await uspsAdapter.void(voidOf(second), deps);
    expect(disputed).toMatchObject({ status: 'pending' });
    expect(disputed.message).toMatch(/USPS refund requests \d+/);
    // USPS settles refund requests on the account statement: asking again sends nothing.
    const calls = usps.requests.length;
    expect(await uspsAdapter.voidStatus?.(voidOf(second), deps)).toEqual({ status: 'pending' });
    expect(usps.requests.length).toBe(calls);
  });

  test('a token USPS revoked fails one call; the next fetches a new one', async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const rate = () =>
      uspsAdapter.rate({ channel: config, services: [service(1, 'PRIORITY_MAIL')], shipment: testShipment(1) }, deps);
    await rate();
    usps.revokeTokens();
    expect(await rate().catch((error: unknown) => error)).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect((await rate())[0]).toMatchObject({ ok: true });
  });

  test('tracking: USPS scans as our tracking states', async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const bought = await uspsAdapter.purchase(purchase(config, 'PP-US-6', 1).request, deps);
    usps.scan(bought.trackingNumber, 'USPS in possession of item', 'RICHMOND', 'VA');
    usps.scan(bought.trackingNumber, 'Out for Delivery', 'NEW YORK', 'NY');
    const tracked = await uspsAdapter.track?.(
      { channel: config, parcels: [{ trackingNumber: bought.trackingNumber, carrierCode: 'USPS' }] },
      deps,
    );
    const events = tracked?.get(bought.trackingNumber) ?? [];
    expect(events.map((event) => [event.status, event.location])).toEqual([
      [4, 'NEW YORK, NY'],
      [2, 'RICHMOND, VA'],
      [1, ''],
    ]);
  });
});

describe('a USPS channel through the platform', () => {
  const onChannel = (extra: Record<string, unknown> = {}) =>
    upstreamChannel(t, admin, 'usps', settingsFor(extra), { mailClass: 'PRIORITY_MAIL', rateIndicator: 'SP' });

  test('a merchant is quoted, buys, downloads the label and cancels; the label is cancelled at USPS', async () => {
    const { channelId, serviceId } = await onChannel();
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00' });
    const quoted = await call(t.app, merchant.customer.token, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: { orderId: merchant.orderId },
    });
    const line = quoted.json().data.find((entry: { serviceId: number }) => entry.serviceId === serviceId);
    expect(line).toMatchObject({ available: true, deliveryDays: 2 });

    expect((await merchant.buy(serviceId)).statusCode).toBe(200);
    const order = await merchant.order();
    expect(order.status).toBe(1);
    const made = usps.labelsByReference(merchant.orderNo);
    expect(made).toHaveLength(2);
    expect(order.tracking_no).toBe(made[0]?.trackingNumber);
    const pdf = await call(t.app, merchant.customer.token, {
      method: 'GET',
      url: `/api/app/order/label/down?id=${merchant.orderId}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(2);

    await call(t.app, merchant.customer.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [merchant.orderId] },
    });
    expect(await merchant.order()).toMatchObject({ status: 6, carrier_refund: 'refunded' });
    expect(made.map((label) => label.status)).toEqual(['canceled', 'canceled']);
  });

  test('cut off at USPS: the order waits for staff, who are told once, and settle it with the label they found', async () => {
    const { channelId, serviceId } = await onChannel({ breakerFailures: 100 });
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    const adminId = (
      await t.ctx.db.selectFrom('users').select('id').where('username', '=', ADMIN.username).executeTakeFirstOrThrow()
    ).id;
    const todos = () =>
      t.ctx.db
        .selectFrom('user_messages')
        .select('content')
        .where('user_id', '=', adminId)
        .where('content', 'like', `%${merchant.orderNo}%`)
        .execute();
    usps.fail('POST /labels/v3/label', { kind: 'lost' }, 1);
    expect((await merchant.buy(serviceId)).statusCode).toBe(504);
    await merchant.lapseAndSweep();
    await merchant.lapseAndSweep();
    // Never bought twice, never refunded blindly: the order waits in 17, and staff were told once.
    expect(await merchant.order()).toMatchObject({ status: 17 });
    expect(usps.labelsByReference(merchant.orderNo)).toHaveLength(1);
    expect(await todos()).toHaveLength(1);
    const charged = await merchant.balance();
    expect(charged).toBeLessThan(10_000);

    const listed = await call(t.app, admin, { method: 'GET', url: '/api/admin/order/unconfirmedPurchases' });
    expect(listed.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: merchant.orderId, orderNo: merchant.orderNo, parcelCount: 1, isTest: false }),
      ]),
    );
    const merchantLooks = await call(t.app, merchant.customer.token, {
      method: 'GET',
      url: '/api/admin/order/unconfirmedPurchases',
    });
    expect(merchantLooks.statusCode).toBe(403);

    const settle = (trackingNumbers: string[]) =>
      call(t.app, admin, {
        method: 'POST',
        url: `/api/admin/order/unconfirmedPurchases/${merchant.orderId}/settle`,
        payload: { trackingNumbers },
      });
    const tooMany = await settle(['9205000000000000000001', '9205000000000000000002']);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().data.fields).toEqual({ trackingNumbers: expect.any(String) });
    const wrong = await settle(['9205000000000000000001']);
    expect(wrong.statusCode).toBe(400);
    expect(await merchant.order()).toMatchObject({ status: 17 });

    const found = usps.labelsByReference(merchant.orderNo)[0]?.trackingNumber as string;
    const settled = await settle([found]);
    expect(settled.statusCode).toBe(200);
    expect(settled.json().data).toEqual({ status: 1, trackingNo: found });
    expect(await merchant.order()).toMatchObject({ status: 1, tracking_no: found });
    expect(await merchant.balance()).toBe(charged);
    const pdf = await call(t.app, merchant.customer.token, {
      method: 'GET',
      url: `/api/app/order/label/down?id=${merchant.orderId}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect((await settle([found])).statusCode).toBe(422);
  });

  test('staff who find no label settle it as not bought: the merchant is refunded in full', async () => {
    const { channelId, serviceId } = await onChannel({ breakerFailures: 100 });
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    usps.fail('POST /labels/v3/label', { kind: 'hang' }, 1);
    expect((await merchant.buy(serviceId)).statusCode).toBe(504);
    await merchant.lapseAndSweep();
    expect(await merchant.order()).toMatchObject({ status: 17 });
    const settled = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/order/unconfirmedPurchases/${merchant.orderId}/settle`,
      payload: { trackingNumbers: [] },
    });
    expect(settled.json().data).toEqual({ status: 5, trackingNo: null });
    expect(await merchant.balance()).toBe(10_000);
    // Nothing was bought, so no label is reported as left unvoided.
    const unvoided = await t.ctx.db
      .selectFrom('user_messages')
      .select('id')
      .where('title_key', '=', 'msgLabelNotVoidedTitle')
      .where('content', 'like', `%${merchant.orderNo}%`)
      .execute();
    expect(unvoided).toEqual([]);
    expect(await merchant.order()).toMatchObject({ status: 5, unconfirmed_since: expect.any(Number) });
  });

  test('a merchant cannot settle a purchase, even one of their own', async () => {
    const merchant = await createActiveCustomer(t, admin);
    const answer = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/admin/order/unconfirmedPurchases/1/settle',
      payload: { trackingNumbers: [] },
    });
    expect(answer.statusCode).toBe(403);
  });
});
