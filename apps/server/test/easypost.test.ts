import { TRACKING_STATUS } from '@parcelport/shared';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelConfig, ServiceConfig } from '../src/carriers/contract/channel.ts';
import type { PurchaseRequest } from '../src/carriers/contract/labels.ts';
import { easypostAdapter } from '../src/carriers/easypost/adapter.ts';
import { followCarrierRefunds } from '../src/modules/settlement/carrier-refunds.ts';
import { acceptCarrierPush } from '../src/modules/tracking/carrier-push.ts';
import { trackingProviders } from '../src/modules/tracking/providers.ts';
import { applyStoredPushes } from '../src/modules/tracking/push-inbox.ts';
import { insertPushes } from '../src/modules/tracking/push-inbox-repo.ts';
import { refreshTracking } from '../src/modules/tracking/service.ts';
import { UpstreamError } from '../src/outbound/types.ts';
import { type EasyPostStandIn, startEasyPostStandIn } from '../standins/easypost.ts';
import { ADMIN, call, loginToken, pushesApplied, startApp, type TestApp } from './helpers.ts';
import {
  EASYPOST_KEY as API_KEY,
  adapterClient,
  easypostChannel as channelOn,
  merchantOn as merchantFor,
  testShipment,
} from './upstream-fixtures.ts';
import { until } from './waits.ts';

let t: TestApp;
let easypost: EasyPostStandIn;
let admin: string;

beforeAll(async () => {
  [t, easypost] = await Promise.all([startApp(), startEasyPostStandIn({ apiKey: API_KEY })]);
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await easypost.close();
  await t.close();
});

