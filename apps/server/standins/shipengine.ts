/**
 * A stand-in for ShipEngine's API v1, now the ShipStation API (https://docs.shipstation.com/apis/shipengine),
 * for tests and for running the platform against it without an account: rates (`POST /v1/rates`), labels
 * (`POST /v1/labels`, read by id and by external shipment id), label downloads, voids (a refund request,
 * its outcome on the label's `refund_details`, settled by the test), tracking and address
 * validation (`POST /v1/addresses/validate`, against the stand-ins' address database), checking each
 * request field by field and failing on demand (see harness.ts). API key in the `API-Key` header.
 *
 * It answers with ShipEngine's own bodies (test/conformance/fixtures/shipengine, see recorded.ts): the
 * SDKs' recorded rates, label, tracking, address validation and void answers and ShipEngine's error
 * bodies (the 400, 401, 404 and 429 of its error list, the SDK's 500 `{request_id, error}`), with only what
 * follows the request filled in. Where ShipEngine publishes no body the stand-in uses its documented error
 * structure (`error_response_body`: another 5xx, a refused field) or its own words in a documented shape
 * (a void refused because the label was used: the documented `reason_code`, the message ours).
 *
 * Rates are made up from the shipment's weight; they are not any carrier's prices.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type Fault,
  type FaultAnswer,
  jsonBody,
  LABEL_TYPES,
  type LabelFileFormat,
  randomDigits,
  type StandInServer,
  serveStandIn,
  standInLabel,
  standInPostal,
} from './harness.ts';
import { recorded, recordedAnswer } from './recorded.ts';

export type { Fault };

/**
 * The carrier accounts the stand-in has (named as ShipEngine's test accounts are), each with its services:
 * ShipEngine's display name, a made-up price and days.
 */
export const SHIPENGINE_CARRIERS = [
  {
    carrier_id: 'se-100001',
    carrier_code: 'stamps_com',
    friendly_name: 'Stamps.com',
    services: [
      { service_code: 'usps_ground_advantage', name: 'USPS Ground Advantage', base: 480, perLb: 90, days: 4 },
      { service_code: 'usps_priority_mail', name: 'USPS Priority Mail', base: 790, perLb: 130, days: 2 },
    ],
  },
  {
    carrier_id: 'se-100002',
    carrier_code: 'ups',
    friendly_name: 'UPS',
    services: [
      { service_code: 'ups_ground', name: 'UPS® Ground', base: 950, perLb: 115, days: 3 },
      { service_code: 'ups_next_day_air', name: 'UPS Next Day Air®', base: 3400, perLb: 350, days: 1 },
    ],
  },
] as const;

type FieldError = { message: string; field_name?: string };

class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, type: string, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.field = field;
  }
}

/** ShipEngine's error list (`error_response_body`): one error of ShipEngine's, its field named when one is. */
const errorBody = (type: string, code: string, message: string, field?: string) => ({
  request_id: crypto.randomUUID(),
  errors: [
    {
      error_source: 'shipengine',
      error_type: type,
      error_code: code,
      message,
      ...(field ? { field_name: field } : {}),
    },
  ],
});

/** A recorded error answer, its request id a new one (ShipEngine gives each request its own). */
function recordedError(name: string): Record<string, unknown> {
  return { ...recorded('shipengine', name), request_id: crypto.randomUUID() };
}

/** A refusal whose body is recorded whole (`error-400`, `error-401`), or made from one (`error-404`, `error-400-field`). */
class RecordedError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    super(JSON.stringify(body));
    this.status = status;
    this.body = body;
  }
}

/** `error-404`'s error with `message`: ShipEngine's answer to an id it does not have. */
function notFound(message: string): RecordedError {
  const body = recordedError('error-404') as { errors: Record<string, unknown>[] };
  return new RecordedError(404, { ...body, errors: body.errors.map((error) => ({ ...error, message })) });
}

/** `error-400-field`'s error about `field` (a carrier or service id ShipEngine does not have). */
function unknownValue(field: string, value: string): RecordedError {
  const body = recordedError('error-400-field') as { errors: Record<string, unknown>[] };
  return new RecordedError(400, {
    ...body,
    errors: body.errors.map((error) => ({
      ...error,
      message: `${field} ${value} not found`,
      field_name: field,
      field_value: value,
    })),
  });
}

/**
 * A scripted error as ShipEngine answers it: its recorded 429 and 500 bodies and a gateway's 502 page; a
 * status without a recorded body in the documented error structure.
 */
function faultAnswer(status: number): FaultAnswer {
  if (status === 429 || status === 500) return { json: recordedError(status === 429 ? 'error-429' : 'error-500') };
  if (status === 502) {
    const page = recordedAnswer('shipengine', 'error-502-html');
    return { text: page.text ?? '', type: page.headers['content-type'] };
  }
  return { json: errorBody('system', 'unspecified', 'An unexpected error occurred.') };
}

