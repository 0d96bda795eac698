import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ChannelConfig, ServiceConfig } from '../src/carriers/contract/channel.ts';
import { shipengineAdapter } from '../src/carriers/shipengine/adapter.ts';
import { failPlacing } from '../src/modules/purchase/purchase-outcome.ts';
import { followCarrierRefunds } from '../src/modules/settlement/carrier-refunds.ts';
import { UpstreamError } from '../src/outbound/types.ts';
import { type ShipEngineStandIn, startShipEngineStandIn } from '../standins/shipengine.ts';
import { ADMIN, call, loginToken, pushesApplied, startApp, type TestApp } from './helpers.ts';
import {
  adapterClient,
  address,
  expectThrottledThenBroken,
  merchantOn,
  testShipment,
  upstreamChannel,
} from './upstream-fixtures.ts';
import { until } from './waits.ts';

const API_KEY = 'TEST_shipengine_standin_key';
const USPS = 'se-100001';
const UPS = 'se-100002';

let t: TestApp;
let shipengine: ShipEngineStandIn;
let admin: string;

beforeAll(async () => {
  [t, shipengine] = await Promise.all([startApp(), startShipEngineStandIn({ apiKey: API_KEY })]);
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await shipengine.close();
  await t.close();
});

describe('the ShipEngine adapter against its stand-in', () => {
  let nextChannel = 8000;
  const channel = (settings: Record<string, unknown> = {}): ChannelConfig => ({
    id: nextChannel++,
    name: 'ShipEngine',
    platformCode: 'shipengine',
    carrierCode: 'USPS',
    settings: { apiKey: API_KEY, baseUrl: shipengine.url, carrierIds: [USPS, UPS], timeoutMs: 1000, ...settings },
  });
  const service = (id: number, carrierId: string, serviceCode: string): ServiceConfig => ({
    id,
    channelId: 1,
    code: serviceCode.toUpperCase(),
    name: serviceCode,
    carrierCode: carrierId === UPS ? 'UPS' : 'USPS',
    settings: { carrierId, serviceCode },
    version: 1,
  });
  const depsOf = (config: ChannelConfig) => adapterClient(t, shipengineAdapter, config);
  const purchase = (config: ChannelConfig, reference: string, parcels = 2) => ({
    channel: config,
    service: service(2, USPS, 'usps_priority_mail'),
    shipment: testShipment(parcels),
    idempotencyKey: `${reference}:1`,
    reference,
    nextNumbers: async () => {
      throw new Error('ShipEngine numbers its own labels');
    },
  });

  test("rates: one request for the shipment's packages; a service the accounts do not offer has no rate", async () => {
    const config = channel();
    const { deps, logged } = depsOf(config);
    const rates = await shipengineAdapter.rate(
      {
        channel: config,
        services: [
          service(1, USPS, 'usps_ground_advantage'),
          service(2, UPS, 'ups_ground'),
          service(3, USPS, 'usps_media_mail'),
        ],
        shipment: testShipment(),
      },
      deps,
    );
    // 1 lb and 2 lb: 480 + (480 + 90) cents at the stand-in's made-up Ground Advantage price.
    expect(rates[0]).toMatchObject({ ok: true, serviceId: 1, costCents: 1050, deliveryDays: 4, zone: null });
    expect(rates[1]).toMatchObject({ ok: true, serviceId: 2, costCents: 950 + 950 + 115 });
    expect(rates[2]).toEqual({ ok: false, serviceId: 3, reason: 'notQuoted' });
    const [row] = await logged();
    expect(row).toMatchObject({ operation: 'rate', method: 'POST', outcome: 'ok', http_status: 200 });
    expect(row?.request_headers).not.toContain(API_KEY);
    expect(JSON.parse(row?.request_body ?? '{}').shipment.packages[1].weight).toEqual({ value: 32, unit: 'ounce' });
  });

  test("a refused address is a bad request with ShipEngine's words, on our field; a wrong key is refused", async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const refused = await shipengineAdapter
      .rate(
        { channel: config, services: [service(1, USPS, 'usps_priority_mail')], shipment: testShipment(1, '1011') },
        deps,
      )
      .catch((error: unknown) => error as UpstreamError);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ kind: 'badRequest', details: { status: 400, field: 'to.zipCode' } });
    expect((refused as UpstreamError).message).toContain('Invalid postal_code');

    const wrong = channel({ apiKey: 'TEST_wrong_key_000000' });
    const denied = await shipengineAdapter
      .rate(
        { channel: wrong, services: [service(1, USPS, 'usps_priority_mail')], shipment: testShipment(1) },
        depsOf(wrong).deps,
      )
      .catch((error: unknown) => error as UpstreamError);
    expect(denied).toMatchObject({ kind: 'auth', details: { status: 401 } });
  });

  test('429 waits as long as Retry-After says; a broken body is transient and retried', async () => {
    const config = channel();
    const { deps, waits, logged } = depsOf(config);
    shipengine.fail('POST /v1/rates', { kind: 'status', status: 429, retryAfterSeconds: 3 });
    shipengine.fail('POST /v1/rates', { kind: 'malformed' });
    const [rated] = await shipengineAdapter.rate(
      { channel: config, services: [service(1, USPS, 'usps_priority_mail')], shipment: testShipment(1) },
      deps,
    );
    expect(rated?.ok).toBe(true);
    const rows = await logged();
    expectThrottledThenBroken(waits, rows);
    expect(rows[0]?.error_message).toContain('You have exceeded the rate limit');
  });

  test('a purchase: one multi-package label, each package its own label file, the external id remembered first', async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const remembered: string[] = [];
    const bought = await shipengineAdapter.purchase(
      { ...purchase(config, 'PP-SE-1'), remember: async (id) => void remembered.push(id) },
      deps,
    );
    expect(remembered).toEqual(['PP-SE-1:1']);
    const label = shipengine.labels.get(bought.upstreamId as string);
    expect(label?.external_shipment_id).toBe('PP-SE-1:1');
    expect(bought.parcels.map((parcel) => parcel.trackingNumber)).toEqual(
      label?.packages.map((pack) => pack.tracking_number),
    );
    expect(bought.trackingNumber).toBe(label?.tracking_number);
    for (const parcel of bought.parcels) {
      expect(parcel.document?.format).toBe('pdf');
      const pdf = await PDFDocument.load(parcel.document?.bytes as Buffer);
      expect(pdf.getPageCount()).toBe(1);
    }
  });

  test('a purchase whose answer was lost is found by its external id, never bought twice', async () => {
    const config = channel();
    const { deps, logged } = depsOf(config);
    // The label is made, but its answer never comes.
    shipengine.fail('POST /v1/labels', { kind: 'lost' }, 1);
    const bought = await shipengineAdapter.purchase(purchase(config, 'PP-SE-2', 1), deps);
    expect(shipengine.purchases.get('PP-SE-2:1')).toBe(1);
    expect(bought.upstreamId).toBe(
      [...shipengine.labels.values()].find((l) => l.external_shipment_id === 'PP-SE-2:1')?.label_id,
    );
    const calls = (await logged()).map((row) => `${row.method} ${row.outcome}`);
    // The purchase is not retried (ShipEngine takes no idempotency key): it is looked up.
    expect(calls.filter((entry) => entry.startsWith('POST'))).toEqual(['POST transient']);
    expect(calls).toContain('GET ok');
  });

  // An approved void was read as refunded; ShipEngine's answer is "Request for refund submitted": the
  // refund is pending until the label's refund_details say how it ended.
  test('void: an approved void is a refund request, followed on the label until the carrier settles it', async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const voidOf = async (reference: string) => {
      const bought = await shipengineAdapter.purchase(purchase(config, reference, 1), deps);
      return {
        channel: config,
        trackingNumbers: [bought.trackingNumber],
        upstreamId: bought.upstreamId ?? null,
        reference,
      };
    };
    const request = await voidOf('PP-SE-3');
    expect(await shipengineAdapter.void(request, deps)).toEqual({ status: 'pending' });
    expect(await shipengineAdapter.voidStatus?.(request, deps)).toEqual({ status: 'pending' });
    // Voided again (an earlier answer lost): still the same request, followed.
    expect(await shipengineAdapter.void(request, deps)).toEqual({ status: 'pending' });
    shipengine.settleRefund(request.upstreamId as string, 'approved');
    expect(await shipengineAdapter.voidStatus?.(request, deps)).toEqual({ status: 'refunded' });

    const refused = await voidOf('PP-SE-3B');
    await shipengineAdapter.void(refused, deps);
    shipengine.settleRefund(refused.upstreamId as string, 'rejected');
    expect(await shipengineAdapter.voidStatus?.(refused, deps)).toMatchObject({
      status: 'rejected',
      message: expect.stringContaining('rejected the refund'),
    });

    const used = await voidOf('PP-SE-3C');
    shipengine.voidApproved = false;
    try {
      expect(await shipengineAdapter.void(used, deps)).toEqual({
        status: 'rejected',
        message: 'The label has already been used.',
      });
    } finally {
      shipengine.voidApproved = true;
    }
  });

  test("address validation: ShipEngine's matched address, or its error message on our field", async () => {
    const config = channel();
    const { deps, logged } = depsOf(config);
    const validate = (address: ReturnType<typeof place> & { addressLine2?: string; countryCode?: string }) =>
      shipengineAdapter.validateAddress?.({ channel: config, address }, deps);
    const standard = {
      addressLine1: '350 FIFTH AVE',
      addressLine2: 'STE 300',
      city: 'NEW YORK',
      stateCode: 'NY',
      zipCode: '10118-1350',
    };
    // Verified as given, and verified in ShipEngine's standard form (abbreviations, upper case, ZIP+4).
    expect(await validate({ ...place('350 FIFTH AVE', '10118-1350'), addressLine2: 'STE 300' })).toEqual({
      deliverable: true,
      residential: false,
      standardized: standard,
    });
    expect(await validate({ ...place('350 Fifth Avenue'), addressLine2: 'Suite 300' })).toEqual({
      deliverable: true,
      residential: false,
      standardized: standard,
    });
    expect(await validate(place('1 Nowhere Road'))).toEqual({
      deliverable: false,
      message:
        'Could not match the inputted street name to a unique street name. No matches or too many matches were found.',
      field: 'addressLine1',
    });
    expect(await validate(place('1 Main Street', '00000'))).toEqual({
      deliverable: false,
      message: 'Could not verify this address to the postal code level.',
      field: 'zipCode',
    });
    // Not checked at all (a country code ShipEngine does not take): not deliverable, with its reason.
    expect(await validate({ ...place('1 Main Street'), countryCode: 'USA' })).toMatchObject({
      deliverable: false,
      field: 'countryCode',
    });
    const rows = await logged();
    expect(rows.map((row) => [row.operation, row.method, row.http_status])).toEqual(
      Array.from({ length: 5 }, () => ['validateAddress', 'POST', 200]),
    );
    expect(JSON.parse(rows[1]?.request_body ?? '[]')).toEqual([
      {
        address_line1: '350 Fifth Avenue',
        address_line2: 'Suite 300',
        city_locality: 'New York',
        state_province: 'NY',
        postal_code: '10118',
        country_code: 'US',
      },
    ]);
  });

  test("track: ShipEngine's events as parcel states", async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const bought = await shipengineAdapter.purchase(purchase(config, 'PP-SE-4', 1), deps);
    shipengine.scan(bought.trackingNumber, 'IT', 'Arrived at USPS Regional Facility', 'Queens');
    const events = await shipengineAdapter.track?.(
      { channel: config, parcels: [{ trackingNumber: bought.trackingNumber, carrierCode: 'USPS' }] },
      deps,
    );
    expect(events?.get(bought.trackingNumber)?.map((event) => [event.status, event.location])).toEqual([
      [2, 'Queens'],
      [2, ''],
    ]);
  });
});

