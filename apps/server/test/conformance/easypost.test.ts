import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TRACKING_STATUS } from '@parcelport/shared';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelConfig, ServiceConfig, UpstreamConnection } from '../../src/carriers/contract/channel.ts';
import { easypostAdapter } from '../../src/carriers/easypost/adapter.ts';
import { UpstreamError } from '../../src/outbound/types.ts';
import { type EasyPostStandIn, startEasyPostStandIn } from '../../standins/easypost.ts';
import { PICKUP, testShipment } from '../upstream-fixtures.ts';
import {
  expectSameShape,
  expectServes,
  type Fixture,
  fixture,
  jsonReply,
  type RecordedCall,
  type Route,
  replay,
  replyOf,
  type StandInReply,
  unlistedFixtures,
} from './replay.ts';

/**
 * EasyPost's adapter (docs/carriers.md, "EasyPost") replayed on EasyPost's own recorded traffic: the
 * cassettes of its Node client library (EasyPost/easypost-node test/cassettes), its webhook test vector
 * (EasyPost/examples official/fixtures) and its error test vectors, each fixture naming its source. What the
 * platform makes of each answer is checked field by field, and what the adapter sent against the request
 * EasyPost's example or recording sent.
 */

const KEY = 'EZTKconformance0123';
const channel = (settings: Record<string, unknown> = {}): ChannelConfig => ({
  id: 1,
  name: 'EasyPost',
  platformCode: 'easypost',
  carrierCode: 'USPS',
  settings: { apiKey: KEY, ...settings },
});
const connection = (settings: Record<string, unknown> = {}) =>
  easypostAdapter.upstream?.(channel(settings).settings) as UpstreamConnection;
const service = (id: number, carrier: 'USPS' | 'UPS', name: string): ServiceConfig => ({
  id,
  channelId: 1,
  code: `${carrier}_${name}`,
  name,
  carrierCode: carrier,
  settings: { carrier, service: name },
  version: 1,
});
const ep = (name: string) => fixture('easypost', name);
/** A fixture's JSON body, typed as the test reads it. */
const body = <T = Record<string, unknown>>(name: string) => ep(name).response.body as T;
/** A fixture's recorded request body. */
const sent = <T = Record<string, unknown>>(name: string) => ep(name).request?.body as T;

/** An answer made here (a file EasyPost's recordings do not hold, or a fixture changed on purpose). */
const made = (response: Fixture['response']): Fixture => ({
  source: { repository: 'EasyPost/easypost-node', path: 'test/cassettes', version: 'made in this test' },
  response,
});
/** A fixture with its JSON body changed: how the adapter meets an answer of another shape. */
const changed = (name: string, change: (value: Record<string, unknown>) => void): Fixture => {
  const copy = structuredClone(body(name));
  change(copy);
  return made({ ...ep(name).response, body: copy });
};
/** A fixture's body cut off midway: a 2xx that is not JSON. */
const cutOff = (name: string): Fixture =>
  made({ status: ep(name).response.status, text: JSON.stringify(body(name)).slice(0, 120) });
/** A fixture with headers added (EasyPost's recordings carry none of interest). */
const withHeaders = (name: string, headers: Record<string, string>): Fixture => made({ ...ep(name).response, headers });

/** Label and form files: EasyPost's recordings keep their URLs, not their bytes. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('label')]);
const PDF = Buffer.from('%PDF-1.4\n% scan form\n');
const fileAnswer = (bytes: Buffer, type: string) =>
  made({ status: 200, headers: { 'content-type': type }, base64: bytes.toString('base64') });
const LABEL_FILE = /^https:\/\/easypost-files\.s3\.us-west-2\.amazonaws\.com\/files\/postage_label\/.+\.png$/;

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => new Error('the call succeeded'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

const CREATED = body<{ id: string; rates: { id: string; service: string }[] }>('shipment-create');
const BOUGHT = body<{ id: string; tracking_code: string }>('shipment-buy');
const GROUND = service(1, 'USPS', 'GroundAdvantage');
const rateRequest = (services: ServiceConfig[], parcels = 1) => ({
  channel: channel(),
  services,
  shipment: testShipment(parcels),
});
const purchaseRequest = (remembered: string[] = []) => ({
  channel: channel(),
  service: GROUND,
  shipment: testShipment(1),
  idempotencyKey: 'PP-1:1',
  reference: 'PP-1',
  remember: async (id: string) => {
    remembered.push(id);
  },
  nextNumbers: async (): Promise<number> => {
    throw new Error('EasyPost numbers its own labels');
  },
});
const purchaseRoutes = (buy: Route['answers'] = ep('shipment-buy')): Route[] => [
  { method: 'POST', path: '/v2/shipments', answers: ep('shipment-create') },
  { method: 'POST', path: `/v2/shipments/${CREATED.id}/buy`, answers: buy },
  { method: 'GET', path: LABEL_FILE, answers: fileAnswer(PNG, 'image/png') },
];
const callsTo = (calls: RecordedCall[], method: string, pathname: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === pathname);

/** The keys an Address may have, as EasyPost's recorded requests and answers have them. */
const ADDRESS_KEYS = new Set([
  ...Object.keys(sent<{ shipment: Record<string, object> }>('shipment-create').shipment.to_address as object),
  ...Object.keys(sent<{ shipment: Record<string, object> }>('shipment-create').shipment.from_address as object),
  ...Object.keys(body('address-verify-success')),
]);