const ADDRESS_REQUIRED = ['name', 'address_line1', 'city_locality', 'state_province', 'postal_code', 'country_code'];

/**
 * An address checked as ShipEngine's schema has it: the required fields, the sender's phone among them
 * (`shipping_address_from`), and a phone, when sent, of at least one character (`partial_address`).
 */
function checkAddress(value: unknown, field: string, errors: FieldError[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) {
    errors.push({ message: `${field} is required`, field_name: field });
    return {};
  }
  const input = value as Record<string, unknown>;
  const required = field === 'ship_from' ? [...ADDRESS_REQUIRED, 'phone'] : ADDRESS_REQUIRED;
  for (const key of required) {
    if (typeof input[key] !== 'string' || (input[key] as string).trim() === '')
      errors.push({ message: `${field}.${key} is required`, field_name: `${field}.${key}` });
  }
  if ('phone' in input && (typeof input.phone !== 'string' || input.phone.length === 0))
    errors.push({ message: `${field}.phone must be at least 1 character long`, field_name: `${field}.phone` });
  if (input.country_code === 'US' && !/^\d{5}(-\d{4})?$/.test(String(input.postal_code ?? '')))
    errors.push({
      message: `Invalid postal_code for the US: ${input.postal_code}`,
      field_name: `${field}.postal_code`,
    });
  return input;
}

/** The fields an address to validate may have (ShipEngine refuses any other). */
const VALIDATION_FIELDS = new Set([
  'name',
  'phone',
  'email',
  'company_name',
  'address_line1',
  'address_line2',
  'address_line3',
  'city_locality',
  'state_province',
  'postal_code',
  'country_code',
  'address_residential_indicator',
]);

/** The address's strings in upper case, as ShipEngine writes an address it matched. */
const upperCased = (address: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(address).map(([key, value]) => [
      key,
      typeof value === 'string' && key !== 'address_residential_indicator' ? value.toUpperCase() : value,
    ]),
  );

/** An address validation message (ShipEngine's codes and detail codes; its words where not recorded). */
const validationMessage = (code: string, detailCode: string, message: string) => ({
  code,
  message,
  type: 'error',
  detail_code: detailCode,
});

/** A recorded validation result, its addresses those of the request. */
function validationResult(name: string, fields: Record<string, unknown>) {
  const [result] = recorded<Record<string, unknown>[]>('shipengine', name);
  return { ...result, ...fields };
}

/**
 * One result of `POST /v1/addresses/validate`: unverified when the country code is not ISO's two letters,
 * an error when the place is unknown (its postal code, else its street), else verified with the place in
 * standard form and its ZIP+4.
 */
function validateAddress(value: unknown, index: number) {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApiError(400, 'validation', 'invalid_field_value', `[${index}] must be an address object`, `[${index}]`);
  const given = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(given)) {
    if (!VALIDATION_FIELDS.has(key))
      throw new ApiError(400, 'validation', 'invalid_field_value', `${key} is not a field of an address`, key);
    if (field !== null && typeof field !== 'string')
      throw new ApiError(400, 'validation', 'invalid_field_value', `${key} must be a string`, key);
  }
  const text = (key: string) => (typeof given[key] === 'string' ? (given[key] as string) : '');
  const original = {
    name: given.name ?? null,
    phone: given.phone ?? null,
    company_name: given.company_name ?? null,
    address_line1: text('address_line1'),
    address_line2: given.address_line2 ?? null,
    address_line3: given.address_line3 ?? null,
    city_locality: text('city_locality'),
    state_province: text('state_province'),
    postal_code: text('postal_code'),
    country_code: text('country_code'),
    address_residential_indicator: given.address_residential_indicator ?? 'unknown',
  };
  // Refused before any check, with the recorded message (ShipEngine's `empty_fields` example).
  if (!/^[A-Z]{2}$/.test(original.country_code))
    return validationResult('validate-unverified', { original_address: original });
  const known = standInPostal({
    street: original.address_line1,
    secondary: text('address_line2'),
    city: original.city_locality,
    state: original.state_province,
    zip: original.postal_code,
  });
  if (!known) {
    const zip5 = original.postal_code.trim().slice(0, 5);
    const unknownZip = zip5 === '00000' || !/^\d{5}$/.test(zip5);
    return validationResult('validate-error', {
      original_address: original,
      // As ShipEngine does, the best it could make of the address comes back even though it failed.
      matched_address: upperCased(original),
      // Why it failed (ShipEngine's codes): the postal code, else the street.
      messages: [
        unknownZip
          ? validationMessage(
              'a1002',
              'minimum_postal_code_verification_failed',
              'Could not verify this address to the postal code level.',
            )
          : validationMessage(
              'a1002',
              'street_does_not_match_unique_street_name',
              'Could not match the inputted street name to a unique street name. No matches or too many matches were found.',
            ),
      ],
    });
  }
  // Verified, with the recorded messages of an address verified to the highest level.
  return validationResult('validate-verified', {
    original_address: original,
    matched_address: {
      ...original,
      address_line1: known.street,
      address_line2: known.secondary || null,
      city_locality: known.city,
      state_province: known.state,
      postal_code: `${known.zip5}-${known.plus4}`,
      address_residential_indicator: 'no',
    },
  });
}

