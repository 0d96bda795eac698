import { TRACKING_STATUS } from '@parcelport/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelConfig, ServiceConfig } from '../src/carriers/contract/channel.ts';
import { karrioAdapter } from '../src/carriers/karrio/adapter.ts';
import { UpstreamError } from '../src/outbound/types.ts';
import { type KarrioStandIn, startKarrioStandIn } from '../standins/karrio.ts';
import { ADMIN, call, loginToken, startApp, type TestApp } from './helpers.ts';
import {
  adapterClient,
  expectThrottledThenBroken,
  merchantOn,
  testShipment,
  upstreamChannel,
} from './upstream-fixtures.ts';

const API_KEY = 'key_karrio_standin_0123';

let t: TestApp;
let karrio: KarrioStandIn;
let admin: string;

beforeAll(async () => {
  [t, karrio] = await Promise.all([startApp(), startKarrioStandIn({ apiKey: API_KEY })]);
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await karrio.close();
  await t.close();
});

describe('the Karrio adapter against its stand-in', () => {
  let nextChannel = 9000;
  const channel = (settings: Record<string, unknown> = {}): ChannelConfig => ({
    id: nextChannel++,
    name: 'Karrio',
    platformCode: 'karrio',
    carrierCode: 'USPS',
    settings: { apiKey: API_KEY, baseUrl: karrio.url, timeoutMs: 1000, ...settings },
  });
  const service = (id: number, code: string, carrierId = ''): ServiceConfig => ({
    id,
    channelId: 1,
    code: code.toUpperCase(),
    name: code,
    carrierCode: code.startsWith('ups') ? 'UPS' : 'USPS',
    settings: { service: code, carrierId },
    version: 1,
  });
  const depsOf = (config: ChannelConfig) => adapterClient(t, karrioAdapter, config);
  const purchase = (config: ChannelConfig, reference: string, parcels = 2) => ({
    channel: config,
    service: service(2, 'usps_priority_mail'),
    shipment: testShipment(parcels),
    idempotencyKey: `${reference}:1`,
    reference,
    nextNumbers: async () => {
      throw new Error('Karrio numbers its own labels');
    },
  });

  test('rates through the proxy: the services asked for, summed over the parcels; one not offered has no rate', async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const rates = await karrioAdapter.rate(
      {
        channel: config,
        services: [service(1, 'usps_ground_advantage'), service(2, 'ups_ground', 'ups'), service(3, 'fedex_ground')],
        shipment: testShipment(),
      },
      deps,
    );
    // 1 lb and 2 lb at the stand-in's made-up Ground Advantage price: 500 + 500 + 92 cents.
    expect(rates[0]).toMatchObject({ ok: true, serviceId: 1, costCents: 1092, deliveryDays: 4 });
    expect(rates[1]).toMatchObject({ ok: true, serviceId: 2, costCents: 970 + 970 + 118 });
    expect(rates[2]).toEqual({ ok: false, serviceId: 3, reason: 'notQuoted' });
  });

  test("a refused address is a bad request with Karrio's words; a wrong key is an authentication failure", async () => {
    const config = channel();
    const refused = await karrioAdapter
      .rate(
        { channel: config, services: [service(1, 'usps_priority_mail')], shipment: testShipment(1, '1011') },
        depsOf(config).deps,
      )
      .catch((error: unknown) => error as UpstreamError);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ kind: 'badRequest', details: { status: 400, field: 'to.zipCode' } });
    expect((refused as UpstreamError).message).toContain('recipient.postal_code');
    const wrong = channel({ apiKey: 'key_wrong_000000' });
    const denied = await karrioAdapter
      .rate(
        { channel: wrong, services: [service(1, 'usps_priority_mail')], shipment: testShipment(1) },
        depsOf(wrong).deps,
      )
      .catch((error: unknown) => error as UpstreamError);
    expect(denied).toMatchObject({ kind: 'auth', details: { status: 401 } });
  });

  test('429 waits as long as Retry-After says; a broken body is transient and retried', async () => {
    const config = channel();
    const { deps, waits, logged } = depsOf(config);
    karrio.fail('POST /v1/proxy/rates', { kind: 'status', status: 429, retryAfterSeconds: 3 });
    karrio.fail('POST /v1/proxy/rates', { kind: 'malformed' });
    const [rated] = await karrioAdapter.rate(
      { channel: config, services: [service(1, 'usps_priority_mail')], shipment: testShipment(1) },
      deps,
    );
    expect(rated?.ok).toBe(true);
    const rows = await logged();
    expectThrottledThenBroken(waits, rows);
    expect(rows[0]?.error_message).toBe('Request was throttled.');
  });

  test('a purchase: the shipment remembered first, bought once, its label on the first parcel', async () => {
    const config = channel();
    const remembered: string[] = [];
    const bought = await karrioAdapter.purchase(
      { ...purchase(config, 'PP-KA-1'), remember: async (id) => void remembered.push(id) },
      depsOf(config).deps,
    );
    const made = karrio.shipments.get(remembered[0] as string);
    expect(made?.reference).toBe('PP-KA-1');
    expect(made?.metadata).toEqual({ parcelport_key: 'PP-KA-1:1' });
    expect(bought.upstreamId).toBe(made?.id);
    expect(bought.parcels.map((parcel) => parcel.trackingNumber)).toEqual(made?.meta.tracking_numbers);
    expect(bought.parcels[0]?.document?.format).toBe('pdf');
    expect(bought.parcels[1]?.document).toBeUndefined();
    expect((await PDFDocument.load(bought.parcels[0]?.document?.bytes as Buffer)).getPageCount()).toBe(1);
  });

  test('a purchase whose answer is lost is not sent again (Karrio keeps no idempotency key): findPurchase finds it bought', async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const remembered: string[] = [];
    karrio.fail('POST /v1/shipments/:id/purchase', { kind: 'lost' }, 1);
    const lost = await karrioAdapter
      .purchase({ ...purchase(config, 'PP-KA-2', 1), remember: async (id) => void remembered.push(id) }, deps)
      .catch((error: unknown) => error);
    expect(lost).toMatchObject({ kind: 'transient' });
    const [id] = remembered as [string];
    expect(karrio.purchases.get(id)).toBe(1);
    const found = await karrioAdapter.findPurchase?.({ channel: config, upstreamId: id, reference: 'PP-KA-2' }, deps);
    expect(found).toMatchObject({ upstreamId: id, trackingNumber: karrio.shipments.get(id)?.tracking_number });
    expect(karrio.purchases.get(id)).toBe(1);
  });

  test('void cancels the shipment; a second void finds it cancelled (Karrio answers 202) and is refunded too', async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const bought = await karrioAdapter.purchase(purchase(config, 'PP-KA-3', 1), deps);
    const request = {
      channel: config,
      trackingNumbers: [bought.trackingNumber],
      upstreamId: bought.upstreamId ?? null,
      reference: 'PP-KA-3',
    };
    expect(await karrioAdapter.void(request, deps)).toEqual({ status: 'refunded' });
    expect(await karrioAdapter.void(request, deps)).toEqual({ status: 'refunded' });
    expect(karrio.shipments.get(bought.upstreamId as string)?.status).toBe('cancelled');
  });
  test("track: the tracker's events oldest first, each with its own status; an unknown number is refused", async () => {
    const config = channel();
    const { deps, logged } = depsOf(config);
    const bought = await karrioAdapter.purchase(purchase(config, 'PP-KA-4', 1), deps);
    karrio.scan(bought.trackingNumber, 'out_for_delivery', 'Out for delivery', 'New York, NY');
    const tracked = await karrioAdapter.track?.(
      { channel: config, parcels: [{ trackingNumber: bought.trackingNumber, carrierCode: 'USPS' }] },
      deps,
    );
    const events = tracked?.get(bought.trackingNumber) ?? [];
    expect(events.map((event) => [event.status, event.description, event.location])).toEqual([
      [TRACKING_STATUS.infoReceived, 'Label created', ''],
      [TRACKING_STATUS.outForDelivery, 'Out for delivery', 'New York, NY'],
    ]);
    expect(events[0]?.occurredAt).toBeLessThan(events[1]?.occurredAt as number);
    const unknown = await karrioAdapter
      .track?.({ channel: config, parcels: [{ trackingNumber: '9400100000000000000000', carrierCode: 'USPS' }] }, deps)
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ kind: 'badRequest', details: { status: 404 } });
    expect((await logged()).filter((row) => row.operation === 'track').map((row) => [row.method, row.outcome])).toEqual(
      [
        ['GET', 'ok'],
        ['GET', 'badRequest'],
      ],
    );
  });
});

