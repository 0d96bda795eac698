import { TRACKING_STATUS } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelConfig, ServiceConfig } from '../../src/carriers/contract/channel.ts';
import type { Shipment } from '../../src/carriers/contract/shipment.ts';
import { karrioAdapter } from '../../src/carriers/karrio/adapter.ts';
import { KARRIO_TRACKER_STATUSES } from '../../src/carriers/karrio/wire.ts';
import { UpstreamError } from '../../src/outbound/types.ts';
import { type KarrioStandIn, startKarrioStandIn } from '../../standins/karrio.ts';
import {
  bodyOf,
  type Connection,
  expectSameShape,
  expectServes,
  type Fixture,
  fixture,
  type RecordedCall,
  replay,
  replyOf,
  type StandInReply,
  unlistedFixtures,
} from './replay.ts';

/**
 * Karrio's adapter (docs/carriers.md) against Karrio's own material (karrioapi/karrio 2026.1.32): its
 * OpenAPI document, the answers its server's tests expect, its connectors' parsed trackers and rates, and its
 * source where it answers errors, each fixture naming its source.
 */

const karrio = (name: string) => fixture('karrio', name);

const API_KEY = 'key_3f9c1e7a5b2d4c6e8f0a1b3c5d7e9f21';
const BASE = 'https://karrio.example.com';
/** The shipment id of Karrio's recorded shipment fixtures. */
const SHIPMENT_ID = 'shp_8c3f2bb9a31e4d6c9a7b2f0e5d4c1a90';

// The platform names US carriers only; Karrio's recorded shipments are Canada Post's, which changes nothing here.
const channel: ChannelConfig = {
  id: 1,
  name: 'Karrio',
  platformCode: 'karrio',
  carrierCode: 'USPS',
  settings: { apiKey: API_KEY, baseUrl: BASE },
};

const service = (id: number, code: string, carrierId = ''): ServiceConfig => ({
  id,
  channelId: 1,
  code: code.toUpperCase(),
  name: code,
  carrierCode: 'USPS',
  settings: { service: code, carrierId },
  version: 1,
});

const connection = (): Connection => {
  const upstream = karrioAdapter.upstream?.(channel.settings);
  if (!upstream) throw new Error('the Karrio adapter calls out');
  return upstream;
};

/** A 1 lb and a 2 lb box (10 x 8 x 4 in) from Beverly Hills to New York. */
const shipment = (parcels = 1): Shipment => ({
  from: {
    personName: 'Ada Shipper',
    phone: '310-555-0100',
    countryCode: 'US',
    stateCode: 'CA',
    city: 'Beverly Hills',
    addressLine1: '1 Main St',
    zipCode: '90210',
  },
  to: {
    personName: 'Grace Buyer',
    company: 'Buyer Inc',
    countryCode: 'US',
    stateCode: 'NY',
    city: 'New York',
    addressLine1: '350 5th Ave',
    addressLine2: 'Suite 100',
    zipCode: '10118',
  },
  parcels: Array.from({ length: parcels }, (_, index) => ({
    length: 10,
    width: 8,
    height: 4,
    weight: index + 1,
    massUnit: 'lb' as const,
    distanceUnit: 'in' as const,
  })),
  residential: true,
  batteryType: 'none',
});

/** The same answer with another JSON body: a changed shape the adapter must refuse. */
const withBody = (item: Fixture, body: unknown): Fixture => ({ ...item, response: { ...item.response, body } });

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

/** A schema of Karrio's OpenAPI document, as far as a request body is checked against it. */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  nullable?: boolean;
  items?: Schema;
  allOf?: Schema[];
  $ref?: string;
  additionalProperties?: unknown;
}

const SCHEMAS = (bodyOf(karrio('openapi-requests')) as { components: { schemas: Record<string, Schema> } }).components
  .schemas;

/** A `$ref` or a one-member `allOf` followed to the schema it names. */
function resolved(schema: Schema): Schema {
  if (schema.$ref) return resolved(SCHEMAS[schema.$ref.replace('#/components/schemas/', '')] as Schema);
  if (schema.allOf?.length === 1) return resolved(schema.allOf[0] as Schema);
  return schema;
}

const typeOf = (value: unknown) =>
  Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : value === null ? 'null' : typeof value;

