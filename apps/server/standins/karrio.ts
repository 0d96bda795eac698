/**
 * A stand-in for a Karrio server's REST API (https://docs.karrio.io/api), for tests and for running the
 * platform against it without one: the rating proxy (`POST /v1/proxy/rates`), shipments (create,
 * read, purchase, cancel, the label file) and trackers, checking each request as Karrio's serializers do
 * and failing on demand (see harness.ts). API key as `Authorization: Token <key>`.
 *
 * It answers with Karrio's own bodies (test/conformance/fixtures/karrio, see recorded.ts): the answers
 * Karrio's own tests expect of its server and connectors, and the errors its exception handler builds
 * (`errors[]`: code, message, level; 400, 401, 404, 409, the carrier's 424, DRF's 429, a 500) and nginx's
 * 502 page, with only what follows the request filled in.
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
import { RecordedError, recorded, recordedAnswer } from './recorded.ts';

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
  /** Every complaint of a validation error (one per field), else the one of the message. */
  readonly complaints: { code: string; message: string }[];

  constructor(status: number, code: string, message: string, complaints?: { code: string; message: string }[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.complaints = complaints ?? [{ code, message }];
  }
}

/** The level Karrio's exception handler gives each status (karrio/server/core/exceptions.py). */
const levelOf = (status: number) => ([404, 429, 503].includes(status) ? 'warning' : 'error');

/** Karrio's error list: one entry per complaint, each with the level of the answer's status. */
const errorBody = (status: number, complaints: { code: string; message: string }[]) => ({
  errors: complaints.map((complaint) => ({ ...complaint, level: levelOf(status) })),
});

/**
 * A scripted error as Karrio answers it: DRF's throttle (`error-429`; its Retry-After the fault's, the words
 * without the wait DRF names with one, which the platform's tests read), the recorded 500, nginx's 502
 * page in front of it; another status in Karrio's error list.
 */
function faultAnswer(status: number) {
  if (status === 429) return { json: recorded('karrio', 'error-429') };
  if (status === 500) return { json: recorded('karrio', 'error-500') };
  if (status === 502) {
    const page = recordedAnswer('karrio', 'error-502-html');
    return { text: page.text ?? '', type: page.headers['content-type'] };
  }
  return { json: errorBody(status, [{ code: 'server_error', message: 'Server error' }]) };
}

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

/**
 * The parties and parcels checked as Karrio's serializers check them (AddressData requires only the country;
 * a US postal code must match 12345 or 12345-6789; a parcel needs a weight and its unit); every problem
 * answered at once as a 400, one `<path>: <message>` per field.
 */
function checkShipment(input: Record<string, unknown>): { ounces: number[]; domestic: boolean } {
  const complaints: string[] = [];
  for (const party of ['recipient', 'shipper']) {
    const address = input[party] as Record<string, unknown> | undefined;
    if (!address || typeof address !== 'object') complaints.push(`${party}: This field is required.`);
    else if (typeof address.country_code !== 'string' || address.country_code === '')
      complaints.push(`${party}.country_code: This field is required.`);
    else if (address.country_code === 'US' && !/^\d{5}(-\d{4})?$/.test(String(address.postal_code ?? '')))
      complaints.push(`${party}.postal_code: The American postal code must match 12345 or 12345-6789`);
  }
  const parcels = input.parcels;
  const ounces: number[] = [];
  if (!Array.isArray(parcels) || parcels.length === 0) complaints.push('parcels: This list may not be empty.');
  else {
    parcels.forEach((parcel: Record<string, unknown>, index) => {
      const per = OUNCES_PER[String(parcel.weight_unit)];
      if (typeof parcel.weight !== 'number' || parcel.weight <= 0 || per === undefined)
        complaints.push(`parcels[${index}].weight: A positive weight with a weight_unit of KG, LB, OZ or G.`);
      else ounces.push(parcel.weight * per);
    });
  }
  if (complaints.length > 0)
    throw new ApiError(
      400,
      'validation',
      complaints.join('; '),
      complaints.map((message) => ({ code: 'validation', message })),
    );
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
    // The recorded Rate (`rates`), filled in with this service's.
    ...recorded<{ rates: Record<string, unknown>[] }>('karrio', 'rates').rates[0],
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
  /** `created` is a bought shipment (Karrio's name for it since its migration 0089; `purchased` before). */
  status: 'draft' | 'created' | 'cancelled';
  shipper: Record<string, unknown>;
  recipient: Record<string, unknown>;
  parcels: Record<string, unknown>[];
  rates: ReturnType<typeof ratesFor>;
  reference: string | null;
  metadata: Record<string, unknown>;
  /** Null once cancelled, as Karrio answers a cancelled shipment. */
  label_type: 'PDF' | 'ZPL' | 'PNG' | null;
  label_url: string | null;
  tracking_number: string | null;
  shipment_identifier: string | null;
  tracking_url: string | null;
  selected_rate: ReturnType<typeof ratesFor>[number] | null;
  selected_rate_id: string | null;
  carrier_name: string | null;
  carrier_id: string | null;
  service: string | null;
  meta: Record<string, unknown>;
  messages: unknown[];
  test_mode: true;
  created_at: string;
}