describe('a Karrio channel through the platform', () => {
  const onChannel = (extra: Record<string, unknown> = {}) =>
    upstreamChannel(
      t,
      admin,
      'karrio',
      { apiKey: API_KEY, baseUrl: karrio.url, timeoutMs: 1000, ...extra },
      { service: 'usps_priority_mail', carrierId: 'usps' },
    );

  test('a merchant is quoted, buys, downloads the label and cancels; the shipment is cancelled at Karrio', async () => {
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
    const made = karrio.shipments.get(order.upstream_id as string);
    expect(made?.status).toBe('created');
    expect(order.tracking_no).toBe(made?.tracking_number);
    const pdf = await call(t.app, merchant.customer.token, {
      method: 'GET',
      url: `/api/app/order/label/down?id=${merchant.orderId}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(1);

    await call(t.app, merchant.customer.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [merchant.orderId] },
    });
    expect(await merchant.order()).toMatchObject({ status: 6, carrier_refund: 'refunded' });
    expect(made?.status).toBe('cancelled');
  });

  test('cut off after Karrio bought: the recovery reads the shipment and keeps the label, paid once', async () => {
    const { channelId, serviceId } = await onChannel({ breakerFailures: 100 });
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    // The purchase is made but its answer is lost: it is not sent again (Karrio keeps no idempotency key).
    karrio.fail('POST /v1/shipments/:id/purchase', { kind: 'lost' }, 1);
    expect((await merchant.buy(serviceId)).statusCode).toBe(504);
    const waiting = await merchant.order();
    expect(waiting.status).toBe(17);
    await merchant.lapseAndSweep();
    const done = await merchant.order();
    expect(done.status).toBe(1);
    expect(karrio.purchases.get(waiting.upstream_id as string)).toBe(1);
    expect(await merchant.balance()).toBe(10_000 - (done.rate ?? 0) - done.insurance_fee);
  });

  test("the parcels are tracked by Karrio's trackers", async () => {
    const { channelId, serviceId } = await onChannel();
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    await merchant.buy(serviceId);
    const order = await merchant.order();
    await merchant.refreshTracking();
    expect((await merchant.order()).status).toBe(1);
    karrio.scan(order.tracking_no as string, 'in_transit', 'Departed facility', 'Chicago, IL');
    await merchant.refreshTracking();
    expect((await merchant.order()).status).toBe(2);
  });
});
