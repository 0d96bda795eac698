/**
 * EasyPost's API v2 as the adapter speaks it (https://docs.easypost.com): our shipment as its Shipment
 * request, its answers read back, its error object read as a carrier complaint on our field names.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CarrierComplaint } from '../../outbound/client.ts';
import type { UpstreamResponse } from '../../outbound/types.ts';
import type { AddressVerdict, PostalAddress } from '../contract/addresses.ts';
import type { PickupRequest } from '../contract/pickups.ts';
import type { Address, Shipment, ShipmentParcel } from '../contract/shipment.ts';
import { readAnswer } from '../upstream/answers.ts';
import { sentInches, sentOunces } from '../upstream/units.ts';

/** The operations an answer is read for, as a changed answer's error names them. */
type Operation =
  | 'rate'
  | 'purchase'
  | 'void'
  | 'findPurchase'
  | 'track'
  | 'manifest'
  | 'findManifest'
  | 'validateAddress'
  | 'pickup'
  | 'webhook';

/** An answer read through the schema of its documented shape: a changed one fails naming the operation and field. */
export function answerOf<Schema extends z.ZodType>(
  schema: Schema,
  answer: Pick<UpstreamResponse, 'json'>,
  operation: Operation | 'billReports',
): z.output<Schema> {
  return readAnswer(schema, answer.json, { provider: 'easypost', operation });
}

/** A Rate of a Shipment: the carrier's service and its price as a decimal string ("5.93"). */
const easypostRate = z.looseObject({
  id: z.string(),
  carrier: z.string(),
  service: z.string(),
  rate: z.string(),
  delivery_days: z.number().nullable().optional(),
  /** The carrier's expected delivery date, an ISO time or null (https://docs.easypost.com/docs/rates). */
  delivery_date: z.string().nullable().optional(),
});

/**
 * A Shipment as created, bought, refunded or read: its rates, and once bought its tracking code and
 * PostageLabel; `refund_status` once a refund was asked (https://docs.easypost.com/docs/shipments).
 */
export const easypostShipment = z.looseObject({
  id: z.string(),
  rates: z.array(easypostRate),
  tracking_code: z.string().nullable(),
  postage_label: z.looseObject({ label_url: z.string(), label_file_type: z.string() }).nullable(),
  refund_status: z.enum(['submitted', 'refunded', 'rejected', 'not_applicable']).nullable(),
});
export type EasyPostShipment = z.infer<typeof easypostShipment>;

/**
 * A bought shipment with the Forms asked for on it (`POST /v2/shipments/{id}/forms`): a USPS label's QR code
 * (`label_qr_code`, USPS Label Broker) is a PNG at `form_url` (docs.easypost.com/guides/form-guide).
 */
export const easypostShipmentForms = z.looseObject({
  id: z.string(),
  forms: z.array(z.looseObject({ form_type: z.string(), form_url: z.string().nullable() })),
});

/** A Tracker: its tracking details, each a scan with EasyPost's status. */
export const easypostTracker = z.looseObject({
  tracking_code: z.string(),
  tracking_details: z.array(
    z.looseObject({
      message: z.string(),
      status: z.string(),
      datetime: z.string(),
      tracking_location: z
        .looseObject({ city: z.string().nullable().optional(), state: z.string().nullable().optional() })
        .nullable()
        .optional(),
    }),
  ),
});
export type EasyPostTracker = z.infer<typeof easypostTracker>;

/** A webhook delivery: an Event ("Events" of EasyPost's docs); only a tracker's events are read further. */
export const easypostEvent = z.looseObject({
  object: z.literal('Event'),
  description: z.string(),
  result: z.looseObject({ object: z.string() }),
});

function addressOf(address: Address) {
  return {
    name: address.personName,
    company: address.company || undefined,
    street1: address.addressLine1,
    street2: address.addressLine2 || undefined,
    city: address.city,
    state: address.stateCode,
    zip: address.zipCode,
    country: address.countryCode,
    phone: address.phone || undefined,
    // No e-mail, either party's: a recipient's address is never handed to a carrier (issue 28, test/recipient-email.test.ts).
    residential: address.isResidential,
  };
}

/** EasyPost wants inches and ounces. */
function parcelOf(parcel: ShipmentParcel) {
  return {
    length: sentInches(parcel.length, parcel.distanceUnit),
    width: sentInches(parcel.width, parcel.distanceUnit),
    height: sentInches(parcel.height, parcel.distanceUnit),
    weight: sentOunces(parcel),
  };
}