const place = (addressLine1: string, zipCode = '10118') => ({
  countryCode: 'US',
  stateCode: 'NY',
  city: 'New York',
  addressLine1,
  zipCode,
});

describe('a ShipEngine channel through the platform', () => {
  const settings = (extra: Record<string, unknown> = {}) => ({
    apiKey: API_KEY,
    baseUrl: shipengine.url,
    carrierIds: [USPS],
    timeoutMs: 1000,
    ...extra,
  });
  const onChannel = (extra: Record<string, unknown> = {}) =>
    upstreamChannel(t, admin, 'shipengine', settings(extra), { carrierId: USPS, serviceCode: 'usps_priority_mail' });

  test('a channel is checked against ShipEngine’s settings: carrier ids are required and must be se- ids', async () => {
    const bad = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/create',
      payload: {
        name: 'ShipEngine',
        platformCode: 'shipengine',
        carrierCode: 'USPS',
        settings: { apiKey: API_KEY, carrierIds: ['ca_123'] },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields)).toContain('settings.carrierIds.0');
    const platforms = await call(t.app, admin, { method: 'GET', url: '/api/admin/channel/channel-platform' });
    const form = platforms.json().data.list.find((entry: { code: string }) => entry.code === 'shipengine');
    expect(form.channelSettings.find((field: { name: string }) => field.name === 'apiKey').type).toBe('secret');
    expect(form.channelSettings.find((field: { name: string }) => field.name === 'requestsPerMinute').default).toBe(
      200,
    );
  });

  /** The refunds sweep for `orderId`, as if its last question to the carrier were long ago. */
  const follow = async (orderId: number) => {
    await t.ctx.db.updateTable('orders').set({ carrier_refund_checked_at: 0 }).where('id', '=', orderId).execute();
    await followCarrierRefunds(t.ctx);
  };
  const refundsOf = (userId: number) =>
    t.ctx.db.selectFrom('balance_logs').select('amount').where('user_id', '=', userId).where('type', '=', 2).execute();

  test('a merchant is quoted, buys, downloads the labels and cancels; refunded once ShipEngine approves the refund', async () => {
    const { channelId, serviceId } = await onChannel();
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00' });
    const quoted = await call(t.app, merchant.customer.token, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: { orderId: merchant.orderId },
    });
    const line = quoted.json().data.find((entry: { serviceId: number }) => entry.serviceId === serviceId);
    expect(line).toMatchObject({ available: true, deliveryDays: 2 });

    const bought = await merchant.buy(serviceId);
    expect(bought.statusCode).toBe(200);
    const order = await merchant.order();
    expect(order.status).toBe(1);
    const label = shipengine.labels.get(order.upstream_id as string);
    expect(order.tracking_no).toBe(label?.tracking_number);
    expect(await merchant.balance()).toBe(10_000 - (order.rate ?? 0) - order.insurance_fee);

    const pdf = await call(t.app, merchant.customer.token, {
      method: 'GET',
      url: `/api/app/order/label/down?id=${merchant.orderId}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(2);

    const cancelled = await call(t.app, merchant.customer.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [merchant.orderId] },
    });
    expect(cancelled.statusCode).toBe(200);
    // The void is a refund request: ShipEngine has not refunded yet.
    expect(await merchant.order()).toMatchObject({ status: 6, carrier_refund: 'pending' });
    expect(label?.voided).toBe(true);
    expect(label?.refund_details?.refund_status).toBe('pending');
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: merchant.orderId, approve: true },
    });
    expect(await merchant.order()).toMatchObject({ status: 15, carrier_refund: 'pending', refunded_at: null });
    const charged = 10_000 - (await merchant.balance());
    expect(charged).toBeGreaterThan(0);
    await follow(merchant.orderId);
    expect(await refundsOf(merchant.customer.id)).toEqual([]);
    expect(shipengine.requests).toContain(`GET /v1/labels/${order.upstream_id}`);

    shipengine.settleRefund(order.upstream_id as string, 'approved');
    await follow(merchant.orderId);
    await follow(merchant.orderId);
    expect(await refundsOf(merchant.customer.id)).toEqual([{ amount: charged }]);
    expect(await merchant.order()).toMatchObject({ status: 15, carrier_refund: 'refunded' });
    expect(await merchant.balance()).toBe(10_000);
  });

  test('a refund the carrier rejects is never paid to the merchant, and staff see it owed with the reason', async () => {
    const { channelId, serviceId } = await onChannel();
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    await merchant.buy(serviceId);
    const order = await merchant.order();
    await call(t.app, merchant.customer.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [merchant.orderId] },
    });
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: merchant.orderId, approve: true },
    });
    shipengine.settleRefund(order.upstream_id as string, 'rejected');
    await follow(merchant.orderId);
    expect(await merchant.order()).toMatchObject({ status: 15, carrier_refund: 'rejected', refunded_at: null });
    expect(await refundsOf(merchant.customer.id)).toEqual([]);
    // Asked again later, it stays rejected and unpaid.
    await follow(merchant.orderId);
    expect(await refundsOf(merchant.customer.id)).toEqual([]);
    const owed = (
      await call(t.app, admin, {
        method: 'GET',
        url: `/api/admin/order/carrierRefundsOwed?page=1&pageSize=50&state=rejected&channelId=${channelId}`,
      })
    ).json().data;
    expect(owed.list).toEqual([expect.objectContaining({ id: merchant.orderId, carrierRefund: 'rejected' })]);
    // The carrier's answer is on the order, with its reason.
    const rejected = await t.ctx.db
      .selectFrom('order_events')
      .select('detail')
      .where('order_id', '=', merchant.orderId)
      .where('event', '=', 'carrierVoidRejected')
      .execute();
    expect(rejected).toEqual([{ detail: expect.stringContaining('rejected the refund') }]);
    const events = (
      await call(t.app, merchant.customer.token, { method: 'GET', url: `/api/app/order/detail/${merchant.orderId}` })
    )
      .json()
      .data.timeline.map((entry: { event: string }) => entry.event);
    expect(events).toContain('carrierVoidRejected');
  });

  test("a sender without a phone is sent with the channel's sender phone, which ShipEngine requires", async () => {
    const { channelId, serviceId } = await onChannel({ senderPhone: '212-555-0142' });
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    const { phone: _none, ...sender } = address('90210', 'Beverly Hills', 'CA', 'Ada Shipper');
    const draft = await call(t.app, merchant.customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        from: sender,
        to: { ...address('10118', 'New York', 'NY', 'Grace Buyer'), isResidential: true },
        parcels: [{ length: 10, width: 8, height: 4, weight: 1, insuredValue: '0' }],
      },
    });
    const orderId = draft.json().data.orderId as number;
    const bought = await merchant.buy(serviceId, orderId);
    expect(bought.statusCode).toBe(200);
    expect((await merchant.order(orderId)).status).toBe(1);
    const sent = await t.ctx.db
      .selectFrom('api_logs')
      .select(['request_body'])
      .where('channel_id', '=', channelId)
      .where('operation', '=', 'purchase')
      .where('method', '=', 'POST')
      .execute();
    expect(sent.map((row) => JSON.parse(row.request_body ?? '{}').shipment.ship_from.phone)).toEqual(['212-555-0142']);
  });

  test('cut off while buying: the order waits in 17 and the recovery finds the label ShipEngine made', async () => {
    const { channelId, serviceId } = await onChannel({ breakerFailures: 100 });
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    // The label is made but its answer never comes, and ShipEngine cannot be asked at once either.
    shipengine.fail('POST /v1/labels', { kind: 'lost' }, 1);
    shipengine.fail('GET /v1/labels/external_shipment_id/:id', { kind: 'status', status: 503 }, 4);
    const answer = await merchant.buy(serviceId);
    expect(answer.statusCode).toBe(504);
    const waiting = await merchant.order();
    expect(waiting.status).toBe(17);
    expect(waiting.upstream_id).toMatch(/^PP.*:\d+$/);

    await merchant.lapseAndSweep();
    const done = await merchant.order();
    expect(done.status).toBe(1);
    expect(shipengine.purchases.get(waiting.upstream_id as string)).toBe(1);
    expect(shipengine.labels.get(done.upstream_id as string)?.tracking_number).toBe(done.tracking_no);
    expect(await merchant.balance()).toBe(10_000 - (done.rate ?? 0) - done.insurance_fee);
  });

  test("a push that cannot be checked now (ShipEngine's keys out of reach) is a 502 and changes nothing", async () => {
    // An API address of its own, so that its keys have not been fetched by another test.
    const { channelId, serviceId } = await onChannel({ baseUrl: `${shipengine.url}/`, breakerFailures: 100 });
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    await merchant.buy(serviceId);
    const trackingNo = (await merchant.order()).tracking_no as string;
    shipengine.scan(trackingNo, 'IT', 'Arrived at facility', 'Newark');
    const signed = shipengine.trackingEvent(trackingNo);
    const push = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/tracking/webhook/carrier/${channelId}`,
        payload: signed.body,
        headers: signed.headers,
      });
    shipengine.fail('GET /jwks', { kind: 'status', status: 503 }, 4);
    const refused = await push();
    expect(refused.statusCode).toBe(502);
    expect((await merchant.order()).status).toBe(1);
    expect((await push()).statusCode).toBe(200);
    await until(
      async () => (await merchant.order()).status,
      (status) => status === 2,
      'the push applied',
    );
  });

  test("a merchant's address check asks ShipEngine when its channel is set to: the matched form, or its error", async () => {
    const { channelId } = await onChannel({ validateAddresses: true });
    const merchant = await merchantOn(t, admin, channelId);
    const check = async (addressLine1: string) =>
      (
        await call(t.app, merchant.customer.token, {
          method: 'POST',
          url: '/api/app/user/address/validate',
          headers: { 'accept-language': 'en-US' },
          payload: place(addressLine1),
        })
      ).json().data;
    const asked = () => shipengine.requests.filter((request) => request === 'POST /v1/addresses/validate').length;
    const before = asked();
    expect(await check('350 Fifth Avenue')).toMatchObject({
      valid: true,
      corrected: true,
      suggestion: { addressLine1: '350 FIFTH AVE', city: 'NEW YORK', zipCode: '10118-1350' },
    });
    const unknown = await check('1 Nowhere Road');
    expect(unknown.valid).toBe(false);
    expect(unknown.issues).toContainEqual(
      expect.objectContaining({
        field: 'addressLine1',
        code: 'undeliverable',
        severity: 'error',
        message: expect.stringContaining('Could not match the inputted street name'),
      }),
    );
    expect(asked() - before).toBe(2);
  });

  test("the parcels are tracked by ShipEngine's tracking: a scan there moves the order to in transit", async () => {
    const { channelId, serviceId } = await onChannel();
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    await merchant.buy(serviceId);
    const order = await merchant.order();
    await merchant.refreshTracking();
    expect((await merchant.order()).status).toBe(1);
    shipengine.scan(order.tracking_no as string, 'IT', 'In transit to next facility', 'Newark');
    await merchant.refreshTracking();
    expect((await merchant.order()).status).toBe(2);
  });

  test("ShipEngine's signed track webhooks move the parcels; a forged, stale or unknown-key push changes nothing", async () => {
    const { channelId, serviceId } = await onChannel();
    const other = await onChannel();
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    await merchant.buy(serviceId);
    const trackingNo = (await merchant.order()).tracking_no as string;
    const push = (id: number, delivery: { body: string; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tracking/webhook/carrier/${id}`,
        payload: delivery.body,
        headers: delivery.headers,
      });
    const keysAsked = () => shipengine.requests.filter((request) => request === 'GET /jwks').length;
    const before = keysAsked();

    shipengine.scan(trackingNo, 'IT', 'Arrived at facility', 'Newark');
    const signed = shipengine.trackingEvent(trackingNo);
    const refused = [
      // A body changed after signing.
      { ...signed, body: signed.body.replace('Newark', 'Nowhere') },
      // Signed six minutes ago: a replay.
      shipengine.trackingEvent(trackingNo, new Date(Date.now() - 6 * 60_000)),
      // A key ShipEngine does not have.
      { ...signed, headers: { ...signed.headers, 'x-shipengine-rsa-sha256-key-id': 'forged-key' } },
      // No signature at all.
      { body: signed.body, headers: { 'content-type': 'application/json' } },
    ];
    for (const delivery of refused) expect((await push(channelId, delivery)).statusCode).toBe(400);
    expect((await merchant.order()).status).toBe(1);

    // A push about a parcel of another channel moves nothing there.
    expect((await push(other.channelId, signed)).statusCode).toBe(200);
    await pushesApplied(t);
    expect((await merchant.order()).status).toBe(1);

    // Answered once stored, applied by the push applier soon after.
    expect((await push(channelId, signed)).statusCode).toBe(200);
    await until(
      async () => (await merchant.order()).status,
      (status) => status === 2,
      'the push applied',
    );
    // The public keys were asked for once, and again once at most for the unknown key id.
    expect(keysAsked() - before).toBeLessThanOrEqual(2);
    expect(keysAsked() - before).toBeGreaterThanOrEqual(1);
    const keys = keysAsked();
    await push(channelId, shipengine.trackingEvent(trackingNo));
    expect(keysAsked()).toBe(keys);
  });
});

describe('a label ShipEngine bought for an order no longer in 17', () => {
  /**
   * A merchant's purchase held at ShipEngine; once it has reached the stand-in, the order is refunded
   * meanwhile (a sweep of another instance took its lapsed claim over), then ShipEngine answers with the label.
   */
  async function boughtAfterRefund() {
    const { channelId, serviceId } = await upstreamChannel(
      t,
      admin,
      'shipengine',
      { apiKey: API_KEY, baseUrl: shipengine.url, carrierIds: [USPS], timeoutMs: 5000 },
      { carrierId: USPS, serviceCode: 'usps_priority_mail' },
    );
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    shipengine.fail('POST /v1/labels', { kind: 'held', until: held });
    const sent = () => shipengine.requests.filter((request) => request === 'POST /v1/labels').length;
    const before = sent();
    const buying = merchant.buy(serviceId);
    await vi.waitFor(() => expect(sent()).toBe(before + 1), { timeout: 10_000, interval: 20 });
    expect(await failPlacing(t.ctx.db, merchant.orderId, 'interrupted', null)).toBe(true);
    release();
    const answer = await buying;
    const label = [...shipengine.labels.values()].find((made) =>
      made.external_shipment_id?.startsWith(`${merchant.orderNo}:`),
    );
    expect(label).toBeDefined();
    const voidRows = () =>
      t.ctx.db
        .selectFrom('api_logs')
        .selectAll()
        .where('order_no', '=', merchant.orderNo)
        .where('operation', '=', 'void')
        .orderBy('id')
        .execute();
    return { merchant, answer, label: label as NonNullable<typeof label>, voidRows };
  }

  /** What the merchant's ledger adds up to is what the wallet holds. */
  async function ledgerSum(userId: number) {
    const sum = await t.ctx.db
      .selectFrom('balance_logs')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(sum.total);
  }

  test('is voided at ShipEngine at once, the void in the API log, and the merchant is refunded once', async () => {
    const { merchant, answer, label, voidRows } = await boughtAfterRefund();
    expect(answer.statusCode).toBe(422);
    expect(await merchant.order()).toMatchObject({ status: 5, tracking_no: null });
    expect(label.voided).toBe(true);
    expect(shipengine.requests).toContain(`PUT /v1/labels/${label.label_id}/void`);
    expect((await voidRows()).map((row) => [row.method, row.outcome, row.http_status])).toEqual([['PUT', 'ok', 200]]);
    expect(await merchant.balance()).toBe(10_000);
    expect(await ledgerSum(merchant.customer.id)).toBe(10_000);
  });

  test('a void ShipEngine refuses is a failed row of the API log and a to-do for the staff who manage channels', async () => {
    shipengine.voidApproved = false;
    try {
      const { merchant, label, voidRows } = await boughtAfterRefund();
      expect(label.voided).toBe(false);
      const rows = await voidRows();
      expect(rows.map((row) => [row.method, row.outcome])).toEqual([
        ['PUT', 'ok'],
        ['-', 'badRequest'],
      ]);
      expect(rows[1]?.error_message).toBe('label not voided: The label has already been used.');
      expect(JSON.parse(rows[1]?.request_body ?? '{}')).toEqual({
        trackingNumbers: [label.tracking_number],
        upstreamId: label.label_id,
      });
      const listed = await call(t.app, admin, {
        method: 'GET',
        url: `/api/admin/maintenance/apiLog?orderNo=${merchant.orderNo}&outcome=badRequest`,
      });
      expect(listed.json().data.list).toEqual([
        expect.objectContaining({
          operation: 'void',
          errorMessage: 'label not voided: The label has already been used.',
        }),
      ]);
      const adminId = (
        await t.ctx.db.selectFrom('users').select('id').where('username', '=', ADMIN.username).executeTakeFirstOrThrow()
      ).id;
      const todos = await t.ctx.db
        .selectFrom('user_messages')
        .select(['type', 'title_key', 'content'])
        .where('user_id', '=', adminId)
        .where('content', 'like', `%${merchant.orderNo}%`)
        .execute();
      expect(todos).toEqual([expect.objectContaining({ type: 'todo', title_key: 'msgLabelNotVoidedTitle' })]);
      expect(todos[0]?.content).toContain('The label has already been used.');
      expect(await merchant.balance()).toBe(10_000);
      expect(await ledgerSum(merchant.customer.id)).toBe(10_000);
    } finally {
      shipengine.voidApproved = true;
    }
  });
});