/** Where `value` breaks `schema`: an undocumented or missing field, a wrong type, a value not of its enum. */
function schemaProblems(value: unknown, named: Schema, at: string): string[] {
  const schema = resolved(named);
  if (value === null) return schema.nullable ? [] : [`${at}: null is not allowed`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} is not one of its enum`];
  const type = typeOf(value);
  const fits = schema.type === undefined || schema.type === type || (schema.type === 'number' && type === 'integer');
  if (!fits) return [`${at}: ${type} where the schema has ${schema.type}`];
  if (Array.isArray(value))
    return value.flatMap((item, index) => schemaProblems(item, schema.items ?? {}, `${at}[${index}]`));
  if (type !== 'object') return [];
  const fields = value as Record<string, unknown>;
  const missing = (schema.required ?? []).filter((name) => !(name in fields)).map((name) => `${at}.${name}: required`);
  const wrong = Object.entries(fields).flatMap(([name, field]) => {
    const property = schema.properties?.[name];
    if (property) return schemaProblems(field, property, `${at}.${name}`);
    return schema.additionalProperties === undefined ? [`${at}.${name}: not in the schema`] : [];
  });
  return [...missing, ...wrong];
}

/** What our adapter sent, checked against the schema Karrio's OpenAPI document gives that request. */
function expectConforms(call: RecordedCall | undefined, schema: string) {
  expect(call?.headers['content-type']).toBe('application/json');
  expect(schemaProblems(call?.json, { $ref: `#/components/schemas/${schema}` }, schema)).toEqual([]);
}

describe('karrio rate', () => {
  const rated = (answer: Fixture, services: ServiceConfig[], parcels = 1) => {
    const replayed = replay(connection(), [{ method: 'POST', path: '/v1/proxy/rates', answers: answer }]);
    return {
      replayed,
      rates: karrioAdapter.rate({ channel, services, shipment: shipment(parcels) }, { http: replayed.http }),
    };
  };

  test("Karrio's proxy rates price the service asked for, on its connection; another connection's or another service has none", async () => {
    const { rates } = rated(karrio('rates'), [
      service(1, 'canadapost_priority', 'canadapost'),
      service(2, 'canadapost_priority', 'canadapost_other_account'),
      service(3, 'canadapost_expedited_parcel'),
    ]);
    const [priority, otherAccount, expedited] = await rates;
    // total_charge 106.71 is the whole shipment's; the first parcel carries it.
    expect(priority).toMatchObject({ ok: true, serviceId: 1, costCents: 10_671, deliveryDays: 2, zone: null });
    expect(priority?.ok && priority.parcels[0]?.charges.base).toBe(10_671);
    expect(otherAccount).toEqual({ ok: false, serviceId: 2, reason: 'notQuoted' });
    expect(expedited).toEqual({ ok: false, serviceId: 3, reason: 'notQuoted' });
  });

  test("Karrio's USPS connector's rates (USD): the whole shipment's price on the first parcel, and its days", async () => {
    const { rates } = rated(
      karrio('rates-usps'),
      [
        service(1, 'usps_priority_mail_express_padded_flat_rate_envelope'),
        service(2, 'usps_library_mail_nonstandard_single_piece', 'usps'),
      ],
      2,
    );
    const [express, library] = await rates;
    expect(express).toMatchObject({ ok: true, costCents: 3225, deliveryDays: 2 });
    expect(express?.ok && express.parcels.map((parcel) => parcel.charges.base)).toEqual([3225, 0]);
    expect(library).toMatchObject({ ok: true, costCents: 4274, deliveryDays: 7 });
  });

  test("what we send is a RateRequest of Karrio's OpenAPI document, with the key as Karrio's Token header", async () => {
    const { replayed, rates } = rated(karrio('rates'), [service(1, 'canadapost_priority')], 2);
    await rates;
    const [call] = replayed.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.href).toBe(`${BASE}/v1/proxy/rates`);
    expect(call?.headers.authorization).toBe(`Token ${API_KEY}`);
    expectConforms(call, 'RateRequest');
    expect(call?.json).toMatchObject({
      services: ['canadapost_priority'],
      recipient: { postal_code: '10118', country_code: 'US', residential: true, address_line2: 'Suite 100' },
      parcels: [
        { weight: 16, weight_unit: 'OZ', length: 10, width: 8, height: 4, dimension_unit: 'IN' },
        { weight: 32, weight_unit: 'OZ' },
      ],
    });
    expect(replayed.log[0]?.requestHeaders).not.toContain(API_KEY);
  });

  test('a rate whose total_charge is not a number fails naming karrio rate and the field', async () => {
    const changed = withBody(karrio('rates'), {
      messages: [],
      rates: [{ ...(bodyOf(karrio('rates')) as { rates: object[] }).rates[0], total_charge: '106.71' }],
    });
    const error = await failure(rated(changed, [service(1, 'canadapost_priority')]).rates);
    expect(error.kind).toBe('transient');
    expect(error.message).toMatch(/^karrio rate: answer changed shape at rates\.0\.total_charge/);
  });
});

/** Karrio's recorded answers to a purchase: the draft, its purchase, and its label file. */
const purchaseRoutes = () => [
  { method: 'POST', path: '/v1/shipments', answers: karrio('shipment-draft') },
  { method: 'POST', path: `/v1/shipments/${SHIPMENT_ID}/purchase`, answers: karrio('shipment-purchased') },
  { method: 'GET', path: `/v1/shipments/${SHIPMENT_ID}/label.pdf`, answers: karrio('label') },
];

const purchaseRequest = (remembered: string[] = []) => ({
  channel,
  service: service(2, 'canadapost_priority', 'canadapost'),
  shipment: shipment(),
  idempotencyKey: 'PP-KA-7:1',
  reference: 'PP-KA-7',
  nextNumbers: async () => {
    throw new Error('Karrio numbers its own labels');
  },
  remember: async (id: string) => {
    remembered.push(id);
  },
});