/** One EasyPost Shipment per parcel of ours: its rates are per parcel, and so are its labels. */
export function shipmentRequest(
  shipment: Shipment,
  parcel: ShipmentParcel,
  options: { labelFormat: string; carrierAccounts: string[]; reference?: string; isReturn?: boolean },
) {
  // A return is asked for with the outbound's addresses and `is_return`: EasyPost swaps them itself
  // (docs.easypost.com, "Returns"), so our return's parties (already swapped) are sent back the other way.
  const [to, from] = options.isReturn ? [shipment.from, shipment.to] : [shipment.to, shipment.from];
  return {
    shipment: {
      to_address: { ...addressOf(to), residential: shipment.residential },
      from_address: addressOf(from),
      ...(options.isReturn ? { is_return: true } : {}),
      parcel: parcelOf(parcel),
      options: { label_format: options.labelFormat, label_size: '4x6' },
      ...(options.reference ? { reference: options.reference } : {}),
      ...(options.carrierAccounts.length > 0 ? { carrier_accounts: options.carrierAccounts } : {}),
    },
  };
}

/** EasyPost's field names (`shipment.to_address.zip`) as ours (`to.zipCode`), for the merchant's form. */
const ADDRESS_FIELDS: Record<string, string> = {
  name: 'personName',
  company: 'company',
  street1: 'addressLine1',
  street2: 'addressLine2',
  city: 'city',
  state: 'stateCode',
  zip: 'zipCode',
  country: 'countryCode',
  phone: 'phone',
  email: 'email',
};

export function ourField(field: string | undefined, parcelIndex: number): string | undefined {
  if (!field) return undefined;
  const path = field.replace(/^shipment\./, '').split('.');
  const [head, name] = path;
  if ((head === 'to_address' || head === 'from_address') && name && ADDRESS_FIELDS[name])
    return `${head === 'to_address' ? 'to' : 'from'}.${ADDRESS_FIELDS[name]}`;
  if (head === 'parcel' && name) return `parcels.${parcelIndex}.${name}`;
  return undefined;
}

/**
 * The documented error object: `code`, `message`, and `errors` as FieldErrors (`{field, message}`) or as
 * plain strings (https://docs.easypost.com/docs/errors); its client libraries also read a `message` that is
 * an array or an object of messages.
 */
const easypostErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string().optional(),
    message: z.unknown().optional(),
    errors: z.array(z.unknown()).optional(),
  }),
});

/** Every message in an error's `message`, whichever of its shapes it came in. */
function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(messagesOf);
  return [];
}

/** An entry of `errors` as words (`to_address.zip Invalid ZIP Code`) and the field it names, if any. */
function detailOf(entry: unknown): { text: string; field?: string } | undefined {
  if (typeof entry === 'string') return entry === '' ? undefined : { text: entry };
  const parsed = z.looseObject({ field: z.string().optional(), message: z.string() }).safeParse(entry);
  if (!parsed.success) return undefined;
  const { field, message } = parsed.data;
  return { text: field ? `${field} ${message}` : message, ...(field ? { field } : {}) };
}

/**
 * EasyPost's error object as the carrier's complaint: its message with the first of its errors, on our
 * field when that error names one of ours.
 */
export function easypostComplaint(status: number, json: unknown): CarrierComplaint {
  const parsed = easypostErrorBody.safeParse(json);
  if (!parsed.success) return { message: `EasyPost answered HTTP ${status}` };
  const { code, message, errors = [] } = parsed.data.error;
  const first = errors.map(detailOf).find((detail) => detail !== undefined);
  const said = messagesOf(message).join(', ') || code || `HTTP ${status}`;
  const field = ourField(first?.field, 0);
  return { message: first ? `${said}: ${first.text}` : said, ...(field ? { field } : {}) };
}

/** The document type of a PostageLabel's `label_file_type`. */
export function documentFormatOf(fileType: string): 'pdf' | 'png' | 'zpl' {
  if (fileType.includes('pdf')) return 'pdf';
  if (fileType.includes('png')) return 'png';
  return 'zpl';
}

/** The cents of an EasyPost money string ("7.58"). */
export function centsOf(amount: string): number {
  return Math.round(Number.parseFloat(amount) * 100);
}

/**
 * Whether a webhook event's `X-Hmac-Signature` is EasyPost's for this body: `hmac-sha256-hex=` and the
 * hex HMAC-SHA256 of the raw body, keyed with the webhook secret in Unicode NFKD form.
 */
