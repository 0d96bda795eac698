/**
 * A stand-in for a Karrio server's REST API (https://docs.karrio.io/api), for tests and for running the
 * platform against it without one: the rating proxy (`POST /v1/proxy/rates`), shipments (create,
 * read, purchase, cancel, the label file) and trackers, answering in the documented shapes with the
 * documented error list, checking each request field by field and failing on demand (see harness.ts).
 * API key as `Authorization: Token <key>`.
 *
 * Rates are made up from the shipment's weight; they are not any carrier's prices.
 */
import type { IncomingMessage } from 'node:http';
import {
  type Fault,
  jsonBody,
  LABEL_TYPES,
  type LabelFileFormat,
  randomDigits,
  randomId,
  type StandInServer,
  serveStandIn,
  standInLabel,
} from './harness.ts';

export type { Fault };

/** The carrier connections the stand-in has, with their services: a made-up price and days. */
export const KARRIO_SERVICES = [
  { carrier_id: 'usps', carrier_name: 'usps', service: 'usps_ground_advantage', base: 500, perLb: 92, days: 4 },
  { carrier_id: 'usps', carrier_name: 'usps', service: 'usps_priority_mail', base: 800, perLb: 135, days: 2 },
  { carrier_id: 'ups', carrier_name: 'ups', service: 'ups_ground', base: 970, perLb: 118, days: 3 },
] as const;

class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

const errorBody = (code: string, message: string, details?: Record<string, unknown>) => ({
  errors: [{ code, message, ...(details ? { details } : {}) }],
});

/** A moment as Karrio's events give it: `YYYY-MM-DD` and `HH:MM AM/PM` (UTC). */
function karrioClock(at: Date): { date: string; time: string } {
  const hours = at.getUTCHours();
  const minutes = String(at.getUTCMinutes()).padStart(2, '0');
  return {
    date: at.toISOString().slice(0, 10),
    time: `${String(hours % 12 || 12).padStart(2, '0')}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`,
  };
}

const OUNCES_PER: Record<string, number> = { OZ: 1, LB: 16, G: 1 / 28.349523125, KG: 35.27396195 };
const ADDRESS_REQUIRED = ['person_name', 'address_line1', 'city', 'postal_code', 'country_code'];

/** The parties and parcels checked as Karrio checks them; every problem answered at once as a 400. */
function checkShipment(input: Record<string, unknown>): { ounces: number[]; domestic: boolean } {
  const details: Record<string, Record<string, string[]>> = {};
  const complain = (party: string, field: string, message: string) => {
    details[party] = { ...(details[party] ?? {}), [field]: [message] };
  };
  for (const party of ['shipper', 'recipient']) {
    const address = input[party] as Record<string, unknown> | undefined;
    if (!address || typeof address !== 'object') {
      complain(party, 'non_field_errors', 'This field is required.');
      continue;
    }
    for (const field of ADDRESS_REQUIRED) {
      if (typeof address[field] !== 'string' || (address[field] as string).trim() === '')
        complain(party, field, 'This field is required.');
    }
    if (address.country_code === 'US' && !/^\d{5}(-\d{4})?$/.test(String(address.postal_code ?? '')))
      complain(party, 'postal_code', `Invalid US postal code: ${address.postal_code}`);
  }
  const parcels = input.parcels;
  const ounces: number[] = [];
  if (!Array.isArray(parcels) || parcels.length === 0) complain('parcels', 'non_field_errors', 'At least one parcel.');
  else {
    parcels.forEach((parcel: Record<string, unknown>, index) => {
      const per = OUNCES_PER[String(parcel.weight_unit)];
      if (typeof parcel.weight !== 'number' || parcel.weight <= 0 || per === undefined)
        complain('parcels', `${index}.weight`, 'A positive weight with a weight_unit of KG, LB, OZ or G.');
      else ounces.push(parcel.weight * per);
    });
  }
  const keys = Object.keys(details);
  if (keys.length > 0) {
    const [party] = keys as [string];
    const [field, [message] = ['invalid']] = Object.entries(details[party] as Record<string, string[]>)[0] as [
      string,
      string[],
    ];
    throw new ApiError(400, 'validation', `${party}.${field}: ${message}`, details);
  }
  const country = (party: string) => (input[party] as { country_code?: string }).country_code;
  return { ounces, domestic: country('shipper') === 'US' && country('recipient') === 'US' };
}