/** One scan of a tracker, as Karrio's TrackingEvent has it. */
interface StandInEvent {
  code: string;
  date: string;
  time: string;
  timestamp: string;
  status: string;
  description: string;
  location: string;
  latitude: null;
  longitude: null;
  reason: null;
}

/**
 * Faults are set per route with ids as `:id`: `POST /v1/shipments/:id/purchase`,
 * `GET /v1/shipments/:id/label.pdf`.
 */
export interface KarrioStandIn extends StandInServer {
  /** Every shipment made, by id. */
  shipments: Map<string, StandInKarrioShipment>;
  /** How many times each shipment was bought: more than 1 would be a label paid twice. */
  purchases: Map<string, number>;
  /** The carrier scans a parcel: an event of that status added to its tracker, which takes its status. */
  scan(trackingNumber: string, status: string, description: string, location?: string): void;
  /** While set, the carrier refuses to cancel bought shipments (Karrio answers its 424). */
  carrierRefusesCancel: boolean;
}

/** A scan as Karrio's events give it: `YYYY-MM-DD`, `HH:MM AM/PM` and the ISO timestamp (UTC). */
function eventAt(at: Date, status: string, description: string, location: string): StandInEvent {
  return {
    code: status.toUpperCase(),
    ...karrioClock(at),
    timestamp: at.toISOString(),
    status,
    description,
    location,
    latitude: null,
    longitude: null,
    reason: null,
  };
}