export function validWebhookSignature(rawBody: string, secret: string, signature: string | undefined): boolean {
  if (!secret || !signature) return false;
  const key = Buffer.from(secret.normalize('NFKD'), 'utf8');
  const expected = Buffer.from(`hmac-sha256-hex=${createHmac('sha256', key).update(rawBody).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An Address as EasyPost answers it when made with `verify`: its delivery verification beside the address. */
export const easypostAddress = z.looseObject({
  street1: z.string().nullable(),
  street2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  /** Whether the verified address is a home (test/conformance/fixtures/easypost/address-verify-success.json). */
  residential: z.boolean().nullish(),
  verifications: z.looseObject({
    delivery: z
      .looseObject({
        success: z.boolean(),
        errors: z.array(
          z.looseObject({ code: z.string().optional(), field: z.string().optional(), message: z.string().optional() }),
        ),
      })
      .optional(),
  }),
});
export type EasyPostAddress = z.infer<typeof easypostAddress>;

/** The address to verify, as EasyPost's Address (the place only). */
export function postalRequest(address: PostalAddress) {
  return {
    address: {
      company: address.company || undefined,
      street1: address.addressLine1,
      street2: address.addressLine2 || undefined,
      city: address.city,
      state: address.stateCode,
      zip: address.zipCode,
      country: address.countryCode,
    },
    // Any `verify` asks for the verifications (zip4 and delivery): EasyPost's reference sends `true`.
    verify: true,
  };
}

/** EasyPost's delivery verification as our verdict: its corrected address, or its first error on our field. */
export function verdictOf(address: EasyPostAddress): AddressVerdict {
  const delivery = address.verifications.delivery;
  if (!delivery?.success) {
    const first = delivery?.errors[0];
    const field = first?.field ? ADDRESS_FIELDS[first.field] : undefined;
    return {
      deliverable: false,
      message: first?.message ?? 'EasyPost could not verify the address',
      ...(field ? { field: field as keyof PostalAddress } : {}),
    };
  }
  return {
    deliverable: true,
    standardized: {
      addressLine1: address.street1 ?? '',
      addressLine2: address.street2 ?? '',
      city: address.city ?? '',
      stateCode: address.state ?? '',
      zipCode: address.zip ?? '',
    },
    ...(typeof address.residential === 'boolean' ? { residential: address.residential } : {}),
  };
}

/** A ScanForm: one acceptance scan for the Shipments on it; `form_url` once its PDF is made. */
export const easypostScanForm = z.looseObject({ id: z.string(), form_url: z.string().nullable() });

/**
 * A page of ScanForms (`GET /v2/scan_forms`, newest first, `has_more` when older ones follow): each with the
 * tracking codes on it and its `status` (`creating`, `created`, `failed`: made nothing).
 */
export const easypostScanForms = z.looseObject({
  scan_forms: z.array(easypostScanForm.extend({ status: z.string().nullish(), tracking_codes: z.array(z.string()) })),
  has_more: z.boolean(),
});

/**
 * A Report (`POST /v2/reports/shipment_invoice`, `GET /v2/reports/{id}`): `new` while EasyPost makes it,
 * `available` with `url` (its file, a zip of the CSV, for a while), `empty` when nothing fell in the span,
 * `failed`.
 */
export const easypostReport = z.looseObject({
  id: z.string(),
  status: z.enum(['new', 'available', 'failed', 'empty']).nullable(),
  url: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
});

/** A page of Reports of one type (`GET /v2/reports/{type}`), newest first. */
export const easypostReports = z.looseObject({ reports: z.array(easypostReport), has_more: z.boolean() });

/**
 * A Pickup request (`POST /v2/pickups`, as EasyPost's client libraries send it): the shipper's address, the
 * window as `min_datetime` / `max_datetime` (the address's local time), the instructions with where the
 * parcels wait, and the labels' Shipments (a pickup names one Shipment: the carrier collects every parcel at the
 * address; a day's labels of several Shipments are one Batch on EasyPost's side only after a ScanForm).
 */
export function pickupRequestOf(request: PickupRequest, shipmentId: string) {
  const where = request.location.toLowerCase().replaceAll('_', ' ');
  return {
    pickup: {
      address: addressOf(request.address),
      min_datetime: `${request.date} ${request.window.start}:00`,
      max_datetime: `${request.date} ${request.window.end}:00`,
      instructions: [`${request.packageCount} parcels, ${where}`, request.instructions].filter(Boolean).join('. '),
      reference: request.reference,
      shipment: { id: shipmentId },
    },
  };
}

/** A Pickup (created, bought or cancelled): its rates to buy one of, its `confirmation` once bought. */
export const easypostPickup = z.looseObject({
  id: z.string(),
  status: z.string().nullish(),
  confirmation: z.string().nullable(),
  pickup_rates: z.array(z.looseObject({ carrier: z.string(), service: z.string(), rate: z.string() })),
});

/** `GET /v2/pickups`: the account's Pickups, newest first, each with the reference it was made with. */
export const easypostPickups = z.looseObject({
  pickups: z.array(easypostPickup.extend({ reference: z.string().nullish() })),
  has_more: z.boolean(),
});