function ratesFor(input: Record<string, unknown>, shipmentId: string | null) {
  const { ounces, domestic } = checkShipment(input);
  const wanted = Array.isArray(input.services) ? (input.services as string[]) : [];
  const carriers = Array.isArray(input.carrier_ids) ? (input.carrier_ids as string[]) : [];
  if (!domestic) return [];
  return KARRIO_SERVICES.filter(
    (service) =>
      (wanted.length === 0 || wanted.includes(service.service)) &&
      (carriers.length === 0 || carriers.includes(service.carrier_id)),
  ).map((service) => ({
    id: randomId('rat', '_'),
    object_type: 'rate',
    carrier_name: service.carrier_name,
    carrier_id: service.carrier_id,
    currency: 'USD',
    service: service.service,
    total_charge:
      ounces.reduce((sum, oz) => sum + service.base + service.perLb * (Math.max(1, Math.ceil(oz / 16)) - 1), 0) / 100,
    transit_days: service.days,
    extra_charges: [],
    meta: shipmentId ? { shipment_id: shipmentId } : {},
    test_mode: true,
  }));
}

export interface StandInKarrioShipment {
  id: string;
  object_type: 'shipment';
  status: 'draft' | 'purchased' | 'cancelled';
  shipper: Record<string, unknown>;
  recipient: Record<string, unknown>;
  parcels: Record<string, unknown>[];
  rates: ReturnType<typeof ratesFor>;
  reference: string | null;
  metadata: Record<string, unknown>;
  label_type: 'PDF' | 'ZPL' | 'PNG';
  label_url: string | null;
  tracking_number: string | null;
  selected_rate: ReturnType<typeof ratesFor>[number] | null;
  selected_rate_id: string | null;
  carrier_name: string | null;
  carrier_id: string | null;
  service: string | null;
  meta: { tracking_numbers?: string[] };
  messages: unknown[];
  test_mode: true;
  created_at: string;
}

/** Faults are set per route with ids as `:id`: `POST /v1/shipments/:id/purchase`, `GET /v1/shipments/:id/label`. */
export interface KarrioStandIn extends StandInServer {
  /** Every shipment made, by id. */
  shipments: Map<string, StandInKarrioShipment>;
  /** How many times each shipment was bought: more than 1 would be a label paid twice. */
  purchases: Map<string, number>;
  /** The carrier scans a parcel: an event added to its tracker, which takes its status. */
  scan(trackingNumber: string, status: string, description: string, location?: string): void;
}

