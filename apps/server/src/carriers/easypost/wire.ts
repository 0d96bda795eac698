/**
 * EasyPost's API v2 as the adapter speaks it (https://docs.easypost.com): our shipment as its Shipment
 * request, its answers read back, its error object read as a carrier complaint on our field names.
 */
import { toInches, toOunces } from '@parcelport/shared';
import type { Address, Shipment, ShipmentParcel } from '../types.ts';
import type { CarrierComplaint } from '../upstream/client.ts';

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

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

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

/** The parcel's weight as sent to EasyPost: ounces, one decimal place (what it keeps). */
export const sentOunces = (parcel: ShipmentParcel) => round(toOunces(parcel.weight, parcel.massUnit), 1);

/** EasyPost wants inches and ounces. */
function parcelOf(parcel: ShipmentParcel) {
  return {
    length: round(toInches(parcel.length, parcel.distanceUnit), 1),
    width: round(toInches(parcel.width, parcel.distanceUnit), 1),
    height: round(toInches(parcel.height, parcel.distanceUnit), 1),
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