describe('karrio purchase', () => {
  test("Karrio's draft is remembered, its rate bought, and the label at its label_url kept on the parcel", async () => {
    const replayed = replay(connection(), purchaseRoutes());
    const remembered: string[] = [];
    const bought = await karrioAdapter.purchase(purchaseRequest(remembered), { http: replayed.http });
    expect(remembered).toEqual([SHIPMENT_ID]);
    expect(bought.upstreamId).toBe(SHIPMENT_ID);
    expect(bought.trackingNumber).toBe('123456789012');
    expect(bought.parcels).toHaveLength(1);
    expect(bought.parcels[0]?.trackingNumber).toBe('123456789012');
    expect(bought.parcels[0]?.document?.format).toBe('pdf');
    expect(bought.parcels[0]?.document?.bytes).toEqual(
      Buffer.from(karrio('label').response.base64 as string, 'base64'),
    );
    expect(replayed.unmatched).toEqual([]);
  });

  test("what we send: a ShipmentData that stays a draft, then a ShipmentPurchaseData with the draft's rate; the label read with the key", async () => {
    const replayed = replay(connection(), purchaseRoutes());
    await karrioAdapter.purchase(purchaseRequest(), { http: replayed.http });
    const [create, buy, label] = replayed.calls;
    expectConforms(create, 'ShipmentData');
    // `service` (one) would make Karrio buy at once; `services` only rates the draft.
    expect(create?.json).not.toHaveProperty('service');
    expect(create?.json).toMatchObject({
      services: ['canadapost_priority'],
      label_type: 'PDF',
      reference: 'PP-KA-7',
      metadata: { parcelport_key: 'PP-KA-7:1' },
    });
    expect(buy?.url.pathname).toBe(`/v1/shipments/${SHIPMENT_ID}/purchase`);
    expectConforms(buy, 'ShipmentPurchaseData');
    expect(buy?.json).toEqual({ selected_rate_id: 'rat_f5c1317021cb4b3c8a5d3b7369ed99e4' });
    expect(label?.url.href).toBe(`${BASE}/v1/shipments/${SHIPMENT_ID}/label.pdf`);
    expect(label?.headers.authorization).toBe(`Token ${API_KEY}`);
  });

  test('a draft without the wanted rate is a bad request, and nothing is bought', async () => {
    const replayed = replay(connection(), purchaseRoutes());
    const request = { ...purchaseRequest(), service: service(2, 'canadapost_expedited_parcel') };
    const error = await failure(karrioAdapter.purchase(request, { http: replayed.http }));
    expect(error.kind).toBe('badRequest');
    expect(replayed.calls.map((call) => call.method)).toEqual(['POST']);
  });

  test('a lost purchase answer is not sent again (Karrio keeps no idempotency key): its outcome is unknown', async () => {
    const replayed = replay(connection(), [
      ...purchaseRoutes().slice(0, 1),
      {
        method: 'POST',
        path: `/v1/shipments/${SHIPMENT_ID}/purchase`,
        answers: () => {
          throw new TypeError('fetch failed');
        },
      },
    ]);
    const error = await failure(karrioAdapter.purchase(purchaseRequest(), { http: replayed.http }));
    expect(error.kind).toBe('transient');
    expect(replayed.calls.filter((call) => call.url.pathname.endsWith('/purchase'))).toHaveLength(1);
    expect(replayed.calls[1]?.headers).not.toHaveProperty('idempotency-key');
  });

  test('a purchase answered in another shape is an unknown outcome, naming karrio purchase and the field', async () => {
    const purchased = bodyOf(karrio('shipment-purchased')) as Record<string, unknown>;
    const replayed = replay(connection(), [
      ...purchaseRoutes().slice(0, 1),
      {
        method: 'POST',
        path: `/v1/shipments/${SHIPMENT_ID}/purchase`,
        answers: withBody(karrio('shipment-purchased'), { ...purchased, rates: 'none' }),
      },
    ]);
    const error = await failure(karrioAdapter.purchase(purchaseRequest(), { http: replayed.http }));
    expect(error).toMatchObject({ kind: 'transient' });
    expect(error.message).toMatch(/^karrio purchase: answer changed shape at rates/);
  });
});

