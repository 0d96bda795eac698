/**
 * A stand-in for EasyPost's API v2 (https://docs.easypost.com), for tests and for running the platform
 * against a carrier without an account: the endpoints the adapter uses (Shipment with rates, buy, refund,
 * Tracker, a USPS label's QR code Form, ScanForm made, read and listed, Address verification, the shipment invoice Report made, read and listed), checking
 * each request field by field, and failing on demand (latency, no answer, 429 with Retry-After, 5xx, a
 * broken body).
 *
 * It answers with EasyPost's own bodies (test/conformance/fixtures/easypost, see recorded.ts): the client
 * library's recorded cassettes for shipments, rates, labels, refunds, trackers, scan forms, addresses and
 * reports, the `tracker.updated` Event of its examples, and its error bodies (422 PARAMETER.REQUIRED and
 * ADDRESS.VERIFY.FAILURE as recorded, the library's 429 and 5xx vectors), with only what follows the
 * request filled in. Errors EasyPost publishes no body for (a 401, a rate or a buy refused, a scan form
 * refused, 402) come in its documented Error object with the stand-in's words.
 *
 * Rates are made up from the parcel's weight; they are not EasyPost's prices.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import bwipjs from 'bwip-js';
import { zipSync } from 'fflate';
import { type FinalInvoice, shipmentInvoiceCsv, spanErrors } from './easypost-reports.ts';
import {
  type Fault,
  jsonBody,
  LABEL_TYPES,
  type LabelFileFormat,
  randomDigits,
  randomId,
  type StandInServer,
  serveStandIn,
  standInForm,
  standInLabel,
  standInPostal,
} from './harness.ts';
import { recorded, recordedAnswer } from './recorded.ts';

export type { Fault, FinalInvoice };

interface StandInAddress {
  name: string;
  company: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string | null;
  email: string | null;
  residential: boolean | null;
}

interface StandInRate {
  id: string;
  object: 'Rate';
  mode: 'test' | 'production';
  service: string;
  carrier: string;
  rate: string;
  currency: 'USD';
  retail_rate: string;
  list_rate: string;
  delivery_days: number;
  est_delivery_days: number;
  shipment_id: string;
  carrier_account_id: string;
}

interface StandInShipment {
  id: string;
  object: 'Shipment';
  mode: 'test' | 'production';
  reference: string | null;
  status: string;
  to_address: StandInAddress & { id: string; object: 'Address' };
  from_address: StandInAddress & { id: string; object: 'Address' };
  parcel: { id: string; object: 'Parcel'; length: number; width: number; height: number; weight: number };
  options: Record<string, unknown>;
  rates: StandInRate[];
  selected_rate: StandInRate | null;
  postage_label: Record<string, unknown> | null;
  tracking_code: string | null;
  tracker: Record<string, unknown> | null;
  refund_status: 'submitted' | 'refunded' | 'rejected' | 'not_applicable' | null;
  /** Forms asked for on the bought shipment (a USPS label's `label_qr_code`). */
  forms: Record<string, unknown>[];
  messages: unknown[];
  created_at: string;
  updated_at: string;
}

/** The services the stand-in sells, with a made-up price per pound (cents) and days. */
const SERVICES = [
  { carrier: 'USPS', service: 'GroundAdvantage', base: 520, perLb: 95, days: 4 },
  { carrier: 'USPS', service: 'Priority', base: 810, perLb: 140, days: 2 },
  { carrier: 'USPS', service: 'Express', base: 2890, perLb: 310, days: 1 },
  { carrier: 'UPS', service: 'Ground', base: 990, perLb: 120, days: 3 },
] as const;

/**
 * What a scripted status answers: the recorded bodies of 429, 500 and 503 (easypost-node's error vectors),
 * another 5xx as the 500; a 402 or another 4xx in EasyPost's Error object with the stand-in's words.
 */
function faultAnswer(status: number) {
  if ([429, 500, 503].includes(status) || status > 500)
    return { json: recorded('easypost', `error-${status > 500 && status !== 503 ? 500 : status}`) };
  if (status === 402)
    return {
      json: { error: { code: 'PAYMENT.REQUIRED', message: 'Insufficient funds to purchase postage', errors: [] } },
    };
  return { json: { error: { code: 'BAD_REQUEST', message: 'The request could not be understood.', errors: [] } } };
}

/** EasyPost names label formats in capitals. */
type LabelFormat = 'PDF' | 'PNG' | 'ZPL';
const LABEL_FORMATS: readonly string[] = ['PDF', 'PNG', 'ZPL'];
const fileFormatOf = (format: LabelFormat) => format.toLowerCase() as LabelFileFormat;

const idOf = (prefix: string) => randomId(prefix);
const digits = randomDigits;

class RequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: unknown[];

  constructor(status: number, code: string, message: string, errors: unknown[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/** A recorded Error answer (`{error: {code, message, errors}}`), its field errors `errors` where given. */
function recordedError(status: number, name: string, errors?: unknown[]): RequestError {
  const { error } = recorded<{ error: { code: string; message: string; errors: unknown[] } }>('easypost', name);
  return new RequestError(status, error.code, error.message, errors ?? error.errors);
}

/** EasyPost's 404 (`error-404-string-errors`): its code and words, no details of its own. */
const notFound = () => recordedError(404, 'error-404-string-errors', []);

const ADDRESS_REQUIRED = ['street1', 'city', 'state', 'zip', 'country'] as const;

function addressOf(value: unknown, field: string, errors: { field: string; message: string }[]): StandInAddress {
  const input = (value ?? {}) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null) {
    errors.push({ field, message: 'is required' });
    return {} as StandInAddress;
  }
  for (const key of ADDRESS_REQUIRED) {
    if (typeof input[key] !== 'string' || (input[key] as string).trim() === '')
      errors.push({ field: `${field}.${key}`, message: 'cannot be blank' });
  }
  if (typeof input.name !== 'string' && typeof input.company !== 'string')
    errors.push({ field: `${field}.name`, message: 'name or company is required' });
  const zip = String(input.zip ?? '');
  if (input.country === 'US' && zip !== '' && !/^\d{5}(-\d{4})?$/.test(zip))
    errors.push({ field: `${field}.zip`, message: 'Invalid ZIP Code' });
  const text = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : null);
  return {
    name: text('name') ?? '',
    company: text('company'),
    street1: text('street1') ?? '',
    street2: text('street2'),
    city: text('city') ?? '',
    state: text('state') ?? '',
    zip,
    country: text('country') ?? '',
    phone: text('phone'),
    email: text('email'),
    residential: typeof input.residential === 'boolean' ? input.residential : null,
  };
}

function parcelOf(value: unknown, errors: { field: string; message: string }[]) {
  const input = (value ?? {}) as Record<string, unknown>;
  for (const key of ['length', 'width', 'height', 'weight'] as const) {
    const number = input[key];
    if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0)
      errors.push({ field: `shipment.parcel.${key}`, message: 'must be a positive number' });
  }
  if (typeof input.weight === 'number' && input.weight > 150 * 16)
    errors.push({ field: 'shipment.parcel.weight', message: 'exceeds the maximum weight of 2400 oz' });
  return {
    id: idOf('prcl'),
    object: 'Parcel' as const,
    length: Number(input.length),
    width: Number(input.width),
    height: Number(input.height),
    weight: Number(input.weight),
  };
}

function labelDocument(format: LabelFormat, shipment: StandInShipment): Promise<Buffer> {
  const to = shipment.to_address;
  return standInLabel(fileFormatOf(format), {
    service: `${shipment.selected_rate?.carrier} ${shipment.selected_rate?.service}`,
    name: to.name,
    street: to.street1,
    cityLine: `${to.city} ${to.state} ${to.zip}`,
    tracking: shipment.tracking_code ?? '',
    reference: shipment.reference,
  });
}

/** Faults are set per route with ids as `:id`: `POST /v2/shipments/:id/buy`, `GET /files/:file`. */
export interface EasyPostStandIn extends StandInServer {
  /** Every shipment made, by id. */
  shipments: Map<string, StandInShipment>;
  /** How many times each shipment was bought: more than 1 would be a label paid twice. */
  purchases: Map<string, number>;
  /** The carrier scans a parcel: a tracking detail added to its tracker, which takes its status. */
  scan(trackingCode: string, status: string, message: string, city?: string): void;
  /**
   * The webhook delivery EasyPost would send about the tracker of `trackingCode` now: an Event
   * (`tracker.updated`) signed with `secret` as EasyPost signs them (`X-Hmac-Signature`).
   */
  trackerEvent(trackingCode: string, secret: string): { body: string; headers: Record<string, string> };
  /** The refund answer for the next refunds (EasyPost: submitted, then refunded or rejected later). */
  refundAnswer: 'submitted' | 'refunded' | 'rejected';
  /** What the carrier finally invoiced and measured, by shipment id (else the rate paid, the parcel declared). */
  finalInvoices: Map<string, FinalInvoice>;
  /** How many reads of a new shipment invoice report answer that it is still being made. */
  reportReadsUntilMade: number;
  /** Every Pickup made, by id (its status: unknown until bought, scheduled, canceled). */
  pickups: Map<string, Record<string, unknown>>;
  /** The price of the pickup rate offered ("0.00", as recorded for USPS, unless a test sets a fee). */
  pickupRate: string;
}