const OUNCES_PER: Record<string, number> = { ounce: 1, pound: 16, gram: 1 / 28.349523125, kilogram: 35.27396195 };

/** The packages' weights in ounces, each checked. */
function checkPackages(value: unknown, errors: FieldError[]): number[] {
  if (!Array.isArray(value) || value.length === 0) {
    errors.push({ message: 'shipment.packages must have at least one package', field_name: 'packages' });
    return [];
  }
  return value.map((pack, index) => {
    const weight = (pack as { weight?: { value?: unknown; unit?: unknown } }).weight;
    const per = OUNCES_PER[String(weight?.unit)];
    if (typeof weight?.value !== 'number' || weight.value <= 0 || per === undefined) {
      errors.push({ message: `packages[${index}].weight is invalid`, field_name: `packages[${index}].weight` });
      return 0;
    }
    const dimensions = (pack as { dimensions?: Record<string, unknown> }).dimensions;
    if (dimensions) {
      for (const side of ['length', 'width', 'height']) {
        if (typeof dimensions[side] !== 'number' || (dimensions[side] as number) <= 0)
          errors.push({
            message: `packages[${index}].dimensions.${side} must be positive`,
            field_name: `packages[${index}].dimensions.${side}`,
          });
      }
      if (dimensions.unit !== 'inch' && dimensions.unit !== 'centimeter')
        errors.push({
          message: 'dimensions.unit must be inch or centimeter',
          field_name: `packages[${index}].dimensions.unit`,
        });
    }
    return weight.value * per;
  });
}

/** A shipment checked as ShipEngine checks it; the first problem is answered as a 400. */
function checkShipment(value: unknown): { shipment: Record<string, unknown>; ounces: number[] } {
  if (typeof value !== 'object' || value === null)
    throw new ApiError(400, 'validation', 'request_body_required', 'shipment is required', 'shipment');
  const shipment = value as Record<string, unknown>;
  const errors: FieldError[] = [];
  checkAddress(shipment.ship_to, 'ship_to', errors);
  checkAddress(shipment.ship_from, 'ship_from', errors);
  const ounces = checkPackages(shipment.packages, errors);
  const first = errors[0];
  if (first) throw new ApiError(400, 'validation', 'invalid_field_value', first.message, first.field_name);
  return { shipment, ounces };
}

function priceOf(service: { base: number; perLb: number }, ounces: number[]): number {
  return ounces.reduce((sum, oz) => sum + service.base + service.perLb * (Math.max(1, Math.ceil(oz / 16)) - 1), 0);
}

const money = (cents: number) => ({ currency: 'usd', amount: cents / 100 });

/** ShipEngine's words for its parcel statuses (`status_description`, as its recorded answers have them). */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  UN: 'Unknown',
  AC: 'Accepted',
  IT: 'In Transit',
  DE: 'Delivered',
  EX: 'Exception',
  AT: 'Delivery Attempt',
  NY: 'Not Yet In System',
  SP: 'Delivered To Collection Location',
};

/**
 * A label's first tracking event, now: the recorded one of a parcel known only from the shipper's
 * electronic information (`tracking-unknown`).
 */
function firstEventOf(): Record<string, unknown> {
  const [event] = recorded<{ events: Record<string, unknown>[] }>('shipengine', 'tracking-unknown').events;
  const now = new Date().toISOString();
  return { ...event, occurred_at: now, carrier_occurred_at: now };
}

/**
 * A carrier's scan, now, as a recorded event (`tracking-delivered`) with what the carrier said filled in;
 * its own status_code empty, as in every recorded answer (the parcel's status says it).
 */
function scanOf(fields: { description: string; city: string | null; eventCode: string }): Record<string, unknown> {
  const [event] = recorded<{ events: Record<string, unknown>[] }>('shipengine', 'tracking-delivered').events;
  const now = new Date().toISOString();
  return {
    ...event,
    occurred_at: now,
    carrier_occurred_at: now.slice(0, 19),
    description: fields.description,
    city_locality: fields.city,
    state_province: '',
    postal_code: '',
    country_code: 'US',
    event_code: fields.eventCode,
    carrier_status_code: fields.eventCode,
    // The stand-in's one facility, wherever the scan is.
    latitude: 40.7506,
    longitude: -73.9935,
  };
}