describe('karrio void', () => {
  const voided = (answers: Fixture) => {
    const replayed = replay(connection(), [{ method: 'POST', path: `/v1/shipments/${SHIPMENT_ID}/cancel`, answers }]);
    const request = { channel, trackingNumbers: ['123456789012'], upstreamId: SHIPMENT_ID, reference: 'PP-KA-7' };
    return { replayed, outcome: karrioAdapter.void(request, { http: replayed.http }) };
  };

  test("Karrio's cancelled shipment is the void accepted; its repeated cancel (202, still cancelled) too", async () => {
    expect(await voided(karrio('shipment-cancelled')).outcome).toEqual({ status: 'refunded' });
    expect(await voided(karrio('shipment-cancelled-again')).outcome).toEqual({ status: 'refunded' });
  });

  test('what we send: POST /v1/shipments/{id}/cancel with no body, with the key', async () => {
    const { replayed, outcome } = voided(karrio('shipment-cancelled'));
    await outcome;
    const [call] = replayed.calls;
    expect([call?.method, call?.url.href, call?.text]).toEqual([
      'POST',
      `${BASE}/v1/shipments/${SHIPMENT_ID}/cancel`,
      '',
    ]);
    expect(call?.headers.authorization).toBe(`Token ${API_KEY}`);
  });

  test("a shipment in transit is refused with Karrio's words (409); a carrier's refusal behind Karrio (424) too", async () => {
    const inTransit = await failure(voided(karrio('error-409-cancel')).outcome);
    expect(inTransit).toMatchObject({ kind: 'badRequest', details: { status: 409 } });
    expect(inTransit.message).toBe("The shipment is 'in_transit' and can not be cancelled anymore...");
    const carrier = await failure(voided(karrio('error-424-carrier')).outcome);
    expect(carrier).toMatchObject({ kind: 'badRequest', details: { status: 424 } });
    expect(carrier.message).toBe('canadapost: Not Found');
  });

  test('a void without a Karrio shipment asks nothing', async () => {
    const replayed = replay(connection(), []);
    const request = { channel, trackingNumbers: ['1'], upstreamId: null, reference: 'PP-KA-7' };
    expect(await karrioAdapter.void(request, { http: replayed.http })).toMatchObject({ status: 'rejected' });
    expect(replayed.calls).toEqual([]);
  });
});

describe('karrio findPurchase', () => {
  const found = (answers: Fixture) => {
    const replayed = replay(connection(), [
      { method: 'GET', path: `/v1/shipments/${SHIPMENT_ID}`, answers },
      { method: 'GET', path: `/v1/shipments/${SHIPMENT_ID}/label.pdf`, answers: karrio('label') },
    ]);
    const request = { channel, upstreamId: SHIPMENT_ID, reference: 'PP-KA-7' };
    return { replayed, result: karrioAdapter.findPurchase?.(request, { http: replayed.http }) };
  };

  test("Karrio's bought shipment (status created) is the purchase, its label fetched again", async () => {
    const { replayed, result } = found(karrio('shipment-purchased'));
    expect(await result).toMatchObject({
      trackingNumber: '123456789012',
      upstreamId: SHIPMENT_ID,
      parcels: [{ trackingNumber: '123456789012', document: { format: 'pdf' } }],
    });
    expect(replayed.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      `GET /v1/shipments/${SHIPMENT_ID}`,
      `GET /v1/shipments/${SHIPMENT_ID}/label.pdf`,
    ]);
  });

  test("a draft (Karrio's own answer to its creation) and a cancelled shipment are no purchase", async () => {
    expect(await found(karrio('shipment-draft')).result).toBeNull();
    expect(await found(karrio('shipment-cancelled')).result).toBeNull();
  });

  test('a shipment Karrio does not have is a bad request with its words (404)', async () => {
    const error = await failure(found(karrio('error-404')).result as Promise<unknown>);
    expect(error).toMatchObject({ kind: 'badRequest', details: { status: 404 }, message: 'Shipment not found' });
  });
});