/** Starts the stand-in on a free port of 127.0.0.1 (or `port`), accepting `apiKey` (Basic auth). */
export async function startEasyPostStandIn(options: { apiKey: string; port?: number }): Promise<EasyPostStandIn> {
  const shipments = new Map<string, StandInShipment>();
  const purchases = new Map<string, number>();
  const documents = new Map<string, { type: string; bytes: Buffer }>();
  /** The ScanForm each shipment is on. */
  const scanFormOf = new Map<string, string>();
  /** Every ScanForm made, oldest first. */
  const scanForms: Record<string, unknown>[] = [];
  const trackers = new Map<string, Record<string, unknown>>();
  /** Shipment invoice reports by id, with how often each was read. */
  const reports = new Map<string, { report: Record<string, unknown>; reads: number }>();
  const mode = options.apiKey.startsWith('EZTK') ? 'test' : 'production';
  let base = '';

  function authorised(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    if (header.startsWith('Basic ')) {
      const [user] = Buffer.from(header.slice(6), 'base64').toString().split(':');
      return user === options.apiKey;
    }
    return header === `Bearer ${options.apiKey}`;
  }

  const bodyOf = (request: IncomingMessage) =>
    jsonBody(request, (message) => new RequestError(400, 'PARAMETER.INVALID', message));

  function shipmentById(id: string): StandInShipment {
    const shipment = shipments.get(id);
    if (!shipment) throw notFound();
    return shipment;
  }

  function createShipment(body: Record<string, unknown>): StandInShipment {
    const input = body.shipment as Record<string, unknown> | undefined;
    if (!input || typeof input !== 'object') throw recordedError(422, 'error-422-parameter-required');
    const errors: { field: string; message: string }[] = [];
    const to = addressOf(input.to_address, 'shipment.to_address', errors);
    const from = addressOf(input.from_address, 'shipment.from_address', errors);
    const parcel = parcelOf(input.parcel, errors);
    const options = (input.options ?? {}) as Record<string, unknown>;
    if (options.label_format !== undefined && !LABEL_FORMATS.includes(String(options.label_format)))
      errors.push({ field: 'shipment.options.label_format', message: 'must be PDF, PNG or ZPL' });
    if (errors.length > 0)
      throw new RequestError(
        422,
        'SHIPMENT.INVALID_PARAMS',
        'Unable to create shipment, one or more parameters were invalid.',
        errors,
      );
    const id = idOf('shp');
    const now = new Date().toISOString();
    const pounds = Math.max(1, Math.ceil(parcel.weight / 16));
    // The recorded Shipment (`shipment-create`) and its Rate, filled in with this one's.
    const { rates: recordedRates, ...recordedShipment } = recorded<{ rates: Record<string, unknown>[] }>(
      'easypost',
      'shipment-create',
    );
    const [rateTemplate] = recordedRates;
    const rates: StandInRate[] =
      to.country === 'US' && from.country === 'US'
        ? SERVICES.map((service) => {
            const cents = service.base + service.perLb * (pounds - 1);
            return {
              ...(rateTemplate as object),
              id: idOf('rate'),
              object: 'Rate',
              mode,
              service: service.service,
              carrier: service.carrier,
              rate: (cents / 100).toFixed(2),
              currency: 'USD',
              retail_rate: ((cents * 1.3) / 100).toFixed(2),
              list_rate: ((cents * 1.1) / 100).toFixed(2),
              delivery_days: service.days,
              est_delivery_days: service.days,
              shipment_id: id,
              carrier_account_id: `ca_${service.carrier.toLowerCase()}`,
            };
          })
        : [];
    const shipment: StandInShipment = {
      ...(recordedShipment as object),
      id,
      object: 'Shipment',
      mode,
      reference: typeof input.reference === 'string' ? input.reference : null,
      status: 'unknown',
      to_address: { ...to, id: idOf('adr'), object: 'Address' },
      from_address: { ...from, id: idOf('adr'), object: 'Address' },
      parcel,
      options: { currency: 'USD', label_format: 'PDF', ...options },
      rates,
      selected_rate: null,
      postage_label: null,
      tracking_code: null,
      tracker: null,
      refund_status: null,
      forms: [],
      messages: rates.length === 0 ? [{ carrier: 'USPS', type: 'rate_error', message: 'No domestic route' }] : [],
      created_at: now,
      updated_at: now,
    };
    shipments.set(id, shipment);
    return shipment;
  }

  /**
   * `POST /v2/shipments/{id}/forms` for a `label_qr_code` (docs.easypost.com/guides/form-guide: USPS only): the
   * Shipment with the Form as recorded (shipment-label-qr-code), its PNG a QR code of the tracking number (the
   * real one is USPS Label Broker's).
   */
  async function labelQrCode(shipment: StandInShipment, body: Record<string, unknown>): Promise<StandInShipment> {
    const type = (body.form as { type?: unknown } | undefined)?.type;
    if (type !== 'label_qr_code')
      throw new RequestError(422, 'PARAMETER.INVALID', 'Form type is not supported', [
        { field: 'form.type', message: 'is invalid' },
      ]);
    if (!shipment.postage_label || !shipment.tracking_code)
      throw new RequestError(422, 'SHIPMENT.POSTAGE.REQUIRED', 'Shipment must be purchased before creating a form');
    if (shipment.selected_rate?.carrier !== 'USPS')
      throw new RequestError(422, 'FORM.UNAVAILABLE', 'Label QR codes are only available for USPS shipments');
    if (!shipment.forms.some((form) => form.form_type === 'label_qr_code')) {
      const [recordedForm] = recorded<{ forms: Record<string, unknown>[] }>('easypost', 'shipment-label-qr-code').forms;
      const id = idOf('form');
      const now = new Date().toISOString();
      shipment.forms.push({
        ...recordedForm,
        id,
        mode: shipment.mode,
        created_at: now,
        updated_at: now,
        form_url: `${base}/files/form/${id}.png`,
      });
      documents.set(`${id}.png`, {
        type: 'image/png',
        bytes: await bwipjs.toBuffer({ bcid: 'qrcode', text: shipment.tracking_code, scale: 4 }),
      });
    }
    shipment.updated_at = new Date().toISOString();
    return shipment;
  }

  async function buy(shipment: StandInShipment, body: Record<string, unknown>): Promise<StandInShipment> {
    if (shipment.postage_label) throw new RequestError(422, 'SHIPMENT.POSTAGE.EXISTS', 'Shipment already has postage');
    const rateId = (body.rate as { id?: unknown } | undefined)?.id;
    const rate = shipment.rates.find((candidate) => candidate.id === rateId);
    if (!rate)
      throw new RequestError(422, 'SHIPMENT.RATE.INVALID', 'Rate not found for this shipment', [
        { field: 'rate.id', message: 'is invalid' },
      ]);
    const format = String(shipment.options.label_format ?? 'PDF') as LabelFormat;
    shipment.selected_rate = rate;
    shipment.tracking_code = rate.carrier === 'UPS' ? `1Z${digits(16)}` : `9400${digits(18)}`;
    const labelId = idOf('pl');
    const ext = format.toLowerCase();
    shipment.postage_label = {
      ...recorded<{ postage_label: object }>('easypost', 'shipment-buy').postage_label,
      id: labelId,
      object: 'PostageLabel',
      label_date: new Date().toISOString(),
      label_file_type: LABEL_TYPES[fileFormatOf(format)],
      label_size: '4x6',
      label_resolution: 300,
      label_url: `${base}/files/postage_label/${labelId}.${ext}`,
      label_pdf_url: format === 'PDF' ? `${base}/files/postage_label/${labelId}.pdf` : null,
      label_zpl_url: format === 'ZPL' ? `${base}/files/postage_label/${labelId}.zpl` : null,
    };
    documents.set(`${labelId}.${ext}`, {
      type: LABEL_TYPES[fileFormatOf(format)],
      bytes: await labelDocument(format, shipment),
    });
    const tracker = trackerFor(shipment.tracking_code, rate.carrier, shipment.id);
    shipment.tracker = tracker;
    // A Shipment's status is its parcel's tracking status; EasyPost's recorded buy answers "unknown" still.
    shipment.updated_at = new Date().toISOString();
    purchases.set(shipment.id, (purchases.get(shipment.id) ?? 0) + 1);
    return shipment;
  }

  /**
   * A TrackingDetail: the recorded one given (`tracker-create`, trimmed) with the fields the recorded Event's
   * details have besides (`webhook-event`: its description; the carrier's own code, unknown here).
   */
  function detailOf(detail: Record<string, unknown> | undefined): Record<string, unknown> {
    const event = JSON.parse(recordedAnswer('easypost', 'webhook-event').text ?? '{}') as {
      result: { tracking_details: Record<string, unknown>[] };
    };
    return { ...event.result.tracking_details[0], ...detail, description: detail?.message, carrier_code: null };
  }

  function trackerFor(trackingCode: string, carrier: string, shipmentId: string | null) {
    const existing = [...trackers.values()].find((tracker) => tracker.tracking_code === trackingCode);
    if (existing) return existing;
    const now = new Date().toISOString();
    // The recorded Tracker (`tracker-create`) of a label just made: its first detail, in the stand-in's words
    // (the platform's tests read them; the carrier's differ by carrier).
    const recordedTracker = recorded<{ tracking_details: Record<string, unknown>[] }>('easypost', 'tracker-create');
    const firstDetail = detailOf(recordedTracker.tracking_details[0]);
    const id = idOf('trk');
    const tracker: Record<string, unknown> = {
      ...recordedTracker,
      id,
      object: 'Tracker',
      mode,
      tracking_code: trackingCode,
      status: 'pre_transit',
      carrier,
      shipment_id: shipmentId,
      tracking_details: [
        {
          ...firstDetail,
          message: 'Pre-Shipment information received',
          description: 'Pre-Shipment information received',
          datetime: now,
          source: carrier,
        },
      ],
      created_at: now,
      updated_at: now,
    };
    trackers.set(id, tracker);
    return tracker;
  }

  /**
   * A ScanForm of bought Shipments (one acceptance scan for all of them): refused when one is not bought,
   * refunded, or already on a form; its PDF served from the file host.
   */
  async function scanForm(input: Record<string, unknown>) {
    const wanted = Array.isArray(input.shipments) ? (input.shipments as { id?: string }[]) : [];
    if (wanted.length === 0)
      throw new RequestError(422, 'SCAN_FORM.INVALID_PARAMS', 'Invalid scan form parameters', [
        { field: 'shipments', message: 'must include at least one shipment' },
      ]);
    const chosen = wanted.map((entry) => shipmentById(String(entry.id)));
    for (const shipment of chosen) {
      if (!shipment.postage_label || shipment.refund_status)
        throw new RequestError(
          422,
          'SCAN_FORM.SHIPMENT.INVALID',
          `Shipment ${shipment.id} has no postage to put on a form`,
        );
      if (scanFormOf.has(shipment.id))
        throw new RequestError(422, 'SCAN_FORM.SHIPMENT.EXISTS', `Shipment ${shipment.id} is already on a ScanForm`);
    }
    const id = randomId('sf');
    const trackingCodes = chosen.map((shipment) => shipment.tracking_code as string);
    documents.set(`${id}.pdf`, {
      type: 'application/pdf',
      bytes: await standInForm('USPS PS Form 5630 (stand-in)', id, trackingCodes),
    });
    for (const shipment of chosen) scanFormOf.set(shipment.id, id);
    const now = new Date().toISOString();
    // The recorded ScanForm (`scan-form-create`) of these shipments.
    const form = {
      ...recorded('easypost', 'scan-form-create'),
      id,
      tracking_codes: trackingCodes,
      form_url: `${base}/files/scan_form/${id}.pdf`,
      form_file_type: 'pdf',
      // EasyPost puts a ScanForm's shipments in a Batch of their own (its recorded answers name one).
      batch_id: randomId('batch'),
      created_at: now,
      updated_at: now,
    };
    scanForms.push(form);
    return form;
  }

  /**
   * A page of a "retrieve all" list as EasyPost pages them: the items made since `start_datetime`, newest
   * first, `page_size` a page (20 unless given, at most 100), older pages by `before_id`, with `has_more`.
   */
  function newestFirst<T extends { id?: unknown; created_at?: unknown }>(items: Iterable<T>, params: URLSearchParams) {
    const since = params.get('start_datetime');
    const size = Math.min(100, Math.max(1, Number(params.get('page_size') ?? 20) || 20));
    let listed = [...items].reverse().filter((item) => !since || String(item.created_at) >= since);
    const before = params.get('before_id');
    if (before) listed = listed.slice(listed.findIndex((item) => item.id === before) + 1);
    return { page: listed.slice(0, size), has_more: listed.length > size };
  }

  /** `GET /v2/scan_forms`: the ScanForms, a page of them newest first. */
  function listScanForms(params: URLSearchParams) {
    const { page, has_more } = newestFirst(scanForms, params);
    return { scan_forms: page, has_more };
  }

  /**
   * An Address made with `verify` (any value, as EasyPost's address verification guide says): the recorded
   * Address of a deliverable place (`address-verify-success`, corrected, with its zip4 and delivery
   * verifications) or of one not found (`address-verify-failure`), with the place asked for; with
   * `verify_strict`, a place not found is refused as recorded (422 `error-422-verify-failure`).
   */
  function verifyAddress(input: Record<string, unknown>) {
    const given = (input.address ?? {}) as Record<string, string | undefined>;
    const known = standInPostal({
      street: given.street1 ?? '',
      secondary: given.street2,
      city: given.city ?? '',
      state: given.state ?? '',
      zip: given.zip ?? '',
    });
    if (!known && 'verify_strict' in input) throw recordedError(422, 'error-422-verify-failure');
    const answer = recorded<{ verifications: Record<string, unknown> }>(
      'easypost',
      known ? 'address-verify-success' : 'address-verify-failure',
    );
    const delivery = known ? (answer.verifications.delivery as { details: Record<string, unknown> }) : undefined;
    const now = new Date().toISOString();
    return {
      ...answer,
      id: randomId('adr'),
      mode,
      name: given.name ?? null,
      company: given.company ?? null,
      street1: known?.street ?? given.street1 ?? null,
      // Verified, EasyPost answers the secondary line as "" when there is none, and whether it is residential.
      street2: known ? known.secondary || '' : (given.street2 ?? null),
      city: known?.city ?? given.city ?? null,
      state: known?.state ?? given.state ?? null,
      zip: known ? `${known.zip5}-${known.plus4}` : (given.zip ?? null),
      country: given.country ?? 'US',
      verifications:
        'verify' in input || 'verify_strict' in input
          ? {
              ...answer.verifications,
              // Where the stand-in's one place is (New York), not the recorded one.
              ...(delivery
                ? {
                    delivery: {
                      ...delivery,
                      details: { latitude: 40.7484, longitude: -73.9857, time_zone: 'America/New_York' },
                    },
                  }
                : {}),
            }
          : {},
      created_at: now,
      updated_at: now,
    };
  }

  function createReport(body: Record<string, unknown>) {
    const errors = spanErrors(body);
    if (errors.length > 0) throw new RequestError(422, 'REPORT.INVALID_PARAMS', 'Invalid report parameters', errors);
    const now = new Date().toISOString();
    // The recorded Report (`report-create`, a shipment report) as the shipment invoice report it is here.
    const report: Record<string, unknown> = {
      ...recorded('easypost', 'report-create'),
      id: idOf('shpinvrep'),
      object: 'ShipmentInvoiceReport',
      created_at: now,
      updated_at: now,
      start_date: body.start_date,
      end_date: body.end_date,
      mode,
      status: 'new',
      url: null,
      url_expires_at: null,
      include_children: false,
    };
    reports.set(report.id as string, { report, reads: 0 });
    return report;
  }

  /** `GET /v2/reports/shipment_invoice`: the shipment invoice reports, a page of them newest first (`report-list`). */
  function listReports(params: URLSearchParams) {
    const { page, has_more } = newestFirst(
      [...reports.values()].map((kept) => kept.report),
      params,
    );
    return { reports: page, has_more };
  }

  /**
   * A report, made once read `reportReadsUntilMade` times: its CSV zipped among the public files (EasyPost
   * serves its reports as .zip files), or empty.
   */
  function readReport(id: string) {
    const kept = reports.get(id);
    if (!kept) throw notFound();
    kept.reads += 1;
    const { report } = kept;
    if (report.status === 'new' && kept.reads > stand.reportReadsUntilMade) {
      const span = { start_date: String(report.start_date), end_date: String(report.end_date) };
      const csv = shipmentInvoiceCsv(shipments.values(), span, stand.finalInvoices);
      if (csv === null) Object.assign(report, { status: 'empty' });
      else {
        const zip = zipSync({ [`${id}.csv`]: Buffer.from(csv) });
        documents.set(`${id}.zip`, { type: 'application/zip', bytes: Buffer.from(zip) });
        Object.assign(report, {
          status: 'available',
          url: `${base}/files/report/${id}.zip`,
          url_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        });
      }
      report.updated_at = new Date().toISOString();
    }
    return report;
  }

  const pickups = new Map<string, Record<string, unknown>>();

  /**
   * `POST /v2/pickups`: the recorded Pickup (`pickup-create`) of this request, unbought, with one rate at
   * `pickupRate`; its shipment must be one made here.
   */
  function createPickup(asked: Record<string, unknown>) {
    const pickup = asked.pickup as Record<string, unknown> | undefined;
    const shipmentId = (pickup?.shipment as { id?: string } | undefined)?.id;
    if (!pickup || !shipmentId || !shipments.has(shipmentId))
      throw new RequestError(422, 'PICKUP.SHIPMENT_REQUIRED', 'A pickup needs a shipment or a batch.');
    const errors: { field: string; message: string }[] = [];
    const address = addressOf(pickup.address, 'address', errors);
    for (const field of ['min_datetime', 'max_datetime'])
      if (typeof pickup[field] !== 'string') errors.push({ field, message: 'cannot be blank' });
    if (errors.length > 0) throw new RequestError(422, 'PARAMETER.INVALID', 'Missing or invalid data.', errors);
    const made = recorded<{ pickup_rates: Record<string, unknown>[] }>('easypost', 'pickup-create');
    const id = idOf('pickup');
    const now = new Date().toISOString();
    const created = {
      ...made,
      id,
      mode,
      status: 'unknown',
      confirmation: null,
      reference: pickup.reference ?? null,
      instructions: pickup.instructions ?? null,
      min_datetime: pickup.min_datetime,
      max_datetime: pickup.max_datetime,
      address: { ...((made as Record<string, unknown>).address as object), ...address, id: idOf('adr') },
      pickup_rates: made.pickup_rates.map((rate) => ({
        ...rate,
        id: idOf('pickuprate'),
        pickup_id: id,
        rate: stand.pickupRate,
      })),
      created_at: now,
      updated_at: now,
    };
    pickups.set(id, created);
    return created;
  }

  /** `POST /v2/pickups/{id}/buy`: one of its rates (carrier and service) bought, as recorded (`pickup-buy`). */
  function buyPickup(id: string, asked: Record<string, unknown>) {
    const pickup = pickups.get(id);
    if (!pickup) throw notFound();
    const rates = pickup.pickup_rates as { carrier: string; service: string }[];
    if (!rates.some((rate) => rate.carrier === asked.carrier && rate.service === asked.service))
      throw new RequestError(422, 'PICKUP.RATE_UNAVAILABLE', 'The pickup rate asked for is not offered.');
    if (pickup.status !== 'unknown') throw new RequestError(422, 'PICKUP.ALREADY_BOUGHT', 'This pickup was bought.');
    const bought = recorded<Record<string, unknown>>('easypost', 'pickup-buy');
    Object.assign(pickup, {
      status: bought.status,
      confirmation: `WTC${randomDigits(8)}`,
      updated_at: new Date().toISOString(),
    });
    return pickup;
  }

  /** `GET /v2/pickups`: the Pickups, a page of them newest first, as recorded (`pickups-list`). */
  function listPickups(params: URLSearchParams) {
    const { page, has_more } = newestFirst(pickups.values(), params);
    return { pickups: page, has_more };
  }

  /** `POST /v2/pickups/{id}/cancel`: canceled, as recorded (`pickup-cancel`). */
  function cancelPickup(id: string) {
    const pickup = pickups.get(id);
    if (!pickup) throw notFound();
    if (pickup.status !== 'scheduled')
      throw new RequestError(422, 'PICKUP.CANNOT_CANCEL', 'This pickup cannot be canceled.');
    const canceled = recorded<Record<string, unknown>>('easypost', 'pickup-cancel');
    Object.assign(pickup, { status: canceled.status, updated_at: new Date().toISOString() });
    return pickup;
  }

  async function answer(
    method: string,
    path: string,
    query: URLSearchParams,
    request: IncomingMessage,
  ): Promise<[number, unknown]> {
    if (method === 'POST' && path === '/v2/reports/shipment_invoice') return [201, createReport(await bodyOf(request))];
    if (method === 'GET' && path === '/v2/reports/shipment_invoice') return [200, listReports(query)];
    const report = path.match(/^\/v2\/reports\/(shpinvrep_[0-9a-f]+)$/);
    if (method === 'GET' && report) return [200, readReport(report[1] as string)];
    if (method === 'POST' && path === '/v2/shipments') return [201, createShipment(await bodyOf(request))];
    let match = path.match(/^\/v2\/shipments\/(shp_[0-9a-f]+)$/);
    if (method === 'GET' && match) return [200, shipmentById(match[1] as string)];
    match = path.match(/^\/v2\/shipments\/(shp_[0-9a-f]+)\/buy$/);
    if (method === 'POST' && match) return [200, await buy(shipmentById(match[1] as string), await bodyOf(request))];
    match = path.match(/^\/v2\/shipments\/(shp_[0-9a-f]+)\/forms$/);
    if (method === 'POST' && match)
      return [201, await labelQrCode(shipmentById(match[1] as string), await bodyOf(request))];
    match = path.match(/^\/v2\/shipments\/(shp_[0-9a-f]+)\/refund$/);
    if (method === 'POST' && match) {
      const shipment = shipmentById(match[1] as string);
      if (!shipment.postage_label)
        throw new RequestError(422, 'SHIPMENT.REFUND.UNAVAILABLE', 'Shipment has no postage to refund');
      shipment.refund_status = stand.refundAnswer;
      return [200, shipment];
    }
    if (method === 'POST' && path === '/v2/addresses') return [201, verifyAddress(await bodyOf(request))];
    // Answered 200, as recorded (scan-form-create).
    if (method === 'POST' && path === '/v2/scan_forms') return [200, await scanForm(await bodyOf(request))];
    if (method === 'POST' && path === '/v2/pickups') return [200, createPickup(await bodyOf(request))];
    if (method === 'GET' && path === '/v2/pickups') return [200, listPickups(query)];
    const pickup = path.match(/^\/v2\/pickups\/(pickup_[0-9a-f]+)\/(buy|cancel)$/);
    if (method === 'POST' && pickup?.[2] === 'buy') return [200, buyPickup(pickup[1] as string, await bodyOf(request))];
    if (method === 'POST' && pickup?.[2] === 'cancel') return [200, cancelPickup(pickup[1] as string)];
    if (method === 'GET' && path === '/v2/scan_forms') return [200, listScanForms(query)];
    const form = path.match(/^\/v2\/scan_forms\/(sf_[0-9a-f]+)$/);
    if (method === 'GET' && form) {
      const found = scanForms.find((candidate) => candidate.id === form[1]);
      if (!found) throw notFound();
      return [200, found];
    }
    if (method === 'POST' && path === '/v2/trackers') {
      const input = ((await bodyOf(request)).tracker ?? {}) as Record<string, unknown>;
      if (typeof input.tracking_code !== 'string' || input.tracking_code === '')
        throw new RequestError(422, 'TRACKER.INVALID_PARAMS', 'Invalid tracker parameters', [
          { field: 'tracker.tracking_code', message: 'is required' },
        ]);
      return [200, trackerFor(input.tracking_code, String(input.carrier ?? 'USPS'), null)];
    }
    match = path.match(/^\/v2\/trackers\/(trk_[0-9a-f]+)$/);
    if (method === 'GET' && match) {
      const tracker = trackers.get(match[1] as string);
      if (!tracker) throw notFound();
      return [200, tracker];
    }
    throw notFound();
  }

  const server = await serveStandIn({
    port: options.port,
    routeOf: (method, path) =>
      `${method} ${path.replace(/\/(shp|trk|rate|pl|shpinvrep|sf|form)_[0-9a-f]+/g, '/:id').replace(/\/files\/.+$/, '/files/:file')}`,
    faultAnswer,
    async answer(method, url, request) {
      // Label files are public URLs (EasyPost serves them from its file host), without authentication.
      const file = url.pathname.match(
        /^\/files\/(?:postage_label|scan_form|report|form)\/((?:pl|sf|form)_[0-9a-f]+\.(?:pdf|png|zpl)|shpinvrep_[0-9a-f]+\.zip)$/,
      );
      if (method === 'GET' && file) {
        const document = documents.get(file[1] as string);
        if (!document) throw notFound();
        return { status: 200, ...document };
      }
      // The recorded 401 (`error-401`) is easypost-node's generic vector, not EasyPost's words (none is
      // published): the refusal keeps its shape with words the platform's tests read.
      if (!authorised(request))
        throw new RequestError(401, 'APIKEY.INACTIVE', 'The API key provided is invalid or inactive.');
      const [status, json] = await answer(method, url.pathname, url.searchParams, request);
      return { status, json };
    },
    errorOf(error) {
      const failure =
        error instanceof RequestError ? error : new RequestError(500, 'INTERNAL_SERVER_ERROR', String(error));
      return {
        status: failure.status,
        json: { error: { code: failure.code, message: failure.message, errors: failure.errors } },
      };
    },
  });
  base = server.base;

  // The server itself becomes the stand-in, so its live fields (chaos, peakInFlight) stay its own.
  const stand: EasyPostStandIn = Object.assign(server, {
    shipments,
    purchases,
    refundAnswer: 'submitted',
    finalInvoices: new Map(),
    reportReadsUntilMade: 1,
    pickups,
    pickupRate: '0.00',
    trackerEvent(trackingCode, secret) {
      const tracker = [...trackers.values()].find((candidate) => candidate.tracking_code === trackingCode);
      if (!tracker) throw new Error(`no tracker for ${trackingCode}`);
      // The recorded Event (`webhook-event`) about this tracker, its previous status the one before the last scan.
      const event = JSON.parse(recordedAnswer('easypost', 'webhook-event').text ?? '{}') as {
        result: Record<string, unknown>;
      };
      const details = tracker.tracking_details as { status: string }[];
      const now = new Date().toISOString();
      const body = JSON.stringify({
        ...event,
        mode,
        previous_attributes: { status: details.at(-2)?.status ?? tracker.status },
        created_at: now,
        updated_at: now,
        id: idOf('evt'),
        result: {
          ...event.result,
          ...tracker,
          public_url: `${base}/track/${trackingCode}`,
        },
      });
      const digest = createHmac('sha256', Buffer.from(secret.normalize('NFKD')))
        .update(body)
        .digest('hex');
      return { body, headers: { 'content-type': 'application/json', 'x-hmac-signature': `hmac-sha256-hex=${digest}` } };
    },
    scan(trackingCode, status, message, city) {
      const tracker = [...trackers.values()].find((candidate) => candidate.tracking_code === trackingCode);
      if (!tracker) throw new Error(`no tracker for ${trackingCode}`);
      const now = new Date().toISOString();
      // A recorded TrackingDetail with the scan's words and place.
      const detail = detailOf(
        recorded<{ tracking_details: Record<string, unknown>[] }>('easypost', 'tracker-create').tracking_details[0],
      );
      (tracker.tracking_details as unknown[]).push({
        ...detail,
        message,
        description: message,
        status,
        status_detail: 'status_update',
        datetime: now,
        source: tracker.carrier,
        tracking_location: { object: 'TrackingLocation', city: city ?? null, state: null, country: 'US', zip: null },
      });
      tracker.status = status;
      tracker.updated_at = now;
    },
  } satisfies Omit<EasyPostStandIn, keyof StandInServer>);
  return stand;
}