describe('easypost rate', () => {
  test("each service's rate in cents with its delivery days; a service EasyPost did not quote has none", async () => {
    const { http, calls } = replay(connection(), [
      { method: 'POST', path: '/v2/shipments', answers: ep('shipment-create') },
    ]);
    const results = await easypostAdapter.rate(
      rateRequest([GROUND, service(2, 'USPS', 'Express'), service(3, 'UPS', 'Ground')]),
      { http },
    );
    expect(results[0]).toMatchObject({
      ok: true,
      serviceId: 1,
      costCents: 593,
      deliveryDays: 3,
      // The recorded Rate has no delivery_date: the quote counts the date from the days.
      deliveryDate: null,
      parcels: [{ billableOz: 16, charges: { base: 593, fuel: 0 } }],
    });
    expect(results[1]).toMatchObject({ ok: true, costCents: 3310, deliveryDays: 2 });
    expect(results[2]).toEqual({ ok: false, serviceId: 3, reason: 'notQuoted' });
    expect(calls[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);
  });

  test('what is sent is a Shipment as EasyPost records one: addresses, parcel in inches and ounces, options', async () => {
    const { http, calls } = replay(connection(), [
      { method: 'POST', path: '/v2/shipments', answers: ep('shipment-create') },
    ]);
    await easypostAdapter.rate(rateRequest([GROUND], 2), { http });
    // One EasyPost Shipment per parcel.
    expect(calls).toHaveLength(2);
    const recorded = sent<{ shipment: Record<string, Record<string, unknown>> }>('shipment-create').shipment;
    const ours = calls[0]?.json as { shipment: Record<string, Record<string, unknown>> };
    for (const key of Object.keys(ours.shipment)) expect(Object.keys(recorded)).toContain(key);
    for (const side of ['to_address', 'from_address'] as const)
      for (const key of Object.keys(ours.shipment[side] ?? {})) expect(ADDRESS_KEYS).toContain(key);
    expect(Object.keys(ours.shipment.parcel ?? {}).sort()).toEqual(Object.keys(recorded.parcel ?? {}).sort());
    expect(ours.shipment.parcel).toEqual({ length: 10, width: 8, height: 4, weight: 16 });
    expect(ours.shipment.options).toEqual({ label_format: 'PDF', label_size: '4x6' });
  });

  test('a rate of another shape fails naming the operation and the field', async () => {
    const { http } = replay(connection(), [
      {
        method: 'POST',
        path: '/v2/shipments',
        answers: changed('shipment-create', (shipment) => {
          (shipment.rates as Record<string, unknown>[])[0] = { ...(shipment.rates as object[])[0], rate: 5.93 };
        }),
      },
    ]);
    const error = await failure(easypostAdapter.rate(rateRequest([GROUND]), { http }));
    expect(error.message).toMatch(/^easypost rate: answer changed shape at rates\.0\.rate:/);
  });
});

describe('easypost purchase', () => {
  test("the rate is bought; the label is EasyPost's PNG with its tracking number; the shipment remembered first", async () => {
    const remembered: string[] = [];
    const { http, calls } = replay(connection(), purchaseRoutes());
    const bought = await easypostAdapter.purchase(purchaseRequest(remembered), { http });
    expect(bought).toMatchObject({ trackingNumber: BOUGHT.tracking_code, upstreamId: CREATED.id });
    expect(bought.parcels).toHaveLength(1);
    expect(bought.parcels[0]?.document?.format).toBe('png');
    expect(bought.parcels[0]?.document?.bytes.equals(PNG)).toBe(true);
    expect(remembered).toEqual([CREATED.id]);
    // The buy body is the one EasyPost's recording sent: the rate of the service, by id.
    const [buy] = callsTo(calls, 'POST', `/v2/shipments/${CREATED.id}/buy`);
    expect(buy?.json).toEqual(sent('shipment-buy'));
    expect(buy?.json).toEqual({ rate: { id: CREATED.rates.find((rate) => rate.service === 'GroundAdvantage')?.id } });
    // EasyPost documents no idempotency key: none is sent, as none would be honoured.
    expect(buy?.headers['idempotency-key']).toBeUndefined();
    // The label is fetched from EasyPost's file host without the account's key.
    const label = calls.find((call) => LABEL_FILE.test(call.url.href));
    expect(label?.headers.authorization).toBeUndefined();
  });

  test('an unreadable answer to the buy is an unknown outcome: the buy is never sent again', async () => {
    const { http, calls, waits } = replay(connection(), purchaseRoutes(cutOff('shipment-buy')));
    const error = await failure(easypostAdapter.purchase(purchaseRequest(), { http }));
    expect(error.kind).toBe('transient');
    expect(callsTo(calls, 'POST', `/v2/shipments/${CREATED.id}/buy`)).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  test('a bought shipment of another shape fails naming the operation and the field', async () => {
    const broken = changed('shipment-buy', (shipment) => {
      shipment.postage_label = { ...(shipment.postage_label as object), label_url: null };
    });
    const { http } = replay(connection(), purchaseRoutes(broken));
    const error = await failure(easypostAdapter.purchase(purchaseRequest(), { http }));
    expect(error.message).toMatch(/^easypost purchase: answer changed shape at postage_label\.label_url:/);
  });
});

describe('easypost return labels', () => {
  test("a return is asked for with the outbound's addresses and is_return (EasyPost swaps them), billed when bought", async () => {
    expect(easypostAdapter.returns).toEqual({ payOnUse: false, validityDays: null });
    const { http, calls } = replay(connection(), purchaseRoutes());
    const request = purchaseRequest();
    await easypostAdapter.purchase({ ...request, isReturn: { payOnUse: false } }, { http });
    const [created] = callsTo(calls, 'POST', '/v2/shipments');
    const shipment =
      (created?.json as { shipment: Record<string, Record<string, unknown>> } | undefined)?.shipment ?? {};
    expect(shipment.is_return).toBe(true);
    // Our return goes from the recipient to the merchant; EasyPost is sent the outbound way round.
    expect(shipment.to_address?.zip).toBe(request.shipment.from.zipCode);
    expect(shipment.from_address?.zip).toBe(request.shipment.to.zipCode);
    for (const key of Object.keys(shipment.to_address ?? {})) expect(ADDRESS_KEYS).toContain(key);
  });

  const QR_PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('qr code')]);
  const QR_FILE = /^https:\/\/easypost-files\.s3-us-west-2\.amazonaws\.com\/files\/form\/.+\.png$/;
  const qrRoutes = (forms: Route['answers'] = ep('shipment-label-qr-code')): Route[] => [
    ...purchaseRoutes(),
    { method: 'POST', path: `/v2/shipments/${CREATED.id}/forms`, answers: forms },
    { method: 'GET', path: QR_FILE, answers: fileAnswer(QR_PNG, 'image/png') },
  ];

  test("a USPS return comes with its label's QR code, asked for as EasyPost's recording asks (a label_qr_code Form)", async () => {
    const { http, calls } = replay(connection(), qrRoutes());
    const bought = await easypostAdapter.purchase({ ...purchaseRequest(), isReturn: { payOnUse: false } }, { http });
    expect(bought.qrCode?.format).toBe('png');
    expect(bought.qrCode?.bytes.equals(QR_PNG)).toBe(true);
    const [asked] = callsTo(calls, 'POST', `/v2/shipments/${CREATED.id}/forms`);
    expect(asked?.json).toEqual(sent('shipment-label-qr-code'));
    // The label is as without it.
    expect(bought.parcels[0]?.document?.bytes.equals(PNG)).toBe(true);
  });

  test('an outbound label asks for no QR code; a QR code refused leaves the return its label alone', async () => {
    const outbound = replay(connection(), qrRoutes());
    const label = await easypostAdapter.purchase(purchaseRequest(), { http: outbound.http });
    expect(label.qrCode).toBeUndefined();
    expect(callsTo(outbound.calls, 'POST', `/v2/shipments/${CREATED.id}/forms`)).toEqual([]);

    const refused = replay(connection(), qrRoutes(ep('error-422-parameter-required')));
    const bought = await easypostAdapter.purchase(
      { ...purchaseRequest(), isReturn: { payOnUse: false } },
      { http: refused.http },
    );
    expect(bought.qrCode).toBeUndefined();
    expect(bought.trackingNumber).toBe(BOUGHT.tracking_code);
  });
});

describe('easypost void', () => {
  const refunded = body<{ id: string }>('shipment-refund');
  const voidRequest = (upstreamId: string | null) => ({
    channel: channel(),
    trackingNumbers: ['9400100110368068953341'],
    upstreamId,
    reference: 'PP-2',
  });

  test("EasyPost's refund answer (submitted) is a void pending at the carrier; nothing is sent in its body", async () => {
    const { http, calls } = replay(connection(), [
      { method: 'POST', path: `/v2/shipments/${refunded.id}/refund`, answers: ep('shipment-refund') },
    ]);
    expect(await easypostAdapter.void(voidRequest(refunded.id), { http })).toEqual({ status: 'pending' });
    // EasyPost's reference refunds with an empty POST.
    expect(calls.map((call) => [call.method, call.url.pathname, call.text])).toEqual([
      ['POST', `/v2/shipments/${refunded.id}/refund`, ''],
    ]);
  });

  test('a refund that failed upstream is not sent again by the client (the platform asks again later)', async () => {
    const { http, calls, waits } = replay(connection(), [
      { method: 'POST', path: `/v2/shipments/${refunded.id}/refund`, answers: ep('error-503') },
    ]);
    expect((await failure(easypostAdapter.void(voidRequest(refunded.id), { http }))).kind).toBe('transient');
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  test('an order without a shipment is refused without a call', async () => {
    const { http, calls } = replay(connection(), []);
    expect(await easypostAdapter.void(voidRequest(null), { http })).toMatchObject({ status: 'rejected' });
    expect(calls).toEqual([]);
  });
});

describe('easypost voidStatus', () => {
  test("the shipment read back with its refund still submitted is pending (EasyPost's refund answer is the Shipment)", async () => {
    const refunded = body<{ id: string }>('shipment-refund');
    const { http, calls } = replay(connection(), [
      { method: 'GET', path: `/v2/shipments/${refunded.id}`, answers: ep('shipment-refund') },
    ]);
    const outcome = await easypostAdapter.voidStatus?.(
      { channel: channel(), trackingNumbers: [], upstreamId: refunded.id, reference: 'PP-2' },
      { http },
    );
    expect(outcome).toEqual({ status: 'pending' });
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });
});

describe('easypost findPurchase', () => {
  const bought = body<{ id: string; tracking_code: string }>('shipment-retrieve-bought');
  const unbought = body<{ id: string }>('shipment-retrieve-unbought');
  const find = (upstreamId: string, http: Parameters<typeof easypostAdapter.rate>[1]['http']) =>
    easypostAdapter.findPurchase?.({ channel: channel(), upstreamId, reference: 'PP-3' }, { http });

  test('a shipment read back with its label is the purchase: its tracking number and PNG label', async () => {
    const { http } = replay(connection(), [
      { method: 'GET', path: `/v2/shipments/${bought.id}`, answers: ep('shipment-retrieve-bought') },
      { method: 'GET', path: LABEL_FILE, answers: fileAnswer(PNG, 'image/png') },
    ]);
    const found = await find(bought.id, http);
    expect(found).toMatchObject({ trackingNumber: bought.tracking_code, upstreamId: bought.id });
    expect(found !== null && found !== 'unknown' && found?.parcels[0]?.document?.format).toBe('png');
  });

  test('a shipment never bought is no purchase; bought in part, the bought one is refunded', async () => {
    const { http, calls } = replay(connection(), [
      { method: 'GET', path: `/v2/shipments/${unbought.id}`, answers: ep('shipment-retrieve-unbought') },
      { method: 'GET', path: `/v2/shipments/${bought.id}`, answers: ep('shipment-retrieve-bought') },
      { method: 'POST', path: `/v2/shipments/${bought.id}/refund`, answers: ep('shipment-refund') },
    ]);
    expect(await find(unbought.id, http)).toBeNull();
    expect(await find(`${bought.id},${unbought.id}`, http)).toBeNull();
    expect(callsTo(calls, 'POST', `/v2/shipments/${bought.id}/refund`)).toHaveLength(1);
  });

  test('reading is repeated after a 5xx (a GET buys nothing)', async () => {
    const { http, waits } = replay(connection(), [
      {
        method: 'GET',
        path: `/v2/shipments/${unbought.id}`,
        answers: [ep('error-503'), ep('shipment-retrieve-unbought')],
      },
    ]);
    expect(await find(unbought.id, http)).toBeNull();
    expect(waits).toHaveLength(1);
  });
});

describe('easypost track', () => {
  test("the Tracker's details are the parcel's scans: states, words, places and times", async () => {
    const { http, calls } = replay(connection(), [
      { method: 'POST', path: '/v2/trackers', answers: ep('tracker-create') },
    ]);
    const events = await easypostAdapter.track?.(
      { channel: channel(), parcels: [{ trackingNumber: 'EZ1000000001', carrierCode: 'USPS' }] },
      { http },
    );
    expect(events?.get('EZ1000000001')).toEqual([
      {
        status: TRACKING_STATUS.infoReceived,
        description: 'Pre-Shipment Info Sent to USPS',
        location: '',
        occurredAt: Date.parse('2024-06-30T16:06:32Z'),
      },
      {
        status: TRACKING_STATUS.infoReceived,
        description: 'Shipping Label Created',
        location: 'HOUSTON, TX',
        occurredAt: Date.parse('2024-07-01T04:43:32Z'),
      },
    ]);
    // The recorded create sent the tracking code in a `tracker`; ours adds the carrier, as the reference's example does.
    expect(calls[0]?.json).toEqual({
      tracker: { ...sent<{ tracker: object }>('tracker-create').tracker, carrier: 'USPS' },
    });
  });

  test('a Tracker of another shape fails naming the operation and the field', async () => {
    const { http } = replay(connection(), [
      {
        method: 'POST',
        path: '/v2/trackers',
        answers: changed('tracker-create', (tracker) => {
          (tracker.tracking_details as Record<string, unknown>[])[0] = { message: 'x', status: 'pre_transit' };
        }),
      },
    ]);
    const error = await failure(
      easypostAdapter.track?.(
        { channel: channel(), parcels: [{ trackingNumber: 'EZ1000000001', carrierCode: 'USPS' }] },
        { http },
      ) as Promise<unknown>,
    );
    expect(error.message).toMatch(/^easypost track: answer changed shape at tracking_details\.0\.datetime:/);
  });
});

describe('easypost pickups', () => {
  const created = body<{ id: string; pickup_rates: { carrier: string; service: string }[] }>('pickup-create');

  test("a Pickup is created for the label's Shipment, its cheapest rate bought; its confirmation and rate are kept", async () => {
    const { http, calls } = replay(connection(), [
      { method: 'POST', path: '/v2/pickups', answers: ep('pickup-create') },
      { method: 'POST', path: `/v2/pickups/${created.id}/buy`, answers: ep('pickup-buy') },
    ]);
    const booked = await easypostAdapter.pickups?.book({ channel: channel(), ...PICKUP }, { http });
    expect(booked).toEqual({
      confirmation: body<{ confirmation: string }>('pickup-buy').confirmation,
      upstreamId: created.id,
      feeCents: 0,
    });
    const asked = calls[0]?.json as { pickup: Record<string, unknown> };
    expect(Object.keys(asked.pickup)).toEqual(
      expect.arrayContaining(Object.keys(sent<{ pickup: object }>('pickup-create').pickup)),
    );
    expect(asked.pickup.shipment).toEqual(sent<{ pickup: { shipment: unknown } }>('pickup-create').pickup.shipment);
    expect(calls[1]?.json).toEqual(sent('pickup-buy'));
  });

  test('a cancel is one POST to the Pickup', async () => {
    const { http, calls } = replay(connection(), [
      { method: 'POST', path: `/v2/pickups/${created.id}/cancel`, answers: ep('pickup-cancel') },
    ]);
    await easypostAdapter.pickups?.cancel(
      { channel: channel(), upstreamId: created.id, confirmation: 'x', reference: 'pickup' },
      { http },
    );
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      `POST /v2/pickups/${created.id}/cancel`,
    ]);
  });
});

describe('easypost manifest', () => {
  const form = body<{ id: string; form_url: string }>('scan-form-create');
  const manifestRequest = {
    channel: channel(),
    labels: [
      { trackingNumbers: ['9400100110368068953112'], upstreamId: 'shp_f169ca22aa4f474899d5f58c7d337356' },
      { trackingNumbers: ['x'], upstreamId: 'shp_f169ca22aa4f474899d5f58c7d337356' },
    ],
    from: testShipment(1).from,
    shipDate: '2024-07-30',
    reference: 'M-1',
  };

  test("the ScanForm's id and its PDF; the shipments sent once each, as EasyPost's reference sends them", async () => {
    const { http, calls } = replay(connection(), [
      { method: 'POST', path: '/v2/scan_forms', answers: ep('scan-form-create') },
      { method: 'GET', path: /\/files\/scan_form\/.+\.pdf$/, answers: fileAnswer(PDF, 'application/pdf') },
    ]);
    const manifest = await easypostAdapter.manifest?.(manifestRequest, { http });
    expect(manifest?.upstreamId).toBe(form.id);
    expect(manifest?.document.format).toBe('pdf');
    expect(manifest?.document.bytes.equals(PDF)).toBe(true);
    expect(calls[0]?.json).toEqual({ shipments: [{ id: 'shp_f169ca22aa4f474899d5f58c7d337356' }] });
    // The recorded client wraps them in `scan_form`; the shipments themselves are the same.
    expect((calls[0]?.json as { shipments?: unknown } | undefined)?.shipments).toEqual(
      sent<{ scan_form: { shipments: unknown } }>('scan-form-create').scan_form.shipments,
    );
    expect(calls[1]?.url.href).toBe(form.form_url);
  });

  test('a ScanForm of another shape fails naming the operation and the field', async () => {
    const { http } = replay(connection(), [
      {
        method: 'POST',
        path: '/v2/scan_forms',
        answers: changed('scan-form-create', (scanForm) => {
          delete scanForm.id;
        }),
      },
    ]);
    const error = await failure(easypostAdapter.manifest?.(manifestRequest, { http }) as Promise<unknown>);
    expect(error.message).toMatch(/^easypost manifest: answer changed shape at id:/);
  });

  test('a form asked for is not asked again after a failure (it could make a second form)', async () => {
    const { http, calls } = replay(connection(), [
      { method: 'POST', path: '/v2/scan_forms', answers: ep('error-500') },
    ]);
    expect((await failure(easypostAdapter.manifest?.(manifestRequest, { http }) as Promise<unknown>)).kind).toBe(
      'transient',
    );
    expect(calls).toHaveLength(1);
  });
});

describe('easypost validateAddress', () => {
  const postal = {
    addressLine1: '179 N Harbor Dr',
    city: 'Redondo Beach',
    stateCode: 'CA',
    zipCode: '90277',
    countryCode: 'US',
  };
  const validate = (name: string) => {
    const run = replay(connection(), [{ method: 'POST', path: '/v2/addresses', answers: ep(name) }]);
    return { ...run, verdict: easypostAdapter.validateAddress?.({ channel: channel(), address: postal }, run) };
  };

  test('a deliverable address is its corrected form (capitals, ZIP+4), as EasyPost verified it', async () => {
    const { verdict, calls } = validate('address-verify-success');
    expect(await verdict).toEqual({
      deliverable: true,
      // The fixture's residential flag, read as the address correction records it on the order.
      residential: false,
      standardized: {
        addressLine1: '179 N HARBOR DR',
        addressLine2: '',
        city: 'REDONDO BEACH',
        stateCode: 'CA',
        zipCode: '90277-2506',
      },
    });
    // `verify` as EasyPost's recorded request sends it, beside the address.
    const ours = calls[0]?.json as { address: Record<string, unknown>; verify: unknown };
    expect(ours.verify).toEqual(sent<{ verify: unknown }>('address-verify-failure').verify);
    for (const key of Object.keys(ours.address)) expect(ADDRESS_KEYS).toContain(key);
  });

  test("an address EasyPost cannot deliver to is refused with its words (on no field of ours: it names 'address')", async () => {
    const { verdict } = validate('address-verify-failure');
    expect(await verdict).toEqual({ deliverable: false, message: 'Address not found' });
  });

  test('an Address of another shape fails naming the operation and the field', async () => {
    const run = replay(connection(), [
      {
        method: 'POST',
        path: '/v2/addresses',
        answers: changed('address-verify-success', (address) => {
          address.verifications = { delivery: { success: 'yes', errors: [] } };
        }),
      },
    ]);
    const error = await failure(
      easypostAdapter.validateAddress?.({ channel: channel(), address: postal }, run) as Promise<unknown>,
    );
    expect(error.message).toMatch(
      /^easypost validateAddress: answer changed shape at verifications\.delivery\.success:/,
    );
  });
});

describe('easypost billReports', () => {
  const reports = easypostAdapter.billReports;
  const created = body<{ id: string }>('report-create');
  const available = body<{ id: string; url: string; start_date: string; end_date: string }>(
    'report-retrieve-available',
  );
  const invoiceCsv = readFileSync(path.join(import.meta.dirname, '../fixtures/bills/easypost-shipment-invoice.csv'));
  const ZIP_FILE = /^https:\/\/easypost-files\.s3\.us-west-2\.amazonaws\.com\/files\/shipment_report\/.+\.zip\?/;
  const read = (file: Fixture) => {
    const run = replay(connection(), [
      { method: 'GET', path: `/v2/reports/${available.id}`, answers: ep('report-retrieve-available') },
      { method: 'GET', path: ZIP_FILE, answers: file },
    ]);
    return { ...run, state: reports?.read({ channel: channel(), id: available.id }, run) };
  };

  test("the report is asked for with the span EasyPost's reference sends; its id is kept", async () => {
    const { http, calls } = replay(connection(), [
      { method: 'POST', path: '/v2/reports/shipment_invoice', answers: ep('report-create') },
    ]);
    const from = '2022-04-11';
    expect(await reports?.request({ channel: channel(), from, to: from }, { http })).toBe(created.id);
    const recorded = sent('report-create');
    expect(calls[0]?.json).toEqual({ start_date: recorded.start_date, end_date: recorded.end_date });
  });

  test('a report still being made is pending', async () => {
    const id = body<{ id: string }>('report-retrieve-new').id;
    const { http } = replay(connection(), [
      { method: 'GET', path: `/v2/reports/${id}`, answers: ep('report-retrieve-new') },
    ]);
    expect(await reports?.read({ channel: channel(), id }, { http })).toEqual({ status: 'pending' });
  });

  test("a made report's file is a zip (its recorded url): the CSV inside is the bill, kept as a CSV", async () => {
    const zip = Buffer.from(zipSync({ 'shipment_invoice_report.csv': invoiceCsv }));
    const { state, calls } = read(fileAnswer(zip, 'application/zip'));
    const ready = await state;
    expect(ready?.status).toBe('ready');
    if (ready?.status !== 'ready') return;
    expect(ready.file.bytes.equals(invoiceCsv)).toBe(true);
    expect(ready.file.filename).toBe(`easypost-shipment-invoice-${available.start_date}-${available.end_date}.csv`);
    // The file is fetched from EasyPost's file host as the report names it, without the account's key.
    expect(calls[1]?.url.href).toBe(available.url);
    expect(calls[1]?.headers.authorization).toBeUndefined();
  });

  test('a report served as plain CSV is read as it is; a zip without one CSV fails with what it holds', async () => {
    const plain = await read(fileAnswer(invoiceCsv, 'text/csv')).state;
    expect(plain?.status === 'ready' && plain.file.bytes.equals(invoiceCsv)).toBe(true);
    const two = Buffer.from(zipSync({ 'a.csv': invoiceCsv, 'b.csv': invoiceCsv }));
    expect(await read(fileAnswer(two, 'application/zip')).state).toEqual({
      status: 'failed',
      message: `EasyPost report ${available.id}: its zip holds a.csv, b.csv, not one CSV`,
    });
  });

  test("a report whose ask's answer was lost is found in EasyPost's list: the newest of the span made since", async () => {
    type Listed = { reports: { id: string; start_date: string; created_at: string }[]; has_more: boolean };
    const listed = body<Listed>('report-list');
    const [newest, , , , oldest] = listed.reports;
    const list = (answers: Route['answers']) =>
      replay(connection(), [{ method: 'GET', path: '/v2/reports/shipment_invoice', answers }]);
    const span = {
      channel: channel(),
      from: '2022-04-11',
      to: '2022-04-11',
      askedAt: Date.parse(oldest?.created_at ?? ''),
    };
    const run = list(ep('report-list'));
    expect(await reports?.find(span, run)).toBe(newest?.id);
    // Only reports made since the ask (less the clocks' leeway) are listed, a page of 100 at a time.
    const asked = run.calls[0]?.url.searchParams;
    expect(Number(asked?.get('page_size'))).toBe(100);
    expect(Date.parse(asked?.get('start_datetime') ?? '')).toBeLessThan(span.askedAt);
    // Another span: none of the listed is it; EasyPost has more, read from the last report seen.
    const other = list((call) =>
      call.url.searchParams.has('before_id')
        ? changed('report-list', (page) => Object.assign(page, { reports: [], has_more: false }))
        : ep('report-list'),
    );
    expect(await reports?.find({ ...span, from: '2022-04-10' }, other)).toBeNull();
    expect(other.calls.map((call) => call.url.searchParams.get('before_id'))).toEqual([null, oldest?.id]);
  });

  test('a Report of another shape fails naming the operation and the field', async () => {
    const { http } = replay(connection(), [
      {
        method: 'GET',
        path: `/v2/reports/${available.id}`,
        answers: changed('report-retrieve-available', (report) => {
          report.status = 'done';
        }),
      },
    ]);
    const error = await failure(reports?.read({ channel: channel(), id: available.id }, { http }) as Promise<unknown>);
    expect(error.message).toMatch(/^easypost billReports: answer changed shape at status:/);
  });
});

describe('easypost webhook', () => {
  const event = ep('webhook-event').response.text as string;
  const { secret, hmac_signature } = body<{ secret: string; hmac_signature: string }>('webhook-signature');
  const push = (rawBody: string, signature: string | undefined, webhookSecret = secret) =>
    easypostAdapter.webhook?.(
      { channel: channel({ webhookSecret }), headers: { 'x-hmac-signature': signature }, rawBody },
      { http: replay(connection(), []).http },
    );

  test("EasyPost's signed tracker.updated event is taken: the tracker's details as the parcel's scans", async () => {
    const result = await push(event, hmac_signature);
    expect(result?.verified).toBe(true);
    const scans = result?.verified ? result.events.get('1') : undefined;
    expect(scans).toHaveLength(7);
    expect(scans?.[0]).toEqual({
      status: TRACKING_STATUS.infoReceived,
      description: 'Shipment information sent to FedEx',
      location: '',
      occurredAt: Date.parse('2024-07-31T15:00:00Z'),
    });
    expect(scans?.[6]).toMatchObject({ status: TRACKING_STATUS.inTransit, location: 'EDISON, NJ' });
  });

  test('a changed body, another secret or the library\'s "ending differs" signature are refused', async () => {
    expect(await push(event.replace('"in_transit"', '"delivered"'), hmac_signature)).toEqual({ verified: false });
    expect(await push(event, hmac_signature, 'secret')).toEqual({ verified: false });
    const endingDiffers = 'hmac-sha256-hex=e93977c8ccb20363d51a62b3fe1fc402b7829be1152da9e88cf9e8d07115aaaa';
    expect(await push(event, endingDiffers)).toEqual({ verified: false });
    expect(await push(event, undefined)).toEqual({ verified: false });
  });

  test('a signed tracker event of another shape fails naming the operation and the field', async () => {
    const recorded = JSON.parse(event);
    recorded.result.tracking_details[0].datetime = 1722438000;
    const rawBody = JSON.stringify(recorded);
    // Signed as EasyPost signs (its library's validateWebhook): hex HMAC-SHA256 keyed with the NFKD secret.
    const digest = createHmac('sha256', secret.normalize('NFKD')).update(rawBody).digest('hex');
    const error = await failure(Promise.resolve().then(() => push(rawBody, `hmac-sha256-hex=${digest}`)));
    expect(error.message).toMatch(/^easypost webhook: answer changed shape at tracking_details\.0\.datetime:/);
  });
});

describe('easypost errors', () => {
  /** Rates with a first answer of `name` (then EasyPost's shipment): what the platform is left with. */
  async function rateAfter(first: Fixture) {
    const run = replay(connection(), [
      { method: 'POST', path: '/v2/shipments', answers: [first, ep('shipment-create')] },
    ]);
    const outcome = await easypostAdapter.rate(rateRequest([GROUND]), run).then(
      (results) => results,
      (error: unknown) => error as UpstreamError,
    );
    return { ...run, outcome };
  }

  test.each([
    ['error-400-docs', 'Address not found: address Address not found'],
    [
      'error-404-string-errors',
      'The requested resource could not be found.: No eligible insurance found with provided tracking code.',
    ],
    ['error-404-message-array', 'ERROR_MESSAGE_1, ERROR_MESSAGE_2'],
    ['error-422-parameter-required', 'Missing required parameter.: shipment cannot be blank'],
    ['error-422-verify-failure', 'Unable to verify address.: address Address not found'],
  ])("%s is a bad request with the carrier's words, not retried", async (name, message) => {
    const { outcome, calls, waits } = await rateAfter(ep(name));
    expect(outcome).toBeInstanceOf(UpstreamError);
    expect(outcome).toMatchObject({ kind: 'badRequest', message, details: { status: ep(name).response.status } });
    // EasyPost names its own fields (`shipment`, `address`): none of ours, so no field is given.
    expect((outcome as UpstreamError).details.field).toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  test('a field error on a shipment address is shown on our field', async () => {
    // EasyPost's FieldError names the request's field; one of the shipment's addresses maps to ours.
    const onZip = changed('error-422-parameter-required', (answer) => {
      (answer.error as { errors: object[] }).errors = [
        { field: 'shipment.to_address.zip', message: 'cannot be blank' },
      ];
    });
    const { outcome } = await rateAfter(onZip);
    expect(outcome).toMatchObject({ kind: 'badRequest', details: { field: 'to.zipCode' } });
  });

  test('401 is the channel refused: its words, not retried', async () => {
    const { outcome, calls } = await rateAfter(ep('error-401'));
    expect(outcome).toMatchObject({ kind: 'auth', message: 'API did not return error details.' });
    expect(calls).toHaveLength(1);
  });

  test('429 is waited out: after Retry-After when EasyPost sends one, after a backoff when not', async () => {
    const plain = await rateAfter(ep('error-429'));
    expect(Array.isArray(plain.outcome)).toBe(true);
    expect(plain.waits).toEqual([125]);
    // EasyPost does not document Retry-After; when one comes, it is obeyed.
    const told = await rateAfter(withHeaders('error-429', { 'retry-after': '2' }));
    expect(Array.isArray(told.outcome)).toBe(true);
    expect(told.waits).toEqual([2000]);
    expect(told.calls).toHaveLength(2);
  });

  test('5xx: a rate is asked again; a buy never is (its outcome is unknown)', async () => {
    for (const name of ['error-500', 'error-503']) {
      const { outcome, waits } = await rateAfter(ep(name));
      expect(Array.isArray(outcome)).toBe(true);
      expect(waits).toHaveLength(1);
      const bought = replay(connection(), purchaseRoutes(ep(name)));
      const error = await failure(easypostAdapter.purchase(purchaseRequest(), bought));
      expect(error).toMatchObject({ kind: 'transient', message: 'API did not return error details.' });
      expect(callsTo(bought.calls, 'POST', `/v2/shipments/${CREATED.id}/buy`)).toHaveLength(1);
      expect(bought.waits).toEqual([]);
    }
  });

  test('a 2xx that is not JSON: a rate is asked again, a buy is not', async () => {
    const { outcome, waits, calls } = await rateAfter(cutOff('shipment-create'));
    expect(Array.isArray(outcome)).toBe(true);
    expect(waits).toHaveLength(1);
    expect(calls).toHaveLength(2);
    const bought = replay(connection(), purchaseRoutes(cutOff('shipment-buy')));
    const error = await failure(easypostAdapter.purchase(purchaseRequest(), bought));
    expect(error).toMatchObject({ kind: 'transient', message: 'the answer is not valid JSON' });
    expect(callsTo(bought.calls, 'POST', `/v2/shipments/${CREATED.id}/buy`)).toHaveLength(1);
  });
});

describe('easypost stand-in', () => {
  let standIn: EasyPostStandIn;
  beforeAll(async () => {
    standIn = await startEasyPostStandIn({ apiKey: KEY });
  });
  afterAll(async () => {
    await standIn.close();
  });

  /** A call to the stand-in as EasyPost's recording made it. */
  async function ask(method: string, pathname: string, json?: unknown, key = KEY) {
    const response = await fetch(`${standIn.url}${pathname}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  test("shipments, buys, refunds and reads answer EasyPost's recorded shapes", async () => {
    const created = await ask('POST', '/v2/shipments', sent('shipment-create'));
    expect(created.status).toBe(ep('shipment-create').response.status);
    expectSameShape(created.json, body('shipment-create'));
    const id = created.json.id as string;
    const rate = (created.json.rates as { id: string; service: string }[]).find((one) => one.service === 'Priority');
    const bought = await ask('POST', `/v2/shipments/${id}/buy`, { rate: { id: rate?.id } });
    expect(bought.status).toBe(200);
    expectSameShape(bought.json, body('shipment-buy'));
    expectSameShape((await ask('GET', `/v2/shipments/${id}`)).json, body('shipment-retrieve-bought'));
    const refunded = await ask('POST', `/v2/shipments/${id}/refund`);
    expectSameShape(refunded.json, body('shipment-refund'));
    const unbought = await ask('POST', '/v2/shipments', sent('shipment-create'));
    expectSameShape((await ask('GET', `/v2/shipments/${unbought.json.id}`)).json, body('shipment-retrieve-unbought'));
  });

  test("trackers, scan forms, verified addresses and webhook events answer EasyPost's recorded shapes", async () => {
    const created = await ask('POST', '/v2/shipments', sent('shipment-create'));
    const rate = (created.json.rates as { id: string }[])[0];
    const bought = await ask('POST', `/v2/shipments/${created.json.id}/buy`, { rate: { id: rate?.id } });
    const tracker = await ask('POST', '/v2/trackers', { tracker: { tracking_code: bought.json.tracking_code } });
    expectSameShape(tracker.json, body('tracker-create'));
    const form = await ask('POST', '/v2/scan_forms', { shipments: [{ id: created.json.id }] });
    expectSameShape(form.json, body('scan-form-create'));
    const verify = sent<{ address: Record<string, string>; verify: boolean }>('address-verify-failure');
    const failed = await ask('POST', '/v2/addresses', verify);
    expect(failed.status).toBe(ep('address-verify-failure').response.status);
    expectSameShape(failed.json, body('address-verify-failure'));
    const known = await ask('POST', '/v2/addresses', {
      address: {
        name: 'Grace Buyer',
        street1: '350 5th Ave',
        city: 'New York',
        state: 'NY',
        zip: '10118',
        country: 'US',
      },
      verify: true,
    });
    expectSameShape(known.json, body('address-verify-success'));
    // The event: the fields the adapter reads of EasyPost's, in the stand-in's delivery.
    const recorded = JSON.parse(ep('webhook-event').response.text as string);
    const detail = recorded.result.tracking_details[0];
    const delivery = JSON.parse(standIn.trackerEvent(bought.json.tracking_code as string, 'secret').body);
    expectSameShape(delivery, {
      object: recorded.object,
      description: recorded.description,
      result: {
        object: recorded.result.object,
        tracking_code: recorded.result.tracking_code,
        tracking_details: [{ message: detail.message, status: detail.status, datetime: detail.datetime }],
      },
    });
  });

  test("reports answer EasyPost's recorded shapes, and their file is a zip as EasyPost's are", async () => {
    const created = await ask('POST', '/v2/reports/shipment_invoice', sent('report-create'));
    expectSameShape(created.json, body('report-create'));
    standIn.reportReadsUntilMade = 1;
    const first = await ask('GET', `/v2/reports/${created.json.id}`);
    expectSameShape(first.json, body('report-retrieve-new'));
    const madeReport = await ask('GET', `/v2/reports/${created.json.id}`);
    // Nothing was bought on the recorded report's day: the stand-in's report of it is empty, so one of today is read.
    expect(madeReport.json.status).toBe('empty');
    const today = new Date().toISOString().slice(0, 10);
    const todays = await ask('POST', '/v2/reports/shipment_invoice', { start_date: today, end_date: today });
    standIn.reportReadsUntilMade = 0;
    const ready = await ask('GET', `/v2/reports/${todays.json.id}`);
    expectSameShape(ready.json, body('report-retrieve-available'));
    const file = Buffer.from(await (await fetch(ready.json.url as string)).arrayBuffer());
    expect(file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
  });

  test("its errors answer EasyPost's recorded error shapes", async () => {
    const missing = await ask('POST', '/v2/shipments', {});
    expect(missing.status).toBe(422);
    expect(missing.json).toEqual(body('error-422-parameter-required'));
    const refused = await ask('GET', '/v2/shipments/shp_0', undefined, 'wrong');
    expect(refused.status).toBe(401);
    expectSameShape(refused.json, body('error-401'));
    const notFound = await ask('GET', '/v2/trackers/trk_0');
    expect(notFound.status).toBe(404);
    expectSameShape(notFound.json, body('error-404-string-errors'));
  });

  // --- Every fixture the stand-in can answer, compared with what it answers (replay.ts answerDifferences):
  // the same status, headers and fields, and the same values but for the paths listed as following the
  // request (ids, numbers, prices, times, the place asked for).

  const reply = (method: string, pathname: string, json?: unknown, key = KEY) =>
    replyOf(
      fetch(`${standIn.url}${pathname}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
    );
  /** A shipment made of the recorded request, and (`buy`) bought at its Ground Advantage rate. */
  const shipmentMade = async (buy: boolean) => {
    const created = await ask('POST', '/v2/shipments', sent('shipment-create'));
    const id = created.json.id as string;
    if (buy) {
      const rates = created.json.rates as { id: string; service: string }[];
      const rate = rates.find((one) => one.service === 'GroundAdvantage');
      await ask('POST', `/v2/shipments/${id}/buy`, { rate: { id: rate?.id } });
    }
    return id;
  };
  const fault = (status: number) => {
    standIn.fail('POST /v2/shipments', { kind: 'status', status });
    return reply('POST', '/v2/shipments', sent('shipment-create'));
  };
  const RATES = ['id', 'service', 'carrier', 'rate', 'delivery_days', 'shipment_id', 'carrier_account_id'];
  const SHIPMENT_VARYING = ['$.id', '$.rates[]', ...RATES.map((field) => `$.rates[*].${field}`)];
  const BOUGHT_VARYING = [
    ...SHIPMENT_VARYING,
    '$.tracking_code',
    ...['id', 'label_date', 'label_file_type', 'label_url'].map((field) => `$.postage_label.${field}`),
    ...RATES.map((field) => `$.selected_rate.${field}`),
  ];
  const REPORT_VARYING = ['$.id', '$.object', '$.created_at', '$.updated_at'];
  const place = {
    name: 'Grace Buyer',
    street1: '350 5th Ave',
    city: 'New York',
    state: 'NY',
    zip: '10118',
    country: 'US',
  };

  const SERVED: Record<string, { varying: string[]; answer: () => Promise<StandInReply> }> = {
    'shipment-create': {
      varying: SHIPMENT_VARYING,
      answer: () => reply('POST', '/v2/shipments', sent('shipment-create')),
    },
    'shipment-retrieve-unbought': {
      varying: SHIPMENT_VARYING,
      answer: async () => reply('GET', `/v2/shipments/${await shipmentMade(false)}`),
    },
    'shipment-buy': {
      varying: BOUGHT_VARYING,
      answer: async () => {
        const created = await ask('POST', '/v2/shipments', sent('shipment-create'));
        const rates = created.json.rates as { id: string; service: string }[];
        const rate = rates.find((one) => one.service === 'GroundAdvantage');
        return reply('POST', `/v2/shipments/${created.json.id}/buy`, { rate: { id: rate?.id } });
      },
    },
    'shipment-label-qr-code': {
      varying: [
        ...BOUGHT_VARYING,
        ...['id', 'created_at', 'updated_at', 'form_url'].map((field) => `$.forms[*].${field}`),
      ],
      answer: async () =>
        reply('POST', `/v2/shipments/${await shipmentMade(true)}/forms`, sent('shipment-label-qr-code')),
    },
    'shipment-retrieve-bought': {
      varying: BOUGHT_VARYING,
      answer: async () => reply('GET', `/v2/shipments/${await shipmentMade(true)}`),
    },
    'shipment-refund': {
      // The recorded refund is of a shipment sent without a reference.
      varying: [...BOUGHT_VARYING, '$.reference'],
      answer: async () => reply('POST', `/v2/shipments/${await shipmentMade(true)}/refund`),
    },
    'tracker-create': {
      // A label just bought: its first detail the carrier's (in the stand-in's words), the others its scans.
      varying: [
        '$.id',
        '$.tracking_code',
        '$.tracking_details[]',
        '$.tracking_details[*].message',
        '$.tracking_details[*].datetime',
      ],
      answer: async () => {
        const shipment = await ask('GET', `/v2/shipments/${await shipmentMade(true)}`);
        return reply('POST', '/v2/trackers', { tracker: { tracking_code: shipment.json.tracking_code } });
      },
    },
    'scan-form-create': {
      varying: ['$.id', '$.tracking_codes', '$.form_url', '$.batch_id'],
      answer: async () => reply('POST', '/v2/scan_forms', { shipments: [{ id: await shipmentMade(true) }] }),
    },
    'address-verify-failure': {
      varying: ['$.id'],
      answer: () => reply('POST', '/v2/addresses', sent('address-verify-failure')),
    },
    'address-verify-success': {
      // The place asked for, in standard form, and where it is.
      varying: ['$.id', '$.name', '$.street1', '$.city', '$.state', '$.zip', '$.verifications.delivery.details'],
      answer: () => reply('POST', '/v2/addresses', { address: place, verify: true }),
    },
    'error-422-verify-failure': {
      varying: [],
      answer: () =>
        reply('POST', '/v2/addresses', {
          address: (sent('address-verify-failure') as { address: object }).address,
          verify_strict: true,
        }),
    },
    'error-422-parameter-required': { varying: [], answer: () => reply('POST', '/v2/shipments', {}) },
    'error-404-string-errors': {
      // The recorded details are of an insurance not found; the stand-in's 404 gives none.
      varying: ['$.error.errors'],
      answer: () => reply('GET', '/v2/trackers/trk_0'),
    },
    'error-401': {
      // easypost-node's generic vector, not EasyPost's words: the stand-in's are its own, in the same shape.
      varying: ['$.error.code', '$.error.message'],
      answer: () => reply('GET', '/v2/shipments/shp_0', undefined, 'wrong'),
    },
    'error-429': { varying: [], answer: () => fault(429) },
    'error-500': { varying: [], answer: () => fault(500) },
    'error-503': { varying: [], answer: () => fault(503) },
    'report-create': {
      varying: REPORT_VARYING,
      answer: () => reply('POST', '/v2/reports/shipment_invoice', sent('report-create')),
    },
    'report-retrieve-new': {
      varying: REPORT_VARYING,
      answer: async () => {
        const created = await ask('POST', '/v2/reports/shipment_invoice', sent('report-create'));
        standIn.reportReadsUntilMade = 1;
        return reply('GET', `/v2/reports/${created.json.id}`);
      },
    },
    'report-retrieve-available': {
      varying: [...REPORT_VARYING, '$.start_date', '$.end_date', '$.url', '$.url_expires_at'],
      answer: async () => {
        await shipmentMade(true);
        const today = new Date().toISOString().slice(0, 10);
        const created = await ask('POST', '/v2/reports/shipment_invoice', { start_date: today, end_date: today });
        standIn.reportReadsUntilMade = 0;
        return reply('GET', `/v2/reports/${created.json.id}`);
      },
    },
    'report-list': {
      // The reports the stand-in made since a moment ago, newest first: as many as were asked for (two here).
      varying: [
        '$.has_more',
        '$.reports[]',
        ...['id', 'object', 'created_at', 'updated_at', 'status', 'url', 'url_expires_at'].map(
          (field) => `$.reports[*].${field}`,
        ),
      ],
      answer: async () => {
        const since = new Date().toISOString();
        for (let made = 0; made < 2; made++) await ask('POST', '/v2/reports/shipment_invoice', sent('report-create'));
        // A page of the two: newest first, whatever other reports of other spans the stand-in holds.
        return reply('GET', `/v2/reports/shipment_invoice?page_size=2&start_datetime=${since}`);
      },
    },
    'webhook-event': {
      // The Event is of the stand-in's tracker (a test key's, so `mode` test) after one scan.
      varying: [
        ...['$.mode', '$.created_at', '$.updated_at', '$.id', '$.previous_attributes.status', '$.pending_urls'],
        ...['id', 'mode', 'tracking_code', 'status', 'status_detail', 'created_at', 'updated_at', 'weight'].map(
          (field) => `$.result.${field}`,
        ),
        ...['est_delivery_date', 'carrier', 'tracking_details', 'carrier_detail', 'public_url'].map(
          (field) => `$.result.${field}`,
        ),
      ],
      answer: async () => {
        const shipment = await ask('GET', `/v2/shipments/${await shipmentMade(true)}`);
        const code = shipment.json.tracking_code as string;
        standIn.scan(code, 'in_transit', 'Arrived at USPS Regional Facility', 'NEWARK');
        const delivery = standIn.trackerEvent(code, 'secret');
        return jsonReply(delivery.body, 200, delivery.headers);
      },
    },
  };
  const UNSERVED: Record<string, string> = {
    'error-400-docs':
      "the API reference's example Error object, given without a status: the stand-in answers an address it cannot verify strictly with the recorded 422 (error-422-verify-failure)",
    'error-404-message-array':
      "easypost-node's vector of an error whose message is a list: no call the stand-in serves answers one",
    'webhook-signature': 'not an answer: the secret and the signature the client libraries check webhook-event with',
    'pickup-create':
      'driven through the app in test/pickups.test.ts (booked and cancelled against the stand-in); not compared field by field here yet',
    'pickup-buy':
      'driven through the app in test/pickups.test.ts (booked and cancelled against the stand-in); not compared field by field here yet',
    'pickup-cancel':
      'driven through the app in test/pickups.test.ts (booked and cancelled against the stand-in); not compared field by field here yet',
  };

  test('every EasyPost fixture is served by the stand-in or listed with why it is not', () => {
    expect(unlistedFixtures('easypost', Object.keys(SERVED), Object.keys(UNSERVED))).toEqual({
      unlisted: [],
      both: [],
      unknown: [],
    });
  });

  test.each(Object.keys(SERVED))('the stand-in answers %s as EasyPost does', async (name) => {
    const entry = SERVED[name] as (typeof SERVED)[string];
    expectServes(await entry.answer(), ep(name), entry.varying);
  });
});