describe('karrio track', () => {
  const tracked = (answers: Fixture, trackingNumber: string) => {
    const replayed = replay(connection(), [{ method: 'GET', path: `/v1/trackers/${trackingNumber}`, answers }]);
    const request = { channel, parcels: [{ trackingNumber, carrierCode: 'FEDEX' }] };
    return { replayed, events: karrioAdapter.track?.(request, { http: replayed.http }) };
  };

  test('a picked-up parcel (Karrio\'s FedEx tracker, status picked_up) is in transit, not "not found"', async () => {
    const events = (await tracked(karrio('tracker-picked-up'), '123456789012').events)?.get('123456789012');
    expect(events).toEqual([
      {
        status: TRACKING_STATUS.inTransit,
        description: 'Package available for clearance',
        location: 'SEATTLE, WA, 98101, US',
        occurredAt: Date.parse('2018-02-02T12:01:00.000Z'),
      },
    ]);
  });

  test("a delivered tracker's events oldest first, each with its own status; one without takes in transit", async () => {
    const events = (await tracked(karrio('tracker-delivered'), '776094337676').events)?.get('776094337676') ?? [];
    expect(events.map((event) => [event.status, event.description])).toEqual([
      [TRACKING_STATUS.outForDelivery, 'On FedEx vehicle for delivery'],
      [TRACKING_STATUS.deliveryFailed, 'Customer not available or business closed'],
      [TRACKING_STATUS.deliveryFailed, 'FedEx redirected your package to a nearby FedEx location'],
      [TRACKING_STATUS.inTransit, 'Tendered at FedEx Facility'],
      [TRACKING_STATUS.inTransit, 'Picked up'],
      [TRACKING_STATUS.inTransit, 'Shipment arriving On-Time'],
      [TRACKING_STATUS.outForDelivery, 'On FedEx vehicle for delivery'],
      [TRACKING_STATUS.delivered, 'Delivered'],
    ]);
    expect(events.at(-1)).toMatchObject({ location: '', occurredAt: Date.parse('2024-04-26T09:26:00.000Z') });
  });

  test("Karrio's server tracker whose event has no status nor timestamp: its date and time, the tracker's status", async () => {
    const { replayed, events } = tracked(karrio('tracker-in-transit'), '1Z12345E6205277936');
    expect((await events)?.get('1Z12345E6205277936')).toEqual([
      {
        status: TRACKING_STATUS.inTransit,
        description: 'UPS INTERNAL ACTIVITY CODE',
        location: 'BONN',
        occurredAt: Date.parse('2010-08-30T10:39:00Z'),
      },
    ]);
    expect(replayed.calls[0]?.url.href).toBe(`${BASE}/v1/trackers/1Z12345E6205277936`);
  });

  test("every value of Karrio's TrackerStatus is a parcel state, and one Karrio does not have fails naming it", async () => {
    const body = bodyOf(karrio('tracker-picked-up')) as { events: object[] };
    const expected: Record<(typeof KARRIO_TRACKER_STATUSES)[number], number> = {
      pending: TRACKING_STATUS.infoReceived,
      picked_up: TRACKING_STATUS.inTransit,
      in_transit: TRACKING_STATUS.inTransit,
      delivery_delayed: TRACKING_STATUS.inTransit,
      out_for_delivery: TRACKING_STATUS.outForDelivery,
      ready_for_pickup: TRACKING_STATUS.arrivedForPickup,
      delivery_failed: TRACKING_STATUS.deliveryFailed,
      delivered: TRACKING_STATUS.delivered,
      on_hold: TRACKING_STATUS.exception,
      cancelled: TRACKING_STATUS.exception,
      return_to_sender: TRACKING_STATUS.exception,
      unknown: TRACKING_STATUS.notFound,
    };
    for (const status of KARRIO_TRACKER_STATUSES) {
      const answer = withBody(karrio('tracker-picked-up'), {
        ...body,
        status,
        events: [{ ...body.events[0], status }],
      });
      const events = (await tracked(answer, '123456789012').events)?.get('123456789012');
      expect([status, events?.[0]?.status]).toEqual([status, expected[status]]);
    }
    const unknown = withBody(karrio('tracker-picked-up'), { ...body, status: 'lost_in_space' });
    const error = await failure(tracked(unknown, '123456789012').events as Promise<unknown>);
    expect(error.message).toMatch(/^karrio track: answer changed shape at status/);
  });
});

describe('karrio errors', () => {
  const rateWith = (answers: Fixture | Fixture[]) => {
    const replayed = replay(connection(), [{ method: 'POST', path: '/v1/proxy/rates', answers }]);
    const rates = karrioAdapter.rate(
      { channel, services: [service(1, 'canadapost_priority')], shipment: shipment() },
      { http: replayed.http },
    );
    return { replayed, rates };
  };

  test("a validation refusal (400) is a bad request with every complaint of Karrio's, on our field", async () => {
    const error = await failure(rateWith(karrio('error-400-validation')).rates);
    expect(error).toMatchObject({ kind: 'badRequest', details: { status: 400, field: 'to.countryCode' } });
    expect(error.message).toBe(
      'recipient.country_code: This field is required.; shipper.country_code: This field is required.',
    );
  });

  test('a refused key (401) is an authentication failure, not retried', async () => {
    const { replayed, rates } = rateWith(karrio('error-401'));
    const error = await failure(rates);
    expect(error).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect(error.message).toBe('Given token not valid for any token type');
    expect(replayed.calls).toHaveLength(1);
  });

  test('a purchase refused as already bought (409) is a bad request with its words', async () => {
    const replayed = replay(connection(), [
      ...purchaseRoutes().slice(0, 1),
      { method: 'POST', path: `/v1/shipments/${SHIPMENT_ID}/purchase`, answers: karrio('error-409-purchased') },
    ]);
    const error = await failure(karrioAdapter.purchase(purchaseRequest(), { http: replayed.http }));
    expect(error).toMatchObject({ kind: 'badRequest', details: { status: 409 } });
    expect(error.message).toBe("The shipment is 'created' and cannot be purchased again");
  });

  test('a throttled call (429) waits as long as Retry-After says, then is answered', async () => {
    const { replayed, rates } = rateWith([karrio('error-429-retry-after'), karrio('rates')]);
    expect((await rates)[0]).toMatchObject({ ok: true, costCents: 10_671 });
    expect(replayed.waits).toEqual([3000]);
    expect(replayed.log.map((record) => [record.httpStatus, record.outcome, record.errorMessage])).toEqual([
      [429, 'rateLimited', 'Request was throttled. Expected available in 3 seconds.'],
      [200, 'ok', null],
    ]);
  });

  test('a throttled call without Retry-After waits the backoff, and throttling to the end is rate limited', async () => {
    const { replayed, rates } = rateWith(karrio('error-429'));
    const error = await failure(rates);
    expect(error).toMatchObject({ kind: 'rateLimited', message: 'Request was throttled.' });
    expect(error.details.retryAfterMs).toBeUndefined();
    expect(replayed.calls).toHaveLength(4);
    expect(replayed.waits).toHaveLength(3);
  });

  test("a server error (500) and nginx's 502 page are transient: a rate is asked again, a purchase is not", async () => {
    const { replayed, rates } = rateWith([karrio('error-500'), karrio('error-502-html'), karrio('rates')]);
    expect((await rates)[0]).toMatchObject({ ok: true });
    expect(replayed.log.map((record) => [record.httpStatus, record.outcome])).toEqual([
      [500, 'transient'],
      [502, 'transient'],
      [200, 'ok'],
    ]);
    expect(replayed.log[0]?.errorMessage).toContain('connection to server');
    expect(replayed.log[1]?.errorMessage).toBe('Karrio answered HTTP 502');
    const purchase = replay(connection(), [
      ...purchaseRoutes().slice(0, 1),
      { method: 'POST', path: `/v1/shipments/${SHIPMENT_ID}/purchase`, answers: karrio('error-502-html') },
    ]);
    const error = await failure(karrioAdapter.purchase(purchaseRequest(), { http: purchase.http }));
    expect(error).toMatchObject({ kind: 'transient', details: { status: 502 } });
    expect(purchase.calls).toHaveLength(2);
  });
});

