/**
 * EasyPost's API v2 as the adapter speaks it (https://docs.easypost.com): our shipment as its Shipment
 * request, its answers read back, its error object read as a carrier complaint on our field names.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Address, AddressVerdict, PostalAddress, Shipment, ShipmentParcel } from '../types.ts';
import type { CarrierComplaint } from '../upstream/client.ts';
import { sentInches, sentOunces } from '../upstream/units.ts';

export interface EasyPostRate {
  id: string;
  carrier: string;
  service: string;
  rate: string;
  currency: string;
  delivery_days: number | null;
}

export interface EasyPostShipment {
  id: string;
  rates: EasyPostRate[];
  messages?: { carrier?: string; message?: string }[];
  tracking_code: string | null;
  postage_label: { label_url: string; label_file_type: string } | null;
  refund_status: 'submitted' | 'refunded' | 'rejected' | 'not_applicable' | null;
}

export interface EasyPostTracker {
  id: string;
  tracking_code: string;
  status: string;
  tracking_details: {
    message: string;
    status: string;
    datetime: string;
    tracking_location?: { city?: string | null; state?: string | null; country?: string | null } | null;
  }[];
}

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
    email: address.email || undefined,
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
  options: { labelFormat: string; carrierAccounts: string[]; reference?: string },
) {
  return {
    shipment: {
      to_address: { ...addressOf(shipment.to), residential: shipment.residential },
      from_address: addressOf(shipment.from),
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
 * The documented error object (`{"error": {"code", "message", "errors": [{"field", "message"}]}}`) as the
 * carrier's complaint: its message with the first field error, on our field when it names one.
 */
export function easypostComplaint(status: number, json: unknown): CarrierComplaint {
  const error = (json as { error?: { code?: string; message?: string; errors?: unknown[] } } | undefined)?.error;
  if (!error) return { message: `EasyPost answered HTTP ${status}` };
  const first = (error.errors ?? []).find(
    (entry): entry is { field?: string; message?: string } => typeof entry === 'object' && entry !== null,
  );
  const detail = first?.message ? `: ${first.field ? `${first.field} ` : ''}${first.message}` : '';
  const field = ourField(first?.field, 0);
  return {
    message: `${error.message ?? error.code ?? `HTTP ${status}`}${detail}`,
    ...(field ? { field } : {}),
  };
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

/** An Address as EasyPost answers it, made with `verify: ["delivery"]`. */
export interface EasyPostAddress {
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  verifications: {
    delivery?: { success: boolean; errors: { code?: string; field?: string; message?: string }[] };
  };
}

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
    verify: ['delivery'],
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
  };
}

/** A ScanForm: one acceptance scan for the Shipments on it; `form_url` once its PDF is made. */
export interface EasyPostScanForm {
  id: string;
  status: 'creating' | 'created' | 'failed';
  form_url: string | null;
  tracking_codes: string[];
}

/**
 * A Report (`POST /v2/reports/shipment_invoice`, `GET /v2/reports/{id}`): `new` while EasyPost makes it,
 * `available` with `url` (its CSV, for a while), `empty` when nothing fell in the span, `failed`.
 */
export interface EasyPostReport {
  id: string;
  status: 'new' | 'available' | 'failed' | 'empty' | null;
  url: string | null;
  start_date: string;
  end_date: string;
}