/** What the stand-in knows of a parcel: its status, its events (newest first) and its dates. */
interface Tracked {
  status_code: string;
  events: Record<string, unknown>[];
  ship_date: string;
  estimated_delivery_date: string;
}

/**
 * A parcel's tracking as `GET /v1/tracking` answers it (and a track webhook's `data`): the recorded answer of
 * a parcel known only from the shipper's information (`tracking-unknown`), its status and events those of
 * the scans since; a number never bought is unknown, without events.
 */
function trackingOf(number: string, found: Tracked | undefined) {
  const base = recorded('shipengine', 'tracking-unknown');
  const events = found?.events ?? [];
  const latest = events[0];
  const scanned = latest !== undefined && events.length > 1;
  const status = found?.status_code ?? 'UN';
  return {
    ...base,
    tracking_number: number,
    status_code: status,
    status_description: STATUS_DESCRIPTIONS[status] ?? 'Unknown',
    carrier_status_code: scanned ? latest.carrier_status_code : found ? base.carrier_status_code : null,
    carrier_status_description: scanned ? latest.description : found ? base.carrier_status_description : null,
    ship_date: found?.ship_date ?? null,
    estimated_delivery_date: found?.estimated_delivery_date ?? null,
    actual_delivery_date: status === 'DE' ? (latest?.occurred_at ?? null) : null,
    events,
  };
}