/** Starts the stand-in on a free port of 127.0.0.1 (or `port`), accepting `apiKey`. */
export async function startKarrioStandIn(options: { apiKey: string; port?: number }): Promise<KarrioStandIn> {
  const shipments = new Map<string, StandInKarrioShipment>();
  const purchases = new Map<string, number>();
  const labels = new Map<string, { type: string; bytes: Buffer }>();
  const trackers = new Map<string, { id: string; carrier: string; status: string; events: StandInEvent[] }>();

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
      throw new ApiError(400, 'validation', `label_type: "${format}" is not a valid choice.`);
    // The recorded draft (`shipment-draft`) with this shipment's parties, parcels and rates.
    const shipment: StandInKarrioShipment = {
      ...recorded<Record<string, never>>('karrio', 'shipment-draft'),
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
      shipment_identifier: null,
      tracking_url: null,
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

  /** Karrio's refusals of a purchase (can_mutate_shipment): a bought shipment, then any other not a draft. */
  function checkPurchasable(shipment: StandInKarrioShipment) {
    if (shipment.status === 'created')
      throw new ApiError(409, 'state_error', "The shipment is 'created' and cannot be purchased again");
    if (shipment.status !== 'draft')
      throw new ApiError(409, 'state_error', `Shipment is ${shipment.status} and cannot be updated anymore...`);
  }

  async function purchase(shipment: StandInKarrioShipment, input: Record<string, unknown>) {
    checkPurchasable(shipment);
    const rate = shipment.rates.find((candidate) => candidate.id === input.selected_rate_id);
    if (!rate) throw new ApiError(400, 'validation', 'selected_rate_id: Invalid selected_rate_id for this shipment.');
    const numbers = shipment.parcels.map(() =>
      rate.carrier_name === 'ups' ? `1Z${randomDigits(16)}` : `9205${randomDigits(18)}`,
    );
    const format = (shipment.label_type ?? 'PDF').toLowerCase() as LabelFileFormat;
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
        id: randomId('trk', '_'),
        carrier: rate.carrier_name,
        status: 'pending',
        events: [eventAt(new Date(Date.now() - 60_000), 'pending', 'Label created', '')],
      });
    }
    const [first] = numbers as [string];
    Object.assign(shipment, {
      status: 'created',
      selected_rate: rate,
      selected_rate_id: rate.id,
      carrier_name: rate.carrier_name,
      carrier_id: rate.carrier_id,
      service: rate.service,
      tracking_number: first,
      shipment_identifier: first,
      tracking_url: `/v1/trackers/${rate.carrier_name}/${first}`,
      // A path of this server, as Karrio's model gives it (the shipment-docs route).
      label_url: `/v1/shipments/${shipment.id}/label.${format}`,
      meta: {
        ext: rate.carrier_name,
        carrier: rate.carrier_name,
        rate_provider: rate.carrier_name,
        service_name: rate.service.toUpperCase().replaceAll('_', ' '),
        tracking_numbers: numbers,
      },
    } satisfies Partial<StandInKarrioShipment>);
    purchases.set(shipment.id, (purchases.get(shipment.id) ?? 0) + 1);
    return shipment;
  }

  /**
   * Karrio's cancel: a draft or a bought shipment is cancelled (its label gone: `label_type`, `label_url` and
   * `tracking_number` null, as Karrio's recorded answer has them); a cancelled one answered as it is (202).
   * A bought shipment whose parcel has moved is refused (409, `error-409-cancel`, naming its status); while
   * `carrierRefusesCancel` is set, the carrier refuses it (424, `error-424-carrier`).
   */
  function cancel(shipment: StandInKarrioShipment): [number, StandInKarrioShipment] {
    if (shipment.status === 'cancelled') return [202, shipment];
    const moved = shipment.tracking_number ? trackers.get(shipment.tracking_number)?.status : undefined;
    if (moved && moved !== 'pending') {
      const { errors } = recorded<{ errors: Record<string, unknown>[] }>('karrio', 'error-409-cancel');
      throw new RecordedError(409, {
        errors: errors.map((error) => ({
          ...error,
          message: `The shipment is '${moved}' and can not be cancelled anymore...`,
        })),
      });
    }
    if (shipment.status === 'created' && stand.carrierRefusesCancel) {
      const { messages } = recorded<{ messages: Record<string, unknown>[] }>('karrio', 'error-424-carrier');
      throw new RecordedError(424, {
        messages: messages.map((message) => ({
          ...message,
          carrier_id: shipment.carrier_id,
          carrier_name: shipment.carrier_name,
        })),
      });
    }
    Object.assign(shipment, { status: 'cancelled', label_type: null, label_url: null, tracking_number: null });
    return [200, shipment];
  }

  /** The tracker of a tracking number: Karrio's recorded tracker (`tracker-in-transit`) with its own values. */
  function trackerOf(trackingNumber: string) {
    const tracker = trackers.get(trackingNumber);
    if (!tracker) throw new ApiError(404, 'not_found', 'Tracking not found');
    return {
      ...recorded('karrio', 'tracker-in-transit'),
      id: tracker.id,
      object_type: 'tracker',
      carrier_id: tracker.carrier,
      carrier_name: tracker.carrier,
      tracking_number: trackingNumber,
      test_mode: true,
      delivered: tracker.status === 'delivered',
      status: tracker.status,
      // Newest first, as Karrio's connectors list them.
      events: [...tracker.events].reverse(),
      messages: [],
    };
  }

  async function answer(method: string, url: URL, request: IncomingMessage): Promise<[number, unknown]> {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/proxy/rates') {
      const rates = ratesFor(await body(request), null);
      return [
        200,
        {
          ...recorded<Record<string, unknown>>('karrio', 'rates'),
          rates,
          messages: rates.length === 0 ? [{ code: 'no_rates', message: 'No rates' }] : [],
        },
      ];
    }
    if (method === 'POST' && path === '/v1/shipments') return [201, createShipment(await body(request))];
    let match = path.match(/^\/v1\/shipments\/(shp_[0-9a-f]+)$/);
    if (method === 'GET' && match) return [200, shipmentById(match[1] as string)];
    match = path.match(/^\/v1\/shipments\/(shp_[0-9a-f]+)\/purchase$/);
    if (method === 'POST' && match) return [200, await purchase(shipmentById(match[1] as string), await body(request))];
    match = path.match(/^\/v1\/shipments\/(shp_[0-9a-f]+)\/cancel$/);
    if (method === 'POST' && match) return cancel(shipmentById(match[1] as string));
    match = path.match(/^\/v1\/trackers\/([\w-]+)$/);
    if (method === 'GET' && match) return [200, trackerOf(match[1] as string)];
    throw new ApiError(404, 'not_found', 'Not found');
  }

  /** The label file at a shipment's label URL, as Karrio's shipment-docs route serves it (`label`). */
  function labelFile(id: string, extension: string) {
    const document = labels.get(id);
    const shipment = shipments.get(id);
    if (!document || !shipment?.label_url)
      throw new ApiError(404, 'not_found', `Shipment '${id}' not found or has no label`);
    return {
      status: 200,
      ...document,
      headers: { 'content-disposition': `inline; filename="label_${shipment.shipment_identifier}.${extension}"` },
    };
  }

  /** Karrio's answer to a key it does not have, or to none (authentication.py, DRF's NotAuthenticated). */
  function checkKey(authorization: string | undefined) {
    if (authorization === `Token ${options.apiKey}`) return;
    if (!authorization) throw new ApiError(401, 'not_authenticated', 'Authentication credentials were not provided.');
    throw new ApiError(401, 'invalid_token', 'Given token not valid for any token type');
  }

  const server = await serveStandIn({
    port: options.port,
    routeOf: (method, path) => `${method} ${path.replace(/\/shp_[0-9a-f]+/g, '/:id')}`,
    faultAnswer,
    async answer(method, url, request) {
      checkKey(request.headers.authorization);
      const label = url.pathname.match(/^\/v1\/shipments\/(shp_[0-9a-f]+)\/label\.(pdf|png|zpl)$/);
      if (method === 'GET' && label) return labelFile(label[1] as string, label[2] as string);
      const [status, json] = await answer(method, url, request);
      return { status, json };
    },
    errorOf(error) {
      if (error instanceof RecordedError) return { status: error.status, json: error.body };
      const failure = error instanceof ApiError ? error : new ApiError(500, 'server_error', String(error));
      return { status: failure.status, json: errorBody(failure.status, failure.complaints) };
    },
  });

  // The server itself becomes the stand-in, so its live fields (chaos, peakInFlight) stay its own.
  const stand: KarrioStandIn = Object.assign(server, {
    shipments,
    purchases,
    carrierRefusesCancel: false,
    scan(trackingNumber, status, description, location) {
      const tracker = trackers.get(trackingNumber);
      if (!tracker) throw new Error(`no tracker for ${trackingNumber}`);
      tracker.events.push(eventAt(new Date(), status, description, location ?? ''));
      tracker.status = status;
    },
  } satisfies Omit<KarrioStandIn, keyof StandInServer>);
  return stand;
}