describe('the EasyPost adapter against its stand-in', () => {
  let nextChannel = 7000;
  const channel = (settings: Record<string, unknown> = {}): ChannelConfig => ({
    id: nextChannel++,
    name: 'EasyPost',
    platformCode: 'easypost',
    carrierCode: 'USPS',
    settings: { apiKey: API_KEY, baseUrl: easypost.url, timeoutMs: 2000, ...settings },
  });
  const service = (id: number, carrier: string, name: string): ServiceConfig => ({
    id,
    channelId: 1,
    code: `${carrier}_${name}`,
    name,
    carrierCode: carrier === 'UPS' ? 'UPS' : 'USPS',
    settings: { carrier, service: name },
    version: 1,
  });
  /** The channel's client as the platform builds it, with its waits recorded instead of waited. */
  const depsOf = (config: ChannelConfig) => adapterClient(t, easypostAdapter, config);
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the call succeeded');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(UpstreamError);
        return error as UpstreamError;
      },
    );
  const purchase = (config: ChannelConfig, reference: string, overrides: Partial<PurchaseRequest> = {}) => ({
    channel: config,
    service: service(2, 'USPS', 'Priority'),
    shipment: testShipment(),
    idempotencyKey: `${reference}:1`,
    reference,
    nextNumbers: async () => {
      throw new Error('EasyPost numbers its own labels');
    },
    ...overrides,
  });

  test('rates: one EasyPost shipment per parcel, summed per service; a service it does not offer has no rate', async () => {
    const config = channel();
    const { deps, logged } = depsOf(config);
    const before = easypost.shipments.size;
    const rates = await easypostAdapter.rate(
      {
        channel: config,
        services: [service(1, 'USPS', 'GroundAdvantage'), service(2, 'UPS', 'NextDayAirEarly')],
        shipment: testShipment(),
      },
      deps,
    );
    expect(easypost.shipments.size).toBe(before + 2);
    const made = [...easypost.shipments.values()].slice(-2);
    // Each request carried the parcel in ounces and inches and the recipient as EasyPost names its fields.
    expect(made.map((shipment) => shipment.parcel.weight).sort()).toEqual([16, 32]);
    expect(made[0]?.to_address).toMatchObject({ name: 'Grace Buyer', street1: '1 Main St', zip: '10118', state: 'NY' });
    const perParcel = made.map((shipment) =>
      Math.round(Number(shipment.rates.find((rate) => rate.service === 'GroundAdvantage')?.rate) * 100),
    );
    expect(rates[0]).toMatchObject({
      ok: true,
      serviceId: 1,
      costCents: perParcel[0]! + perParcel[1]!,
      deliveryDays: 4,
    });
    expect(rates[1]).toEqual({ ok: false, serviceId: 2, reason: 'notQuoted' });
    // Every call is in the API log, the key nowhere in it.
    const rows = await logged();
    expect(rows.map((row) => [row.operation, row.http_status, row.outcome])).toEqual([
      ['rate', 201, 'ok'],
      ['rate', 201, 'ok'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(API_KEY);
  });

  test("a refused address is a bad request with EasyPost's words, on our field", async () => {
    const config = channel();
    const error = await failureOf(
      easypostAdapter.rate(
        { channel: config, services: [service(1, 'USPS', 'Priority')], shipment: testShipment(1, '1234') },
        depsOf(config).deps,
      ),
    );
    expect(error.kind).toBe('badRequest');
    expect(error.details).toMatchObject({ status: 422, field: 'to.zipCode' });
    expect(error.message).toContain('Invalid ZIP Code');
  });

  test('a wrong API key is an authentication failure, not retried', async () => {
    const config = channel({ apiKey: 'EZTKwrong' });
    const { deps, logged } = depsOf(config);
    const error = await failureOf(
      easypostAdapter.rate(
        { channel: config, services: [service(1, 'USPS', 'Priority')], shipment: testShipment(1) },
        deps,
      ),
    );
    expect(error.kind).toBe('auth');
    expect(await logged()).toHaveLength(1);
  });

  test('429 waits as long as Retry-After says; a 5xx and a broken body are retried with backoff', async () => {
    const config = channel();
    const { deps, waits, logged } = depsOf(config);
    easypost.fail('POST /v2/shipments', { kind: 'status', status: 429, retryAfterSeconds: 2 });
    easypost.fail('POST /v2/shipments', { kind: 'status', status: 503 });
    easypost.fail('POST /v2/shipments', { kind: 'malformed' });
    const [rated] = await easypostAdapter.rate(
      { channel: config, services: [service(1, 'USPS', 'Priority')], shipment: testShipment(1) },
      deps,
    );
    expect(rated?.ok).toBe(true);
    expect(waits[0]).toBe(2000);
    expect(waits).toHaveLength(3);
    expect((await logged()).map((row) => row.outcome)).toEqual(['rateLimited', 'transient', 'transient', 'ok']);
  });

  test('a purchase: labels fetched as the carrier issued them, one per parcel, the shipments remembered first', async () => {
    const config = channel();
    const remembered: string[] = [];
    const bought = await easypostAdapter.purchase(
      purchase(config, 'PP-EP-1', { remember: async (id) => void remembered.push(id) }),
      depsOf(config).deps,
    );
    expect(bought.parcels).toHaveLength(2);
    expect(bought.upstreamId?.split(',')).toHaveLength(2);
    expect(remembered).toEqual([bought.upstreamId]);
    for (const [index, parcel] of bought.parcels.entries()) {
      const shipmentId = bought.upstreamId?.split(',')[index] as string;
      expect(parcel.trackingNumber).toBe(easypost.shipments.get(shipmentId)?.tracking_code);
      expect(parcel.document?.format).toBe('pdf');
      expect(parcel.document?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(easypost.shipments.get(shipmentId)?.reference).toBe('PP-EP-1');
      expect(easypost.purchases.get(shipmentId)).toBe(1);
    }
    expect(bought.trackingNumber).toBe(bought.parcels[0]?.trackingNumber);
  });

  test('a buy whose answer never came is not sent again: its outcome is unknown until the shipment is read', async () => {
    const config = channel({ timeoutMs: 1000 });
    // The stand-in buys, but its answer is lost. EasyPost documents no idempotency key, so the buy is not
    // repeated: the purchase fails as an unknown outcome.
    easypost.fail('POST /v2/shipments/:id/buy', { kind: 'lost' });
    let remembered = '';
    const request = purchase(config, 'PP-EP-2', {
      shipment: testShipment(1),
      remember: async (id) => {
        remembered = id;
      },
    });
    const failure = await failureOf(easypostAdapter.purchase(request, depsOf(config).deps));
    expect(failure.kind).toBe('transient');
    expect(easypost.purchases.get(remembered)).toBe(1);
    // What the platform does next (findPurchase): the shipment read back has the label bought once.
    const found = await easypostAdapter.findPurchase?.({ ...request, upstreamId: remembered }, depsOf(config).deps);
    expect(found).toMatchObject({ trackingNumber: easypost.shipments.get(remembered)?.tracking_code });
    expect(easypost.purchases.get(remembered)).toBe(1);
  });

  test('PNG and ZPL labels come back in their own format', async () => {
    for (const [labelFormat, format, head] of [
      ['PNG', 'png', '\x89PNG'],
      ['ZPL', 'zpl', '^XA'],
    ] as const) {
      const config = channel({ labelFormat });
      const bought = await easypostAdapter.purchase(
        purchase(config, `PP-EP-${format}`, { shipment: testShipment(1) }),
        depsOf(config).deps,
      );
      expect(bought.parcels[0]?.document?.format).toBe(format);
      expect(bought.parcels[0]?.document?.bytes.subarray(0, head.length).toString('latin1')).toBe(head);
    }
  });

  test("void: EasyPost's refund states as pending, refunded or rejected", async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const bought = await easypostAdapter.purchase(purchase(config, 'PP-EP-3'), deps);
    const voidOf = () =>
      easypostAdapter.void(
        {
          channel: config,
          trackingNumbers: [bought.trackingNumber],
          upstreamId: bought.upstreamId ?? null,
          reference: 'PP-EP-3',
        },
        deps,
      );
    expect(await voidOf()).toEqual({ status: 'pending' });
    easypost.refundAnswer = 'refunded';
    expect(await voidOf()).toEqual({ status: 'refunded' });
    easypost.refundAnswer = 'rejected';
    expect((await voidOf()).status).toBe('rejected');
    easypost.refundAnswer = 'submitted';
  });

  test("track: the tracker's details as parcel states", async () => {
    const config = channel();
    const { deps } = depsOf(config);
    const bought = await easypostAdapter.purchase(purchase(config, 'PP-EP-4', { shipment: testShipment(1) }), deps);
    const events = await easypostAdapter.track?.(
      { channel: config, parcels: [{ trackingNumber: bought.trackingNumber, carrierCode: 'USPS' }] },
      deps,
    );
    expect(events?.get(bought.trackingNumber)).toEqual([
      expect.objectContaining({ status: 1, description: 'Pre-Shipment information received' }),
    ]);
  });
});

describe('an EasyPost channel through the platform', () => {
  const easypostChannel = (settings: Record<string, unknown>) => channelOn(t, admin, settings);
  const merchantOn = (channelId: number) => merchantFor(t, admin, channelId);

  test("an EasyPost channel is checked against EasyPost's settings: the key is required", async () => {
    const bad = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/create',
      payload: { name: 'EasyPost', platformCode: 'easypost', carrierCode: 'USPS', settings: { labelFormat: 'GIF' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields).sort()).toEqual(['settings.apiKey', 'settings.labelFormat']);
  });

  test("the platform's form is drawn from its settings schema; the API key is write-only", async () => {
    const platforms = (await call(t.app, admin, { method: 'GET', url: '/api/admin/channel/channel-platform' })).json()
      .data.list as { code: string; channelSettings: { name: string; type: string; required: boolean }[] }[];
    const form = platforms.find((platform) => platform.code === 'easypost')?.channelSettings ?? [];
    expect(form.find((field) => field.name === 'apiKey')).toMatchObject({ type: 'secret', required: true });
    expect(form.find((field) => field.name === 'labelFormat')).toMatchObject({ type: 'choice', required: false });
    expect(form.find((field) => field.name === 'earnestCents')).toMatchObject({ type: 'cents' });

    const { channelId, serviceId } = await easypostChannel({ apiKey: API_KEY, baseUrl: easypost.url });
    const listed = async () =>
      (
        (await call(t.app, admin, { method: 'GET', url: '/api/admin/channel/getAllChannel' })).json().data as {
          id: number;
          settings: Record<string, unknown>;
          secretsSet: string[];
        }[]
      ).find((channel) => channel.id === channelId);
    const tree = await call(t.app, admin, { method: 'GET', url: '/api/admin/channel/getChannelThree' });
    expect(JSON.stringify(tree.json())).not.toContain(API_KEY);
    expect(await listed()).toMatchObject({ settings: { apiKey: '' }, secretsSet: ['apiKey'] });

    // Saved again from the form, the key left blank: the key is kept, the label format changes.
    const saved = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/channel/update/${channelId}`,
      payload: { settings: { apiKey: '', baseUrl: easypost.url, labelFormat: 'ZPL' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(await listed()).toMatchObject({ settings: { labelFormat: 'ZPL', apiKey: '' }, secretsSet: ['apiKey'] });
    const { customer, orderId } = await merchantOn(channelId);
    const bought = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId },
    });
    expect(bought.json().data.status).toBe(1);
    const zpl = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/down?id=${orderId}&format=zpl`,
    });
    expect(zpl.statusCode).toBe(200);
    expect(zpl.rawPayload.toString().match(/\^XA/g)).toHaveLength(2);
  });

  test('a merchant is quoted EasyPost rates, buys the label, downloads the carrier’s label, cancels it; staff void it upstream', async () => {
    const { channelId, serviceId } = await easypostChannel({ apiKey: API_KEY, baseUrl: easypost.url });
    const { customer, orderId, orderNo } = await merchantOn(channelId);

    const quoted = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: { orderId },
    });
    const line = quoted.json().data.find((entry: { serviceId: number }) => entry.serviceId === serviceId);
    expect(line).toMatchObject({ available: true, zone: null, deliveryDays: 2, billableWeightOz: [32, 16] });

    const bought = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId },
    });
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data.status).toBe(1);
    const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const shipmentIds = (order.upstream_id ?? '').split(',');
    expect(shipmentIds).toHaveLength(2);
    expect(order.tracking_no).toBe(easypost.shipments.get(shipmentIds[0] as string)?.tracking_code);
    expect(shipmentIds.map((id) => easypost.purchases.get(id))).toEqual([1, 1]);
    // The cost is what EasyPost charged for both parcels.
    const charged = shipmentIds.map((id) => Number(easypost.shipments.get(id)?.selected_rate?.rate) * 100);
    expect(order.cost).toBe(Math.round((charged[0] as number) + (charged[1] as number)));

    // The label downloaded is the carrier's own: its two pages, 4x6.
    const pdf = await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/label/down?id=${orderId}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`${orderNo}.pdf`);
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBe(2);
    for (const page of document.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });
    const zpl = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/down?id=${orderId}&format=zpl`,
    });
    expect(zpl.statusCode).toBe(422);
    expect(zpl.json().message).toContain('PDF');

    // In a zip and in a merged PDF as well.
    const zipped = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/downZip?ids=${orderId}`,
    });
    expect(zipped.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(zipped.rawPayload);
    expect(Object.keys(zip.files)).toEqual([`${orderNo}.pdf`]);
    const merged = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/downPdf?ids=${orderId}`,
    });
    expect(merged.statusCode).toBe(200);
    expect((await PDFDocument.load(merged.rawPayload)).getPageCount()).toBe(2);

    await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
    const audit = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: orderId, approve: true },
    });
    expect(audit.statusCode).toBe(200);
    expect(shipmentIds.map((id) => easypost.shipments.get(id)?.refund_status)).toEqual(['submitted', 'submitted']);

    // Staff see each call in the API log, with the order number.
    const log = await call(t.app, admin, { method: 'GET', url: `/api/admin/maintenance/apiLog?orderNo=${orderNo}` });
    const operations = log.json().data.list.map((row: { operation: string }) => row.operation);
    expect(operations.filter((operation: string) => operation === 'purchase').length).toBeGreaterThanOrEqual(6);
    expect(operations.filter((operation: string) => operation === 'void')).toHaveLength(2);
  });

  test("the parcels are tracked by EasyPost's trackers: a scan there moves the order to in transit", async () => {
    const { channelId, serviceId } = await easypostChannel({ apiKey: API_KEY, baseUrl: easypost.url });
    const { customer, orderId } = await merchantOn(channelId);
    await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId },
    });
    const parcels = await t.ctx.db
      .selectFrom('parcels')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute();
    const refresh = () =>
      refreshTracking(
        t.ctx,
        trackingProviders(t.ctx),
        30,
        parcels.map((parcel) => parcel.id),
      );
    await refresh();
    const states = async () =>
      (
        await t.ctx.db
          .selectFrom('parcels')
          .select('tracking_status')
          .where('order_id', '=', orderId)
          .orderBy('seq')
          .execute()
      ).map((row) => row.tracking_status);
    expect(await states()).toEqual([1, 1]);
    easypost.scan(parcels[0]?.tracking_no as string, 'in_transit', 'Departed USPS Regional Facility', 'LOS ANGELES');
    await refresh();
    expect(await states()).toEqual([2, 1]);
    const order = await t.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(2);
    const events = await t.ctx.db
      .selectFrom('tracking_events')
      .select(['description', 'location'])
      .where('parcel_id', '=', parcels[0]?.id as number)
      .orderBy('occurred_at')
      .execute();
    expect(events.at(-1)).toEqual({ description: 'Departed USPS Regional Facility', location: 'LOS ANGELES' });
  });

  test("EasyPost's signed tracker events move the parcels of their own channel; forged or foreign ones change nothing", async () => {
    const secret = 'whsec_ünïcode_Ω';
    const { channelId, serviceId } = await easypostChannel({
      apiKey: API_KEY,
      baseUrl: easypost.url,
      webhookSecret: secret,
    });
    const other = await easypostChannel({ apiKey: API_KEY, baseUrl: easypost.url, webhookSecret: 'another-secret' });
    const unsigned = await easypostChannel({ apiKey: API_KEY, baseUrl: easypost.url });
    const { customer, orderId } = await merchantOn(channelId);
    await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId },
    });
    const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const trackingNo = order.tracking_no as string;
    const push = (id: number, delivery: { body: string; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tracking/webhook/carrier/${id}`,
        payload: delivery.body,
        headers: delivery.headers,
      });
    const status = async () =>
      (await t.ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

    easypost.scan(trackingNo, 'in_transit', 'Arrived at USPS Regional Facility', 'NEWARK');
    const signed = easypost.trackerEvent(trackingNo, secret);
    // A body changed after signing, a wrong secret, a channel without one, or one channel's push sent to
    // another: refused, nothing moves.
    const tampered = { ...signed, body: signed.body.replace('NEWARK', 'NOWHERE') };
    expect((await push(channelId, tampered)).statusCode).toBe(400);
    expect((await push(channelId, easypost.trackerEvent(trackingNo, 'guess'))).statusCode).toBe(400);
    expect((await push(unsigned.channelId, signed)).statusCode).toBe(400);
    expect((await push(other.channelId, signed)).statusCode).toBe(400);
    expect((await push(other.channelId, easypost.trackerEvent(trackingNo, 'another-secret'))).statusCode).toBe(200);
    await pushesApplied(t);
    expect(await status()).toBe(1);

    // Answered once stored, applied by the push applier soon after.
    const taken = await push(channelId, signed);
    expect(taken.statusCode).toBe(200);
    await until(status, (value) => value === 2, 'the push applied');
    const events = await t.ctx.db.selectFrom('tracking_events').selectAll().where('order_id', '=', orderId).execute();
    expect(events.map((event) => event.location)).toContain('NEWARK');
    // The same delivery again (EasyPost retries) adds nothing.
    expect((await push(channelId, signed)).statusCode).toBe(200);
    await pushesApplied(t);
    expect(
      await t.ctx.db.selectFrom('tracking_events').selectAll().where('order_id', '=', orderId).execute(),
    ).toHaveLength(events.length);
    // A platform that takes no pushes has no webhook address; staff are shown the EasyPost one's.
    expect((await push(1, signed)).statusCode).toBe(404);
    const listed = (await call(t.app, admin, { method: 'GET', url: '/api/admin/channel/getAllChannel' })).json().data;
    const urls = new Map(
      listed.map((entry: { id: number; webhookUrl: string | null }) => [entry.id, entry.webhookUrl]),
    );
    expect(urls.get(channelId)).toBe(`${t.config.publicUrl}/api/tracking/webhook/carrier/${channelId}`);
    expect(urls.get(1)).toBeNull();
  });

  test('a tracker push is taken in 2 statements; a group of pushes moving orders is applied in as few as one push (issue 29)', async () => {
    const secret = 'whsec_count';
    const { channelId, serviceId } = await easypostChannel({
      apiKey: API_KEY,
      baseUrl: easypost.url,
      webhookSecret: secret,
    });
    const bought: { orderId: number; trackingNo: string }[] = [];
    const merchant = await merchantOn(channelId);
    for (let k = 0; k < 5; k++) {
      const orderId = k === 0 ? merchant.orderId : await merchant.another();
      await merchant.buy(serviceId, orderId);
      const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(order.status).toBe(1);
      bought.push({ orderId, trackingNo: order.tracking_no as string });
    }
    const statusOf = async (orderId: number) =>
      (await t.ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
    /** Every statement sent through the handle (reads and writes, in a transaction and after it; not BEGIN and COMMIT). */
    const counting = () => {
      const counter = { statements: 0 };
      const db = t.ctx.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          counter.statements++;
          return args.result;
        },
      });
      return { counter, ctx: { ...t.ctx, db } };
    };

    // Taken: the channel read and the push stored, then answered; the push applier applies it after.
    const first = bought[0] as (typeof bought)[number];
    easypost.scan(first.trackingNo, 'in_transit', 'Arrived at USPS Regional Facility', 'NEWARK');
    const signed = easypost.trackerEvent(first.trackingNo, secret);
    const taking = counting();
    await acceptCarrierPush(taking.ctx, channelId, { raw: signed.body, json: JSON.parse(signed.body) }, signed.headers);
    expect(taking.counter.statements).toBe(2);
    await until(
      () => statusOf(first.orderId),
      (status) => status === 2,
      'the push applied',
    );

    // Applied: pushes stored for later (not due yet for the app's own applier), then applied as one group.
    const later = Date.now() + 3_600_000;
    const pushOf = ({ trackingNo }: { trackingNo: string }) => ({
      channelId,
      trackingNo,
      events: [
        {
          status: TRACKING_STATUS.inTransit,
          description: 'Arrived at USPS Regional Facility',
          location: 'NEWARK',
          occurredAt: Date.now(),
        },
      ],
    });
    const applyCounted = async (group: typeof bought) => {
      await insertPushes(t.ctx.db, group.map(pushOf), later);
      const applying = counting();
      expect(await applyStoredPushes(applying.ctx, { now: later })).toBe(group.length);
      for (const { orderId } of group) expect(await statusOf(orderId)).toBe(2);
      return applying.counter.statements;
    };
    const one = await applyCounted(bought.slice(1, 2));
    const three = await applyCounted(bought.slice(2));
    // The claim; on PostgreSQL the orders locked; the numbers' pending pushes; the group taken out of the inbox;
    // the parcels with their orders and stored events; the events, the parcels, the orders' facts, their moves,
    // their timelines, the subscribers, the listening endpoints; after the commit the recipients' notice
    // switches. 18 for each push before issue 29's work.
    expect(three).toBe(one);
    expect(three).toBeLessThanOrEqual(t.ctx.dialect === 'postgres' ? 13 : 12);
  });

  test("a USPS return bought on EasyPost shows the carrier's QR code on its return page; an outbound label has none", async () => {
    const { channelId, serviceId } = await easypostChannel({ apiKey: API_KEY, baseUrl: easypost.url });
    // One parcel: its return is one EasyPost shipment, and so has one QR code.
    const { customer, orderId, buy } = await merchantFor(t, admin, channelId, { weights: [2] });
    expect((await buy(serviceId)).json().data.status).toBe(1);
    const created = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/returns',
      payload: { outboundId: orderId },
    });
    const returnId = created.json().data.orderId as number;
    const bought = await call(t.app, customer.token, {
      method: 'POST',
      url: `/api/app/returns/${returnId}/buy`,
      payload: { serviceId, payOnUse: false },
    });
    expect(bought.statusCode).toBe(200);
    const link = (bought.json().data.link as string).slice(3);
    const page = (await call(t.app, null, { method: 'GET', url: `/api/public/returns/${link}` })).json().data;
    expect(page).toMatchObject({ state: 'ready', qrCode: true });
    const qr = await call(t.app, null, { method: 'GET', url: `/api/public/returns/${link}/qr` });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))).toBe(true);
    // Asked for once, on the return's own shipment.
    const shipmentId = (
      await t.ctx.db.selectFrom('orders').select('upstream_id').where('id', '=', returnId).executeTakeFirstOrThrow()
    ).upstream_id;
    expect(easypost.shipments.get(shipmentId as string)?.forms.map((form) => form.form_type)).toEqual([
      'label_qr_code',
    ]);
    const outboundShipments = (
      (await t.ctx.db.selectFrom('orders').select('upstream_id').where('id', '=', orderId).executeTakeFirstOrThrow())
        .upstream_id ?? ''
    ).split(',');
    for (const id of outboundShipments) expect(easypost.shipments.get(id)?.forms).toEqual([]);
  });

  test('PNG labels are placed on 4x6 PDF pages', async () => {
    const { channelId, serviceId } = await easypostChannel({
      apiKey: API_KEY,
      baseUrl: easypost.url,
      labelFormat: 'PNG',
    });
    const { customer, orderId } = await merchantOn(channelId);
    await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId },
    });
    const pdf = await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/label/down?id=${orderId}` });
    expect(pdf.statusCode).toBe(200);
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBe(2);
    for (const page of document.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });
  });

  test("a purchase EasyPost refuses fails the order with EasyPost's reason and refunds it", async () => {
    const { channelId, serviceId } = await easypostChannel({ apiKey: API_KEY, baseUrl: easypost.url });
    const { customer, orderId } = await merchantOn(channelId);
    easypost.fail('POST /v2/shipments/:id/buy', { kind: 'status', status: 402 });
    const bought = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId },
    });
    expect(bought.statusCode).toBe(422);
    const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe(5);
    expect(order.fail_reason).toContain('Insufficient funds to purchase postage');
    const wallet = await t.ctx.db
      .selectFrom('wallets')
      .select('balance')
      .where('user_id', '=', customer.id)
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(20_000);
  });
});

describe('EasyPost purchases cut off midway are never refunded blindly', () => {
  async function setUp(parcels: number) {
    const { channelId, serviceId } = await channelOn(
      t,
      admin,
      // These cases fail the channel's calls many times in a row: its breaker (channel-gate.test.ts) is kept shut.
      { apiKey: API_KEY, baseUrl: easypost.url, timeoutMs: 1000, breakerFailures: 100 },
      { carrier: 'USPS', service: 'GroundAdvantage' },
    );
    const merchant = await merchantFor(t, admin, channelId, {
      funds: '100.00',
      weights: Array.from({ length: parcels }, (_, index) => index + 1),
    });
    return {
      buy: () => merchant.buy(serviceId),
      order: () => merchant.order(),
      balance: merchant.balance,
      lapseAndSweep: merchant.lapseAndSweep,
    };
  }

  test('bought, but the label never came back: the order waits in 17, then completes with its charge kept', async () => {
    const { buy, order, balance, lapseAndSweep } = await setUp(1);
    // Every try to fetch the label goes unanswered (4 attempts).
    easypost.fail('GET /files/:file', { kind: 'hang' }, 4);
    const answer = await buy();
    expect(answer.statusCode).toBe(504);
    expect(answer.json().message).toContain('checked automatically');
    const waiting = await order();
    expect(waiting.status).toBe(17);
    const shipmentId = waiting.upstream_id as string;
    expect(easypost.purchases.get(shipmentId)).toBe(1);
    expect(await balance()).toBe(10_000 - (waiting.rate ?? 0) - waiting.insurance_fee);

    await lapseAndSweep();
    const done = await order();
    expect(done.status).toBe(1);
    expect(done.tracking_no).toBe(easypost.shipments.get(shipmentId)?.tracking_code);
    expect(await balance()).toBe(10_000 - (done.rate ?? 0) - done.insurance_fee);
    expect(easypost.purchases.get(shipmentId)).toBe(1);
    const parcels = await t.ctx.db.selectFrom('parcels').selectAll().where('order_id', '=', done.id).execute();
    expect(parcels[0]?.label_format).toBe('pdf');
  });

  test('the carrier cannot be asked: the order waits for a later sweep instead of being refunded', async () => {
    const { buy, order, balance, lapseAndSweep } = await setUp(1);
    easypost.fail('GET /files/:file', { kind: 'hang' }, 4);
    expect((await buy()).statusCode).toBe(504);
    easypost.fail('GET /v2/shipments/:id', { kind: 'status', status: 503 }, 4);
    await lapseAndSweep();
    expect((await order()).status).toBe(17);
    await lapseAndSweep();
    expect((await order()).status).toBe(1);
    expect(await balance()).toBeLessThan(10_000);
  });

  test('cut off before the carrier bought: refunded in full; cut off between parcels: the bought one goes back too', async () => {
    for (const parcels of [1, 2]) {
      const { buy, order, balance, lapseAndSweep } = await setUp(parcels);
      // The last parcel's buy goes unanswered (and is not made); a buy is sent once (it is never repeated).
      if (parcels === 2) {
        // The first parcel is bought; the second parcel's buy is the one that hangs.
        easypost.fail('POST /v2/shipments/:id/buy', { kind: 'delay', ms: 0 }, 1);
      }
      easypost.fail('POST /v2/shipments/:id/buy', { kind: 'hang' }, 1);
      expect((await buy()).statusCode).toBe(504);
      const ids = ((await order()).upstream_id ?? '').split(',');
      expect(ids).toHaveLength(parcels);
      expect(ids.map((id) => easypost.purchases.get(id) ?? 0)).toEqual(parcels === 2 ? [1, 0] : [0]);

      await lapseAndSweep();
      expect(await order()).toMatchObject({ status: 5, fail_reason: 'interrupted' });
      expect(await balance()).toBe(10_000);
      if (parcels === 2) expect(easypost.shipments.get(ids[0] as string)?.refund_status).toBe('submitted');
    }
  });
});

describe('a batch item whose purchase the carrier left unconfirmed', () => {
  test('waits for the purchase to be settled instead of failing, then buys the label once and charges once', async () => {
    // An app of its own whose purchase claims lapse in 3 s (30 s by default), so the wait is short.
    const quick = await startApp({ jobLockMs: 3_000, jobPollMs: 20 });
    try {
      const staff = await loginToken(quick.app, ADMIN.username, ADMIN.password);
      const { channelId, serviceId } = await channelOn(
        quick,
        staff,
        { apiKey: API_KEY, baseUrl: easypost.url, timeoutMs: 1000, breakerFailures: 100 },
        { carrier: 'USPS', service: 'GroundAdvantage' },
      );
      const merchant = await merchantFor(quick, staff, channelId, { funds: '100.00', weights: [1] });
      // The buy goes unanswered and is not made: whether the carrier bought is not known when the call ends.
      easypost.fail('POST /v2/shipments/:id/buy', { kind: 'hang' }, 1);
      const started = await call(quick.app, merchant.customer.token, {
        method: 'POST',
        url: '/api/app/order/label/batchCreateMix',
        payload: { ids: [merchant.orderId], serviceId },
      });
      const jobId = started.json().data.jobId as number;
      const item = () =>
        quick.ctx.db.selectFrom('job_items').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
      const waiting = await until(item, (row) => row.not_before !== null || row.status !== 0, 'the item to wait');
      expect(waiting).toMatchObject({
        status: 0,
        message: 'An interrupted purchase of this order is being settled; the item goes on by itself',
      });
      const job = await until(
        async () =>
          (await call(quick.app, merchant.customer.token, { method: 'GET', url: `/api/app/jobs/${jobId}` })).json()
            .data,
        (answer) => answer.status === 'done',
        'the batch to finish',
      );
      expect(job).toMatchObject({ done: 1, failed: 0 });
      const bought = await merchant.order();
      expect(bought.status).toBe(1);
      // The shipment whose buy was lost was never bought; the one bought after it was bought once.
      expect([...easypost.purchases.values()].filter((count) => count > 1)).toEqual([]);
      expect(easypost.purchases.get(bought.upstream_id as string)).toBe(1);
      expect(await merchant.balance()).toBe(10_000 - (bought.rate ?? 0) - bought.insurance_fee);
    } finally {
      await quick.close();
    }
  });
});

describe("refunds follow the carrier's", () => {
  async function boughtOn(settings: Record<string, unknown> = {}) {
    const { channelId, serviceId } = await channelOn(t, admin, {
      apiKey: API_KEY,
      baseUrl: easypost.url,
      timeoutMs: 1000,
      ...settings,
    });
    const { customer, orderId, buy, balance, ...merchant } = await merchantFor(t, admin, channelId, {
      funds: '100.00',
      weights: [1],
    });
    expect((await buy(serviceId)).json().data.status).toBe(1);
    const order = () => merchant.order();
    const refunds = () =>
      t.ctx.db
        .selectFrom('balance_logs')
        .select('amount')
        .where('user_id', '=', customer.id)
        .where('type', '=', 2)
        .execute();
    const cancel = () =>
      call(t.app, customer.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
    const approve = () =>
      call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/order/orders/cancelAudit',
        payload: { id: orderId, approve: true },
      });
    /** The refunds sweep, as if its last question to the carrier were long ago. */
    const follow = async () => {
      await t.ctx.db.updateTable('orders').set({ carrier_refund_checked_at: 0 }).where('id', '=', orderId).execute();
      await followCarrierRefunds(t.ctx);
    };
    return { customer, orderId, order, balance, refunds, cancel, approve, follow };
  }

  test('voided at the carrier on cancel; approved, the merchant is refunded once when the carrier refunds', async () => {
    const { customer, orderId, order, balance, refunds, cancel, approve, follow } = await boughtOn();
    const charged = 10_000 - (await balance());
    await cancel();
    const asked = await order();
    expect(asked).toMatchObject({ status: 6, carrier_refund: 'pending' });
    expect(easypost.shipments.get(asked.upstream_id as string)?.refund_status).toBe('submitted');
    // The label is being refunded at the carrier: the cancellation cannot be withdrawn.
    const restore = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/cancelRestore',
      payload: { ids: [orderId] },
    });
    expect(restore.json().data[0]).toMatchObject({
      ok: false,
      message: 'The label is voided at the carrier; the cancellation cannot be withdrawn',
    });

    expect((await approve()).statusCode).toBe(200);
    expect(await order()).toMatchObject({ status: 15, refunded_at: null });
    expect(await refunds()).toEqual([]);
    const messages = (await call(t.app, customer.token, { method: 'GET', url: '/api/user/messages' })).json().data;
    expect(messages[0].title).toBe('Order voided; refund on its way');

    await follow();
    expect(await refunds()).toEqual([]);
    // Staff see what the carrier still owes for it: its cost, since the cancellation, in the channel's total.
    const owed = async () =>
      (
        await call(t.app, admin, { method: 'GET', url: '/api/admin/order/carrierRefundsOwed?page=1&pageSize=50' })
      ).json().data;
    const waiting = await owed();
    const line = waiting.list.find((entry: { id: number }) => entry.id === orderId);
    expect(line).toMatchObject({
      carrierRefund: 'pending',
      cost: ((asked.cost ?? 0) / 100).toFixed(2),
      ageDays: 0,
      overdue: false,
      merchantRefundedAt: null,
    });
    expect(line.voidedAt).not.toBeNull();
    const total = waiting.byChannel.find((entry: { channelId: number }) => entry.channelId === asked.channel_id);
    expect(total).toMatchObject({ count: 1, cost: line.cost, overdue: 0 });
    const shipment = easypost.shipments.get(asked.upstream_id as string);
    if (shipment) shipment.refund_status = 'refunded';
    await follow();
    await follow();
    expect(await refunds()).toEqual([{ amount: charged }]);
    expect((await owed()).list.some((entry: { id: number }) => entry.id === orderId)).toBe(false);
    expect(await balance()).toBe(10_000);
    expect((await order()).carrier_refund).toBe('refunded');
    const events = (await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/detail/${orderId}` }))
      .json()
      .data.timeline.map((entry: { event: string }) => entry.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'carrierVoidPending',
        'voided',
        'refundAwaitingCarrier',
        'carrierVoidRefunded',
        'refunded',
      ]),
    );
  });

  test('a channel that refunds first refunds the merchant at approval', async () => {
    const { order, balance, refunds, cancel, approve } = await boughtOn({ refundFirst: true });
    await cancel();
    await approve();
    expect(await order()).toMatchObject({ status: 15, carrier_refund: 'pending' });
    expect(await refunds()).toHaveLength(1);
    expect(await balance()).toBe(10_000);
  });

  test('a void that did not reach the carrier is sent again; a refund the carrier refuses stays owed', async () => {
    const { order, refunds, cancel, approve, follow } = await boughtOn();
    // A refund request is not sent twice blindly (its outcome is unknown): the approval sends it again.
    easypost.fail('POST /v2/shipments/:id/refund', { kind: 'status', status: 503 }, 1);
    await cancel();
    expect(await order()).toMatchObject({ status: 6, carrier_refund: 'unasked' });
    easypost.refundAnswer = 'rejected';
    try {
      await approve();
      expect(await order()).toMatchObject({ status: 15, carrier_refund: 'rejected' });
      await follow();
      expect(await refunds()).toEqual([]);
      // Refused, it stays owed; past 30 days since the cancellation it is overdue.
      const { id, channel_id } = await order();
      await t.ctx.db
        .updateTable('order_events')
        .set({ created_at: Date.now() - 40 * 86_400_000 })
        .where('order_id', '=', id)
        .where('status', '=', 6)
        .execute();
      const owed = (
        await call(t.app, admin, {
          method: 'GET',
          url: `/api/admin/order/carrierRefundsOwed?page=1&pageSize=50&state=rejected&channelId=${channel_id}`,
        })
      ).json().data;
      expect(owed.list).toEqual([
        expect.objectContaining({ id, carrierRefund: 'rejected', overdue: true, ageDays: 40 }),
      ]);
      expect(owed.byChannel).toEqual([expect.objectContaining({ channelId: channel_id, count: 1, overdue: 1 })]);
    } finally {
      easypost.refundAnswer = 'submitted';
    }
  });

  test("a refund is overdue past its own channel's refund window, read as the channel has it now", async () => {
    const { order, cancel, approve } = await boughtOn({ refundWindowDays: 10 });
    easypost.refundAnswer = 'rejected';
    try {
      await cancel();
      await approve();
    } finally {
      easypost.refundAnswer = 'submitted';
    }
    const { id, channel_id } = await order();
    await t.ctx.db
      .updateTable('order_events')
      .set({ created_at: Date.now() - 12 * 86_400_000 })
      .where('order_id', '=', id)
      .where('status', '=', 6)
      .execute();
    const owed = async () =>
      (
        await call(t.app, admin, {
          method: 'GET',
          url: `/api/admin/order/carrierRefundsOwed?page=1&pageSize=50&channelId=${channel_id}`,
        })
      ).json().data;
    // Twelve days since the void: past this channel's ten, within the thirty others have by default.
    const late = await owed();
    expect(late.list).toEqual([expect.objectContaining({ id, ageDays: 12, windowDays: 10, overdue: true })]);
    expect(late.byChannel).toEqual([expect.objectContaining({ channelId: channel_id, windowDays: 10, overdue: 1 })]);

    const channel = await t.ctx.db
      .selectFrom('channels')
      .select('settings')
      .where('id', '=', channel_id as number)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('channels')
      .set({ settings: JSON.stringify({ ...JSON.parse(channel.settings), refundWindowDays: 20 }) })
      .where('id', '=', channel_id as number)
      .execute();
    const within = await owed();
    expect(within.list).toEqual([expect.objectContaining({ id, windowDays: 20, overdue: false })]);
    expect(within.byChannel).toEqual([expect.objectContaining({ windowDays: 20, overdue: 0 })]);
  });
});