/** Midnight UTC `days` from today, as ShipEngine writes its dates. */
const daysFromNow = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`;

/** Where each of a label's files is downloaded: one URL per format and `href`, the format asked for. */
function downloadsOf(base: string, file: string, format: LabelFileFormat) {
  const url = (extension: string) => `${base}/v1/downloads/10/${file}.${extension}`;
  return { pdf: url('pdf'), png: url('png'), zpl: url('zpl'), href: url(format) };
}

/** Refund Assist's word on a voided label's refund (`refund_details`), as the label carries it. */
export interface StandInRefund {
  refund_status: 'request_scheduled' | 'pending' | 'approved' | 'rejected' | 'excluded';
  request_date: string;
  amount_paid: { currency: string; amount: number };
  amount_requested: { currency: string; amount: number };
  amount_approved: { currency: string; amount: number } | null;
  amount_credited: { currency: string; amount: number } | null;
}

export interface StandInLabel {
  label_id: string;
  status: 'completed';
  shipment_id: string;
  ship_date: string;
  insurance_cost: { currency: string; amount: number };
  is_return_label: boolean;
  rma_number: null;
  is_international: boolean;
  batch_id: string;
  package_code: string;
  display_scheme: string;
  trackable: boolean;
  label_image_id: null;
  tracking_status: string;
  form_download: null;
  insurance_claim: null;
  charge_event: string;
  external_shipment_id: string | null;
  tracking_number: string;
  carrier_id: string;
  carrier_code: string;
  service_code: string;
  label_format: LabelFileFormat;
  label_layout: '4x6';
  label_download: Record<string, string>;
  packages: (Record<string, unknown> & {
    tracking_number: string;
    sequence: number;
    label_download: Record<string, string>;
  })[];
  shipment_cost: { currency: string; amount: number };
  voided: boolean;
  voided_at: string | null;
  void_type: 'manual' | null;
  refund_details: StandInRefund | null;
  created_at: string;
}

/** Faults are set per route with ids as `:id`: `POST /v1/labels`, `GET /v1/downloads/:file`. */
export interface ShipEngineStandIn extends StandInServer {
  /** Every label bought, by label id. */
  labels: Map<string, StandInLabel>;
  /** How many labels were bought with each external shipment id: more than 1 would be a label paid twice. */
  purchases: Map<string, number>;
  /** Whether the next voids are approved (ShipEngine refuses a label already used, for one). */
  voidApproved: boolean;
  /** Why a void is refused while `voidApproved` is false (ShipEngine's `reason_code`). */
  voidRefusal: 'label_already_used' | 'label_not_found_within_void_period';
  /** Carrier accounts whose carrier refuses to rate (credentials it no longer takes): their rates come back as its error. */
  refusingCarriers: Set<string>;
  /**
   * The carrier settles the refund of a voided label: `refund_details.refund_status` becomes `status` (a void
   * leaves it `pending`), approved with the amount credited; null: the label is not eligible for Refund
   * Assist (no `refund_details`).
   */
  settleRefund(labelId: string, status: StandInRefund['refund_status'] | null): void;
  /** Every pickup scheduled, by pickup id (`cancelled_at` once deleted). */
  pickups: Map<string, Record<string, unknown>>;
  /** The carrier scans a parcel: an event (ShipEngine status code) added to its tracking. */
  scan(trackingNumber: string, statusCode: string, description: string, city?: string): void;
  /**
   * The `track` webhook ShipEngine would send about `trackingNumber` now, signed with its RSA key
   * (`x-shipengine-rsa-sha256-signature` over `timestamp.body`, the key named by id; the public key at
   * `GET /jwks`); `signedAt` to send one signed at another time.
   */
  trackingEvent(trackingNumber: string, signedAt?: Date): { body: string; headers: Record<string, string> };
}

/** The stand-in's webhook signing key (one per stand-in, as ShipEngine rotates its own). */
const SIGNING_KEY_ID = 'standin-2026-1';

/** Starts the stand-in on a free port of 127.0.0.1 (or `port`), accepting `apiKey`. */
export async function startShipEngineStandIn(options: { apiKey: string; port?: number }): Promise<ShipEngineStandIn> {
  const labels = new Map<string, StandInLabel>();
  const purchases = new Map<string, number>();
  const documents = new Map<string, { type: string; bytes: Buffer }>();
  const tracking = new Map<string, Tracked>();
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let sequence = 100000;
  let base = '';

  /** A request's JSON body; none at all is refused with ShipEngine's recorded answer (`error-400`). */
  const body = (request: IncomingMessage) =>
    jsonBody(
      request,
      (message) => new ApiError(400, 'validation', 'invalid_body', message),
      () => new RecordedError(400, recordedError('error-400')),
    );

  /**
   * `POST /v1/rates`: the recorded answer (`rates`), its rates those of the carrier accounts asked, each the
   * recorded rate with its ids, price, service and dates filled in. A carrier account in `refusingCarriers`
   * answers the recorded carrier refusal (`rates-carrier-error`); a route the stand-in does not price (not
   * within the US) is refused alike in the carrier's words.
   */
  function rates(input: Record<string, unknown>) {
    const carrierIds = (input.rate_options as { carrier_ids?: unknown } | undefined)?.carrier_ids;
    if (!Array.isArray(carrierIds) || carrierIds.length === 0)
      throw new ApiError(
        400,
        'validation',
        'invalid_field_value',
        'rate_options.carrier_ids must have at least one carrier id',
        'rate_options.carrier_ids',
      );
    const { shipment, ounces } = checkShipment(input.shipment);
    for (const carrierId of carrierIds)
      if (!SHIPENGINE_CARRIERS.some((carrier) => carrier.carrier_id === carrierId))
        throw unknownValue('carrier_id', String(carrierId));
    const recordedRates = recorded<{ rate_response: { rates: Record<string, unknown>[] } }>('shipengine', 'rates');
    const [template] = recordedRates.rate_response.rates;
    const [refusal] = recorded<{ rate_response: { errors: Record<string, unknown>[] } }>(
      'shipengine',
      'rates-carrier-error',
    ).rate_response.errors;
    const shipmentId = `se-${++sequence}`;
    const carriers = SHIPENGINE_CARRIERS.filter((carrier) => carrierIds.includes(carrier.carrier_id));
    const domestic =
      (shipment.ship_to as { country_code?: string }).country_code === 'US' &&
      (shipment.ship_from as { country_code?: string }).country_code === 'US';
    const refused = carriers.filter((carrier) => !domestic || stand.refusingCarriers.has(carrier.carrier_id));
    const list = carriers
      .filter((carrier) => !refused.includes(carrier))
      .flatMap((carrier) =>
        carrier.services.map((service) => ({
          ...template,
          rate_id: `se-${++sequence}`,
          carrier_id: carrier.carrier_id,
          shipping_amount: money(priceOf(service, ounces)),
          insurance_amount: money(0),
          confirmation_amount: money(0),
          other_amount: money(0),
          delivery_days: service.days,
          guaranteed_service: false,
          estimated_delivery_date: daysFromNow(service.days),
          carrier_delivery_days: String(service.days),
          ship_date: daysFromNow(0),
          service_type: service.name,
          service_code: service.service_code,
          carrier_code: carrier.carrier_code,
          carrier_nickname: `ShipEngine Test Account - ${carrier.friendly_name}`,
          carrier_friendly_name: carrier.friendly_name,
        })),
      );
    const errors = refused.map((carrier) => ({
      ...refusal,
      ...(domestic ? {} : { message: 'A shipping carrier error occurred: This route is not served.' }),
      carrier_id: carrier.carrier_id,
      carrier_code: carrier.carrier_code,
      carrier_name: carrier.friendly_name,
    }));
    return {
      ...shipment,
      ...recordedRates,
      rate_response: {
        ...recordedRates.rate_response,
        rates: list,
        rate_request_id: `se-${++sequence}`,
        shipment_id: shipmentId,
        created_at: new Date().toISOString(),
        status: list.length > 0 || errors.length === 0 ? 'completed' : 'error',
        errors,
      },
      shipment_id: shipmentId,
    };
  }

  /**
   * `POST /v1/labels`: the recorded label (`label`) with the purchase filled in (ids, tracking numbers, the
   * service, the price, the dates, each package as sent with its own label file).
   */
  async function buyLabel(input: Record<string, unknown>): Promise<StandInLabel> {
    const { shipment, ounces } = checkShipment(input.shipment);
    const carrier = SHIPENGINE_CARRIERS.find((candidate) => candidate.carrier_id === shipment.carrier_id);
    if (!carrier) throw unknownValue('carrier_id', String(shipment.carrier_id));
    const service = carrier.services.find((candidate) => candidate.service_code === shipment.service_code);
    if (!service) throw unknownValue('service_code', String(shipment.service_code));
    const format = String(input.label_format ?? 'pdf') as LabelFileFormat;
    if (!(format in LABEL_TYPES))
      throw new ApiError(400, 'validation', 'invalid_field_value', 'label_format is invalid', 'label_format');
    const recordedLabel = recorded<{ packages: Record<string, unknown>[] }>('shipengine', 'label');
    const [packageTemplate] = recordedLabel.packages;
    const labelId = `se-${++sequence}`;
    const to = shipment.ship_to as Record<string, string>;
    const reference = (shipment.packages as { label_messages?: { reference1?: string } }[])[0]?.label_messages
      ?.reference1;
    const shipDate = daysFromNow(0);
    const packages = await Promise.all(
      ounces.map(async (_oz, index) => {
        const trackingNumber = carrier.carrier_code === 'ups' ? `1Z${randomDigits(16)}` : `9405${randomDigits(18)}`;
        const file = `label-${labelId.slice(3)}-${index + 1}`;
        documents.set(`${file}.${format}`, {
          type: LABEL_TYPES[format],
          bytes: await standInLabel(format, {
            service: `${carrier.carrier_code} ${service.service_code}`,
            name: to.name ?? '',
            street: to.address_line1 ?? '',
            cityLine: `${to.city_locality} ${to.state_province} ${to.postal_code}`,
            tracking: trackingNumber,
            reference: reference ?? null,
          }),
        });
        tracking.set(trackingNumber, {
          status_code: 'UN',
          events: [firstEventOf()],
          ship_date: shipDate,
          estimated_delivery_date: daysFromNow(service.days),
        });
        const sent = (shipment.packages as Record<string, unknown>[])[index] ?? {};
        return {
          ...packageTemplate,
          package_id: ++sequence,
          weight: sent.weight,
          dimensions: sent.dimensions ?? { unit: 'inch', length: 0, width: 0, height: 0 },
          insured_value: money(0),
          tracking_number: trackingNumber,
          label_messages: { reference1: null, reference2: null, reference3: null, ...(sent.label_messages ?? {}) },
          sequence: index + 1,
          label_download: downloadsOf(base, file, format),
        };
      }),
    );
    const first = packages[0] as (typeof packages)[number];
    const externalId = typeof shipment.external_shipment_id === 'string' ? shipment.external_shipment_id : null;
    const label = {
      ...recordedLabel,
      label_id: labelId,
      shipment_id: `se-${++sequence}`,
      ship_date: shipDate,
      created_at: new Date().toISOString(),
      shipment_cost: money(priceOf(service, ounces)),
      insurance_cost: money(0),
      tracking_number: first.tracking_number,
      carrier_id: carrier.carrier_id,
      service_code: service.service_code,
      carrier_code: carrier.carrier_code,
      label_format: format,
      label_download: first.label_download,
      packages,
      external_shipment_id: externalId,
      voided: false,
      voided_at: null,
      void_type: null,
      refund_details: null,
    } as unknown as StandInLabel;
    labels.set(labelId, label);
    if (externalId) purchases.set(externalId, (purchases.get(externalId) ?? 0) + 1);
    return label;
  }

  function labelById(id: string): StandInLabel {
    const label = labels.get(id);
    if (!label) throw notFound(`Label ID ${id} was not found.`);
    return label;
  }

  /**
   * `PUT /v1/labels/{id}/void`: approved as recorded (`void-approved`: a refund request, its outcome on the
   * label); a label voided before answered as documented (`void-already-voided`); refused while
   * `voidApproved` is false for the reason `voidRefusal` (`label_not_found_within_void_period` as recorded in
   * `void-refused`; `label_already_used` with the stand-in's words, ShipEngine publishing none).
   */
  function voidLabel(label: StandInLabel) {
    if (label.voided) return recorded('shipengine', 'void-already-voided');
    if (!stand.voidApproved)
      return stand.voidRefusal === 'label_not_found_within_void_period'
        ? recorded('shipengine', 'void-refused')
        : { approved: false, message: 'The label has already been used.', reason_code: 'label_already_used' };
    label.voided = true;
    label.voided_at = new Date().toISOString();
    label.void_type = 'manual';
    // The refund is requested of the carrier; the label tells how it ends (settleRefund).
    label.refund_details = {
      refund_status: 'pending',
      request_date: label.voided_at,
      amount_paid: label.shipment_cost,
      amount_requested: label.shipment_cost,
      amount_approved: null,
      amount_credited: null,
    };
    return recorded('shipengine', 'void-approved');
  }

  const pickups = new Map<string, Record<string, unknown>>();

  /**
   * `POST /v1/pickups`: ShipEngine's published answer (`pickup-schedule`) of this request, for labels bought
   * here (of one carrier), with a new pickup id and confirmation number.
   */
  function schedulePickup(asked: Record<string, unknown>) {
    const labelIds = asked.label_ids;
    if (!Array.isArray(labelIds) || labelIds.length === 0)
      throw new ApiError(400, 'validation', 'field_value_required', 'label_ids is required', 'label_ids');
    const picked = labelIds.map((id) => labelById(String(id)));
    const contact = asked.contact_details as Record<string, unknown> | undefined;
    for (const field of ['name', 'email', 'phone'] as const)
      if (typeof contact?.[field] !== 'string' || !contact[field])
        throw new ApiError(
          400,
          'validation',
          'field_value_required',
          `contact_details.${field} is required`,
          `contact_details.${field}`,
        );
    const window = asked.pickup_window as Record<string, unknown> | undefined;
    if (typeof window?.start_at !== 'string' || typeof window.end_at !== 'string')
      throw new ApiError(400, 'validation', 'field_value_required', 'pickup_window is required', 'pickup_window');
    const pickupId = `pik_${randomDigits(22)}`;
    const made = {
      ...recorded('shipengine', 'pickup-schedule'),
      pickup_id: pickupId,
      label_ids: labelIds,
      created_at: new Date().toISOString(),
      cancelled_at: null,
      carrier_id: (picked[0] as StandInLabel).carrier_id,
      confirmation_number: `${randomDigits(6)}CL${randomDigits(3)}`,
      contact_details: contact,
      pickup_notes: asked.pickup_notes ?? '',
      pickup_window: [window],
    };
    pickups.set(pickupId, made);
    return made;
  }

  /** `DELETE /v1/pickups/{id}`: the pickup's id (`pickup-delete`). */
  function deletePickup(id: string) {
    const pickup = pickups.get(id);
    if (!pickup || pickup.cancelled_at) throw notFound(`Pickup ${id} was not found.`);
    pickup.cancelled_at = new Date().toISOString();
    return { ...recorded('shipengine', 'pickup-delete'), pickup_id: id };
  }

  /**
   * `GET /v1/pickups`: the pickups made here since `created_at_start`, a page of `page_size` at a time, in the
   * shape of ShipEngine's list (`pickup-list`).
   */
  function listPickups(query: URLSearchParams) {
    const since = Date.parse(query.get('created_at_start') ?? '') || 0;
    const made = [...pickups.values()].filter((pickup) => Date.parse(String(pickup.created_at)) >= since);
    const size = Math.max(1, Number(query.get('page_size')) || 25);
    const page = Math.max(1, Number(query.get('page')) || 1);
    return {
      ...recorded('shipengine', 'pickup-list'),
      pickups: made.slice((page - 1) * size, page * size),
      total: made.length,
      page,
      pages: Math.max(1, Math.ceil(made.length / size)),
    };
  }

  async function answer(method: string, url: URL, request: IncomingMessage): Promise<[number, unknown]> {
    const path = url.pathname;
    if (method === 'GET' && path === '/v1/pickups') return [200, listPickups(url.searchParams)];
    if (method === 'POST' && path === '/v1/rates') return [200, rates(await body(request))];
    if (method === 'POST' && path === '/v1/labels') return [200, await buyLabel(await body(request))];
    if (method === 'POST' && path === '/v1/pickups') return [200, schedulePickup(await body(request))];
    const pickup = path.match(/^\/v1\/pickups\/(pik_\w+)$/);
    if (method === 'DELETE' && pickup) return [200, deletePickup(pickup[1] as string)];
    if (method === 'POST' && path === '/v1/addresses/validate') {
      const addresses: unknown = await body(request);
      if (!Array.isArray(addresses) || addresses.length === 0 || addresses.length > 250)
        throw new ApiError(400, 'validation', 'invalid_body', 'The body must be an array of 1 to 250 addresses');
      return [200, addresses.map(validateAddress)];
    }
    let match = path.match(/^\/v1\/labels\/external_shipment_id\/(.+)$/);
    if (method === 'GET' && match) {
      const externalId = decodeURIComponent(match[1] as string);
      const label = [...labels.values()].find((candidate) => candidate.external_shipment_id === externalId);
      if (!label) throw notFound(`Label with external shipment ID ${externalId} was not found.`);
      return [200, label];
    }
    match = path.match(/^\/v1\/labels\/(se-[\w-]+)\/void$/);
    if (method === 'PUT' && match) return [200, voidLabel(labelById(match[1] as string))];
    match = path.match(/^\/v1\/labels\/(se-[\w-]+)$/);
    if (method === 'GET' && match) return [200, labelById(match[1] as string)];
    if (method === 'GET' && path === '/v1/tracking') {
      const number = url.searchParams.get('tracking_number') ?? '';
      if (!url.searchParams.get('carrier_code'))
        throw new ApiError(400, 'validation', 'invalid_field_value', 'carrier_code is required', 'carrier_code');
      const found = tracking.get(number);
      return [200, trackingOf(number, found)];
    }
    throw notFound('The requested resource could not be found.');
  }

  const server = await serveStandIn({
    port: options.port,
    routeOf: (method, path) =>
      `${method} ${path
        .replace(/\/se-\d+/g, '/:id')
        .replace(/\/v1\/downloads\/.+$/, '/v1/downloads/:file')
        .replace(/\/external_shipment_id\/.+$/, '/external_shipment_id/:id')}`,
    faultAnswer,
    async answer(method, url, request) {
      // The signing keys are public: no API key needed.
      if (method === 'GET' && url.pathname === '/jwks') {
        const jwk = signing.publicKey.export({ format: 'jwk' });
        return { status: 200, json: { keys: [{ ...jwk, kid: SIGNING_KEY_ID, alg: 'RS256', use: 'sig' }] } };
      }
      if (request.headers['api-key'] !== options.apiKey) throw new RecordedError(401, recordedError('error-401'));
      // Label files are served by ShipEngine's own host, to the same key.
      const file = url.pathname.match(/^\/v1\/downloads\/\d+\/(label-[\w-]+\.(pdf|png|zpl))$/);
      if (method === 'GET' && file) {
        const document = documents.get(file[1] as string);
        if (!document) throw notFound('The requested file was not found.');
        return { status: 200, ...document };
      }
      const [status, json] = await answer(method, url, request);
      return { status, json };
    },
    errorOf(error) {
      if (error instanceof RecordedError) return { status: error.status, json: error.body };
      if (error instanceof ApiError)
        return { status: error.status, json: errorBody(error.type, error.code, error.message, error.field) };
      // The stand-in's own failure, answered as ShipEngine's recorded 500.
      return { status: 500, json: recordedError('error-500') };
    },
  });
  base = server.base;

  // The server itself becomes the stand-in, so its live fields (chaos, peakInFlight) stay its own.
  const stand: ShipEngineStandIn = Object.assign(server, {
    labels,
    pickups,
    purchases,
    voidApproved: true,
    voidRefusal: 'label_already_used',
    refusingCarriers: new Set<string>(),
    settleRefund(labelId, status) {
      const label = labels.get(labelId);
      const refund = label?.refund_details;
      if (!label || !refund) throw new Error(`no refund was requested for ${labelId}`);
      if (status === null) {
        label.refund_details = null;
        return;
      }
      refund.refund_status = status;
      refund.amount_approved = status === 'approved' ? refund.amount_requested : null;
      refund.amount_credited = refund.amount_approved;
    },
    scan(trackingNumber, statusCode, description, city) {
      const found = tracking.get(trackingNumber);
      if (!found) throw new Error(`no tracking for ${trackingNumber}`);
      found.events.unshift(scanOf({ description, city: city ?? null, eventCode: statusCode }));
      found.status_code = statusCode;
    },
    trackingEvent(trackingNumber, signedAt = new Date()) {
      const found = tracking.get(trackingNumber);
      if (!found) throw new Error(`no tracking for ${trackingNumber}`);
      // The recorded push (`webhook-track`) about this parcel.
      const body = JSON.stringify({
        ...recorded('shipengine', 'webhook-track'),
        resource_url: `${base}/v1/tracking?carrier_code=usps&tracking_number=${trackingNumber}`,
        data: trackingOf(trackingNumber, found),
      });
      const timestamp = signedAt.toISOString();
      const signature = sign('sha256', Buffer.from(`${timestamp}.${body}`, 'utf8'), signing.privateKey).toString(
        'base64',
      );
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-shipengine-rsa-sha256-key-id': SIGNING_KEY_ID,
          'x-shipengine-rsa-sha256-signature': signature,
          'x-shipengine-timestamp': timestamp,
        },
      };
    },
  } satisfies Omit<ShipEngineStandIn, keyof StandInServer>);
  return stand;
}