/** Starts the stand-in on a free port of 127.0.0.1 (or `port`), accepting `apiKey`. */
export async function startKarrioStandIn(options: { apiKey: string; port?: number }): Promise<KarrioStandIn> {
  const shipments = new Map<string, StandInKarrioShipment>();
  const purchases = new Map<string, number>();
  const labels = new Map<string, { type: string; bytes: Buffer }>();
  const trackers = new Map<string, { status: string; events: Record<string, string>[] }>();
  let base = '';

  const body = (request: IncomingMessage) =>
    jsonBody(request, (message) => new ApiError(400, 'invalid_request', message));

  function shipmentById(id: string): StandInKarrioShipment {
    const shipment = shipments.get(id);
    if (!shipment) throw new ApiError(404, 'not_found', 'Shipment not found');
    return shipment;
  }

  function createShipment(input: Record<string, unknown>): StandInKarrioShipment {
    const id = randomId('shp', '_');
    const rates = ratesFor(input, id);
    const format = String(input.label_type ?? 'PDF');
    if (!['PDF', 'ZPL', 'PNG'].includes(format))
      throw new ApiError(400, 'validation', 'label_type: must be PDF, ZPL or PNG', { label_type: ['invalid'] });
    const shipment: StandInKarrioShipment = {
      id,
      object_type: 'shipment',
      status: 'draft',
      shipper: input.shipper as Record<string, unknown>,
      recipient: input.recipient as Record<string, unknown>,
      parcels: input.parcels as Record<string, unknown>[],
      rates,
      reference: typeof input.reference === 'string' ? input.reference : null,
      metadata: (input.metadata ?? {}) as Record<string, unknown>,
      label_type: format as StandInKarrioShipment['label_type'],
      label_url: null,
      tracking_number: null,
      selected_rate: null,
      selected_rate_id: null,
      carrier_name: null,
      carrier_id: null,
      service: null,
      meta: {},
      messages: rates.length === 0 ? [{ code: 'no_rates', message: 'No rates for this route' }] : [],
      test_mode: true,
      created_at: new Date().toISOString(),
    };
    shipments.set(id, shipment);
    return shipment;
  }

  async function purchase(shipment: StandInKarrioShipment, input: Record<string, unknown>) {
    if (shipment.status !== 'draft')
      throw new ApiError(409, 'state_error', `The shipment is ${shipment.status} and cannot be purchased.`);
    const rate = shipment.rates.find((candidate) => candidate.id === input.selected_rate_id);
    if (!rate)
      throw new ApiError(400, 'validation', 'selected_rate_id: invalid rate', { selected_rate_id: ['invalid'] });
    const numbers = shipment.parcels.map(() =>
      rate.carrier_name === 'ups' ? `1Z${randomDigits(16)}` : `9205${randomDigits(18)}`,
    );
    const format = shipment.label_type.toLowerCase() as LabelFileFormat;
    const recipient = shipment.recipient as Record<string, string>;
    const pages = await Promise.all(
      numbers.map((tracking) =>
        standInLabel(format, {
          service: `${rate.carrier_name} ${rate.service}`,
          name: recipient.person_name ?? '',
          street: recipient.address_line1 ?? '',
          cityLine: `${recipient.city} ${recipient.state_code ?? ''} ${recipient.postal_code}`,
          tracking,
          reference: shipment.reference,
        }),
      ),
    );
    // One document for the whole shipment: ZPL labels one after the other; the first page for PDF and PNG.
    labels.set(shipment.id, {
      type: LABEL_TYPES[format],
      bytes: format === 'zpl' ? Buffer.concat(pages) : (pages[0] as Buffer),
    });
    for (const tracking of numbers) {
      trackers.set(tracking, {
        status: 'pending',
        events: [
          { ...karrioClock(new Date(Date.now() - 60_000)), description: 'Label created', location: '', code: 'PRE' },
        ],
      });
    }
    Object.assign(shipment, {
      status: 'purchased',
      selected_rate: rate,
      selected_rate_id: rate.id,
      carrier_name: rate.carrier_name,
      carrier_id: rate.carrier_id,
      service: rate.service,
      tracking_number: numbers[0],
      label_url: `${base}/v1/shipments/${shipment.id}/label`,
      meta: { tracking_numbers: numbers },
    });
    purchases.set(shipment.id, (purchases.get(shipment.id) ?? 0) + 1);
    return shipment;
  }

  async function answer(method: string, url: URL, request: IncomingMessage): Promise<[number, unknown]> {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/proxy/rates') {
      const rates = ratesFor(await body(request), null);
      return [200, { rates, messages: rates.length === 0 ? [{ code: 'no_rates', message: 'No rates' }] : [] }];
    }
    if (method === 'POST' && path === '/v1/shipments') return [201, createShipment(await body(request))];
    let match = path.match(/^\/v1\/shipments\/(shp_[0-9a-f]+)$/);
    if (method === 'GET' && match) return [200, shipmentById(match[1] as string)];
    match = path.match(/^\/v1\/shipments\/(shp_[0-9a-f]+)\/purchase$/);
    if (method === 'POST' && match) return [200, await purchase(shipmentById(match[1] as string), await body(request))];
    match = path.match(/^\/v1\/shipments\/(shp_[0-9a-f]+)\/cancel$/);
    if (method === 'POST' && match) {
      const shipment = shipmentById(match[1] as string);
      if (shipment.status !== 'purchased')
        throw new ApiError(409, 'state_error', `The shipment is ${shipment.status} and cannot be cancelled.`);
      shipment.status = 'cancelled';
      return [200, shipment];
    }
    match = path.match(/^\/v1\/trackers\/([\w-]+)$/);
    if (method === 'GET' && match) {
      const tracker = trackers.get(match[1] as string);
      if (!tracker) throw new ApiError(404, 'not_found', 'Tracker not found');
      return [200, { tracking_number: match[1], carrier_name: 'usps', status: tracker.status, events: tracker.events }];
    }
    throw new ApiError(404, 'not_found', 'Not found');
  }

  const server = await serveStandIn({
    port: options.port,
    routeOf: (method, path) => `${method} ${path.replace(/\/shp_[0-9a-f]+/g, '/:id')}`,
    faultBody: (status) =>
      errorBody(
        status === 429 ? 'too_many_requests' : 'server_error',
        status === 429 ? 'Request was throttled.' : 'Server error',
      ),
    async answer(method, url, request) {
      if (request.headers.authorization !== `Token ${options.apiKey}`)
        throw new ApiError(401, 'authentication_failed', 'Invalid token.');
      const label = url.pathname.match(/^\/v1\/shipments\/(shp_[0-9a-f]+)\/label$/);
      if (method === 'GET' && label) {
        const document = labels.get(label[1] as string);
        if (!document) throw new ApiError(404, 'not_found', 'Label not found');
        return { status: 200, ...document };
      }
      const [status, json] = await answer(method, url, request);
      return { status, json };
    },
    errorOf(error) {
      const failure = error instanceof ApiError ? error : new ApiError(500, 'server_error', String(error));
      return { status: failure.status, json: errorBody(failure.code, failure.message, failure.details) };
    },
  });
  base = server.base;

  // The server itself becomes the stand-in, so its live fields (chaos, peakInFlight) stay its own.
  const stand: KarrioStandIn = Object.assign(server, {
    shipments,
    purchases,
    scan(trackingNumber, status, description, location) {
      const tracker = trackers.get(trackingNumber);
      if (!tracker) throw new Error(`no tracker for ${trackingNumber}`);
      tracker.events.push({
        ...karrioClock(new Date()),
        description,
        location: location ?? '',
        code: status.toUpperCase(),
      });
      tracker.status = status;
    },
  } satisfies Omit<KarrioStandIn, keyof StandInServer>);
  return stand;
}