describe('karrio stand-in', () => {
  const KEY = 'key_karrio_conformance_0123';
  let standIn: KarrioStandIn;

  beforeAll(async () => {
    standIn = await startKarrioStandIn({ apiKey: KEY });
  });
  afterAll(async () => {
    await standIn?.close();
  });

  /** The stand-in answers through the same adapter, so its calls are the ones the fixtures answer. */
  async function call(method: string, path: string, body?: unknown, key = KEY) {
    const response = await fetch(`${standIn.url}${path}`, {
      method,
      headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      type,
      json: type.includes('json') ? ((await response.json()) as Record<string, unknown>) : undefined,
    };
  }

  /** What our adapter sends, recorded from a replay of Karrio's answers. */
  async function sentByAdapter() {
    const rating = replay(connection(), [{ method: 'POST', path: '/v1/proxy/rates', answers: karrio('rates') }]);
    await karrioAdapter.rate(
      { channel, services: [service(1, 'usps_priority_mail')], shipment: shipment() },
      { http: rating.http },
    );
    const buying = replay(connection(), purchaseRoutes());
    await karrioAdapter.purchase(
      { ...purchaseRequest(), service: service(2, 'canadapost_priority') },
      { http: buying.http },
    );
    return { rate: rating.calls[0]?.json, create: buying.calls[0]?.json };
  }

  /** A draft made of what our adapter sends (a service the stand-in offers), and its rate's id. */
  async function draft() {
    const sent = await sentByAdapter();
    const made = await call('POST', '/v1/shipments', { ...(sent.create as object), services: ['usps_priority_mail'] });
    const rates = (made.json?.rates ?? []) as { id: string }[];
    return { sent, made, id: made.json?.id as string, rateId: rates[0]?.id };
  }

  test('rates, a draft, its purchase, the shipment read, its cancel and a repeated cancel have the shapes Karrio records', async () => {
    const { sent, made, id, rateId } = await draft();
    const rates = await call('POST', '/v1/proxy/rates', sent.rate);
    expect(rates.status).toBe(200);
    expectSameShape(rates.json, bodyOf(karrio('rates')));
    expect([made.status, made.json?.status]).toEqual([201, 'draft']);
    expectSameShape(made.json, bodyOf(karrio('shipment-draft')));
    const bought = await call('POST', `/v1/shipments/${id}/purchase`, { selected_rate_id: rateId });
    expect([bought.status, bought.json?.status]).toEqual([200, 'created']);
    expectSameShape(bought.json, bodyOf(karrio('shipment-purchased')));
    expect(bought.json?.label_url).toBe(`/v1/shipments/${id}/label.pdf`);
    const read = await call('GET', `/v1/shipments/${id}`);
    expectSameShape(read.json, bodyOf(karrio('shipment-purchased')));
    const label = await call('GET', bought.json?.label_url as string);
    expect([label.status, label.type]).toEqual([200, karrio('label').response.headers?.['content-type']]);
    const cancelled = await call('POST', `/v1/shipments/${id}/cancel`);
    expect([cancelled.status, cancelled.json?.status]).toEqual([200, 'cancelled']);
    expectSameShape(cancelled.json, bodyOf(karrio('shipment-cancelled')));
    const again = await call('POST', `/v1/shipments/${id}/cancel`);
    expect([again.status, again.json?.status]).toEqual([202, 'cancelled']);
    expectSameShape(again.json, bodyOf(karrio('shipment-cancelled-again')));
  });

  test("a tracker has the shape of Karrio's, its events with their own statuses", async () => {
    const { id, rateId } = await draft();
    const bought = await call('POST', `/v1/shipments/${id}/purchase`, { selected_rate_id: rateId });
    const trackingNumber = bought.json?.tracking_number as string;
    standIn.scan(trackingNumber, 'picked_up', 'Picked up', 'Beverly Hills, CA');
    const tracker = await call('GET', `/v1/trackers/${trackingNumber}`);
    expect(tracker.status).toBe(200);
    expectSameShape(tracker.json, bodyOf(karrio('tracker-in-transit')));
    expectSameShape(tracker.json, bodyOf(karrio('tracker-picked-up')));
    expect(tracker.json).toMatchObject({
      status: 'picked_up',
      events: [{ status: 'picked_up' }, { status: 'pending' }],
    });
  });

  test("its refusals have Karrio's shapes and words: validation, a wrong key, not found, bought twice", async () => {
    const sent = await sentByAdapter();
    const invalid = await call('POST', '/v1/proxy/rates', { ...(sent.rate as object), recipient: {}, shipper: {} });
    expect(invalid.status).toBe(400);
    expectSameShape(invalid.json, bodyOf(karrio('error-400-validation')));
    expect(invalid.json).toEqual(bodyOf(karrio('error-400-validation')));
    const denied = await call('GET', '/v1/shipments/shp_0', undefined, 'key_wrong');
    expect(denied.status).toBe(401);
    expect(denied.json).toEqual(bodyOf(karrio('error-401')));
    const missing = await call('GET', '/v1/shipments/shp_0123456789abcdef');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual(bodyOf(karrio('error-404')));
    const { id, rateId } = await draft();
    await call('POST', `/v1/shipments/${id}/purchase`, { selected_rate_id: rateId });
    const twice = await call('POST', `/v1/shipments/${id}/purchase`, { selected_rate_id: rateId });
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual(bodyOf(karrio('error-409-purchased')));
  });

  test("its scripted throttling and server errors have the shape of Karrio's", async () => {
    standIn.fail('GET /v1/shipments/:id', { kind: 'status', status: 429, retryAfterSeconds: 3 }, 1);
    const throttled = await call('GET', '/v1/shipments/shp_0123456789abcdef');
    expect(throttled.status).toBe(429);
    expectSameShape(throttled.json, bodyOf(karrio('error-429-retry-after')));
    expect(throttled.json).toEqual(bodyOf(karrio('error-429')));
    standIn.fail('GET /v1/shipments/:id', { kind: 'status', status: 500 }, 1);
    const broken = await call('GET', '/v1/shipments/shp_0123456789abcdef');
    expect(broken.status).toBe(500);
    expectSameShape(broken.json, bodyOf(karrio('error-500')));
  });

  // --- Every fixture the stand-in can answer, compared with what it answers (replay.ts answerDifferences):
  // the same status, headers and fields, and the same values but for the paths listed as following the
  // request (ids, numbers, the carrier and service bought, prices, times).

  const reply = (method: string, path: string, body?: unknown, key = KEY) =>
    replyOf(
      fetch(`${standIn.url}${path}`, {
        method,
        headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  /** A draft bought: its id, tracking number and label URL. */
  const bought = async () => {
    const { id, rateId } = await draft();
    const shipment = (await call('POST', `/v1/shipments/${id}/purchase`, { selected_rate_id: rateId })).json;
    return { id, trackingNumber: shipment?.tracking_number as string, labelUrl: shipment?.label_url as string };
  };
  const scanned = async (status: string) => {
    const { trackingNumber } = await bought();
    standIn.scan(trackingNumber, status, `Scanned ${status}`, 'Chicago, IL');
    return reply('GET', `/v1/trackers/${trackingNumber}`);
  };
  const fault = (status: number, retryAfterSeconds?: number) => {
    standIn.fail('GET /v1/shipments/:id', {
      kind: 'status',
      status,
      ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    });
    return reply('GET', '/v1/shipments/shp_0123456789abcdef');
  };
  const RATE_FIELDS = ['id', 'carrier_name', 'carrier_id', 'currency', 'service', 'total_charge', 'transit_days'];
  /** A list of rates, and a rate, made for the request (the services asked, the parcel's weight). */
  const rates = (at: string) => [`${at}[]`, ...RATE_FIELDS.map((field) => `${at}[*].${field}`)];
  const rate = (at: string) => RATE_FIELDS.map((field) => `${at}.${field}`);
  const DRAFT_VARYING = ['$.id', '$.reference', ...rates('$.rates')];
  const BOUGHT_VARYING = [
    ...DRAFT_VARYING,
    ...['carrier_name', 'carrier_id', 'label_url', 'tracking_number', 'shipment_identifier', 'tracking_url'].map(
      (field) => `$.${field}`,
    ),
    ...['ext', 'carrier', 'rate_provider', 'service_name'].map((field) => `$.meta.${field}`),
    ...rate('$.selected_rate'),
    '$.selected_rate_id',
    '$.service',
  ];
  const EVENTS = [
    '$.events[]',
    ...['code', 'date', 'description', 'location', 'status', 'time', 'timestamp'].map((f) => `$.events[*].${f}`),
  ];
  const TRACKER_VARYING = ['$.id', '$.carrier_id', '$.carrier_name', '$.tracking_number', ...EVENTS];

  const SERVED: Record<string, { varying: string[]; answer: () => Promise<StandInReply> }> = {
    rates: {
      varying: rates('$.rates'),
      answer: async () => reply('POST', '/v1/proxy/rates', (await sentByAdapter()).rate),
    },
    'rates-usps': {
      // Karrio's USPS connector's rates: the same carrier, other services and prices.
      varying: [
        '$.rates[]',
        ...['id', 'service', 'total_charge', 'transit_days'].map((field) => `$.rates[*].${field}`),
      ],
      answer: async () =>
        reply('POST', '/v1/proxy/rates', {
          ...((await sentByAdapter()).rate as object),
          services: [],
          carrier_ids: ['usps'],
        }),
    },
    'shipment-draft': {
      varying: DRAFT_VARYING,
      answer: async () => {
        const sent = await sentByAdapter();
        return reply('POST', '/v1/shipments', { ...(sent.create as object), services: ['usps_priority_mail'] });
      },
    },
    'shipment-purchased': {
      varying: BOUGHT_VARYING,
      answer: async () => {
        const { id, rateId } = await draft();
        return reply('POST', `/v1/shipments/${id}/purchase`, { selected_rate_id: rateId });
      },
    },
    label: {
      varying: ['headers.content-disposition'],
      answer: async () => reply('GET', (await bought()).labelUrl),
    },
    'shipment-cancelled': {
      varying: BOUGHT_VARYING,
      answer: async () => reply('POST', `/v1/shipments/${(await bought()).id}/cancel`),
    },
    'shipment-cancelled-again': {
      varying: DRAFT_VARYING,
      answer: async () => {
        const { id } = await draft();
        await call('POST', `/v1/shipments/${id}/cancel`);
        return reply('POST', `/v1/shipments/${id}/cancel`);
      },
    },
    'tracker-in-transit': { varying: TRACKER_VARYING, answer: () => scanned('in_transit') },
    'tracker-picked-up': { varying: TRACKER_VARYING, answer: () => scanned('picked_up') },
    'tracker-delivered': { varying: TRACKER_VARYING, answer: () => scanned('delivered') },
    'error-400-validation': {
      varying: [],
      answer: async () =>
        reply('POST', '/v1/proxy/rates', { ...((await sentByAdapter()).rate as object), recipient: {}, shipper: {} }),
    },
    'error-401': { varying: [], answer: () => reply('GET', '/v1/shipments/shp_0', undefined, 'key_wrong') },
    'error-404': { varying: [], answer: () => reply('GET', '/v1/shipments/shp_0123456789abcdef') },
    'error-409-purchased': {
      varying: [],
      answer: async () => {
        const { id, rateId } = await draft();
        await call('POST', `/v1/shipments/${id}/purchase`, { selected_rate_id: rateId });
        return reply('POST', `/v1/shipments/${id}/purchase`, { selected_rate_id: rateId });
      },
    },
    'error-409-cancel': {
      varying: [],
      answer: async () => {
        const { id, trackingNumber } = await bought();
        standIn.scan(trackingNumber, 'in_transit', 'Departed facility', 'Chicago, IL');
        return reply('POST', `/v1/shipments/${id}/cancel`);
      },
    },
    'error-424-carrier': {
      varying: ['$.messages[*].carrier_id', '$.messages[*].carrier_name'],
      answer: async () => {
        const { id } = await bought();
        standIn.carrierRefusesCancel = true;
        try {
          return await reply('POST', `/v1/shipments/${id}/cancel`);
        } finally {
          standIn.carrierRefusesCancel = false;
        }
      },
    },
    'error-429': { varying: [], answer: () => fault(429) },
    // DRF names the wait in its words; the stand-in keeps the words without it (the platform's tests read them).
    'error-429-retry-after': { varying: ['$.errors[*].message'], answer: () => fault(429, 3) },
    'error-500': { varying: [], answer: () => fault(500) },
    'error-502-html': { varying: [], answer: () => fault(502) },
  };
  const UNSERVED: Record<string, string> = {
    'openapi-requests': 'not an answer: the schemas of what our adapter sends',
  };

  test('every Karrio fixture is served by the stand-in or listed with why it is not', () => {
    expect(unlistedFixtures('karrio', Object.keys(SERVED), Object.keys(UNSERVED))).toEqual({
      unlisted: [],
      both: [],
      unknown: [],
    });
  });

  test.each(Object.keys(SERVED))('the stand-in answers %s as Karrio does', async (name) => {
    const entry = SERVED[name] as (typeof SERVED)[string];
    expectServes(await entry.answer(), karrio(name), entry.varying);
  });
});
