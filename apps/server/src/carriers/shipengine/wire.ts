/**
 * ShipEngine's API v1 as the adapter speaks it (https://docs.shipstation.com/apis/shipengine): our
 * shipment as its shipment object, its answers read back, its error list read as a carrier complaint on
 * our field names.
 */
import { TRACKING_STATUS } from '@parcelport/shared';
import type { TrackingEvent } from '../../tracking/provider.ts';
import type { Address, AddressVerdict, PostalAddress, Shipment } from '../types.ts';
import type { CarrierComplaint } from '../upstream/client.ts';
import { sentInches, sentOunces } from '../upstream/units.ts';

interface Money {
  currency: string;
  amount: number;
}

export interface ShipEngineRate {
  rate_id: string;
  carrier_id: string;
  service_code: string;
  shipping_amount: Money;
  insurance_amount: Money;
  confirmation_amount: Money;
  other_amount: Money;
  delivery_days: number | null;
}

export interface ShipEngineRates {
  rate_response: {
    rates: ShipEngineRate[];
    invalid_rates: ShipEngineRate[];
    status: string;
    errors: { message?: string; field_name?: string }[];
  };
}

interface LabelDownload {
  pdf?: string;
  png?: string;
  zpl?: string;
  href?: string;
}

export interface ShipEngineLabel {
  label_id: string;
  status: 'processing' | 'completed' | 'error' | 'voided';
  shipment_id: string;
  tracking_number: string;
  label_format: 'pdf' | 'png' | 'zpl';
  label_download: LabelDownload;
  packages: { tracking_number: string; label_download?: LabelDownload; sequence?: number }[];
  voided: boolean;
}

export interface ShipEngineVoid {
  approved: boolean;
  message: string;
  reason_code?: string;
}

export interface ShipEngineTracking {
  tracking_number: string;
  status_code: string;
  events: {
    occurred_at: string;
    description: string;
    city_locality: string | null;
    state_province: string | null;
    status_code: string;
  }[];
}

function addressOf(address: Address, residential: boolean | undefined) {
  return {
    name: address.personName,
    company_name: address.company || null,
    phone: address.phone || '',
    email: address.email || null,
    address_line1: address.addressLine1,
    address_line2: address.addressLine2 || null,
    city_locality: address.city,
    state_province: address.stateCode,
    postal_code: address.zipCode,
    country_code: address.countryCode,
    address_residential_indicator: residential === undefined ? 'unknown' : residential ? 'yes' : 'no',
  };
}

/** Our shipment as ShipEngine's: one package per parcel, in ounces and inches, the order number on each label. */
export function shipmentOf(shipment: Shipment, reference?: string) {
  return {
    ship_to: addressOf(shipment.to, shipment.residential),
    ship_from: addressOf(shipment.from, shipment.from.isResidential),
    packages: shipment.parcels.map((parcel) => ({
      weight: { value: sentOunces(parcel), unit: 'ounce' },
      dimensions: {
        unit: 'inch',
        length: sentInches(parcel.length, parcel.distanceUnit),
        width: sentInches(parcel.width, parcel.distanceUnit),
        height: sentInches(parcel.height, parcel.distanceUnit),
      },
      ...(reference ? { label_messages: { reference1: reference } } : {}),
    })),
  };
}

/** What the rate costs in all, in cents. */
export function rateCents(rate: ShipEngineRate): number {
  const amounts = [rate.shipping_amount, rate.insurance_amount, rate.confirmation_amount, rate.other_amount];
  return amounts.reduce((sum, money) => sum + Math.round((money?.amount ?? 0) * 100), 0);
}

/** ShipEngine's field names (`ship_to.postal_code`) as ours (`to.zipCode`), for the merchant's form. */
const ADDRESS_FIELDS: Record<string, string> = {
  name: 'personName',
  company_name: 'company',
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  city_locality: 'city',
  state_province: 'stateCode',
  postal_code: 'zipCode',
  country_code: 'countryCode',
  phone: 'phone',
  email: 'email',
};

export function ourField(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const [head, second, third] = field.replace(/^shipment\./, '').split('.');
  if ((head === 'ship_to' || head === 'ship_from') && second && ADDRESS_FIELDS[second])
    return `${head === 'ship_to' ? 'to' : 'from'}.${ADDRESS_FIELDS[second]}`;
  const parcel = head?.match(/^packages\[(\d+)\]$/);
  if (parcel && second) return `parcels.${parcel[1]}.${second === 'dimensions' && third ? third : second}`;
  return undefined;
}

/**
 * The documented error answer (`{"request_id", "errors": [{"error_source", "error_type", "error_code",
 * "message", "field_name"?}]}`) as the carrier's complaint, on our field when it names one.
 */
export function shipengineComplaint(status: number, json: unknown): CarrierComplaint {
  const errors = (json as { errors?: { message?: string; error_code?: string; field_name?: string }[] } | undefined)
    ?.errors;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  if (!first) return { message: `ShipEngine answered HTTP ${status}` };
  const field = ourField(first.field_name);
  return { message: first.message ?? first.error_code ?? `HTTP ${status}`, ...(field ? { field } : {}) };
}

/** ShipEngine's tracking status codes as docs/spec.md §4 parcel states. */
const TRACKING_CODES: Record<string, number> = {
  NY: TRACKING_STATUS.infoReceived,
  AC: TRACKING_STATUS.inTransit,
  IT: TRACKING_STATUS.inTransit,
  DE: TRACKING_STATUS.delivered,
  SP: TRACKING_STATUS.arrivedForPickup,
  AT: TRACKING_STATUS.deliveryFailed,
  EX: TRACKING_STATUS.exception,
  UN: TRACKING_STATUS.notFound,
};

export const trackingStatusOf = (code: string) => TRACKING_CODES[code] ?? TRACKING_STATUS.notFound;

/** ShipEngine's carrier code for tracking a parcel of our carrier. */
export const TRACKING_CARRIER: Record<string, string> = { USPS: 'usps', UPS: 'ups', FEDEX: 'fedex' };

/** A parcel's tracking as our scans; an event without a status of its own takes the parcel's. */
export function eventsOf(tracking: ShipEngineTracking): TrackingEvent[] {
  return tracking.events.map((event) => ({
    status: trackingStatusOf(event.status_code || tracking.status_code),
    description: event.description,
    location: [event.city_locality, event.state_province].filter(Boolean).join(', '),
    occurredAt: Date.parse(event.occurred_at),
  }));
}

/** An address as ShipEngine's address validation answers it. */
interface ShipEngineAddress {
  company_name?: string | null;
  address_line1: string;
  address_line2?: string | null;
  city_locality: string;
  state_province: string;
  postal_code: string;
  country_code: string;
}

/** One result of `POST /v1/addresses/validate`, in the order the addresses were sent. */
export interface ShipEngineAddressValidation {
  status: 'verified' | 'unverified' | 'warning' | 'error';
  original_address: ShipEngineAddress;
  matched_address: ShipEngineAddress | null;
  messages: { code: string; message: string; type: 'error' | 'warning' | 'info'; detail_code: string | null }[];
}

/** The place to validate, as the one address of ShipEngine's request array. */
export function validationRequestOf(address: PostalAddress) {
  return [
    {
      company_name: address.company || undefined,
      address_line1: address.addressLine1,
      address_line2: address.addressLine2 || undefined,
      city_locality: address.city,
      state_province: address.stateCode,
      postal_code: address.zipCode,
      country_code: address.countryCode,
    },
  ];
}

/** The field of ours a validation message's `detail_code` is about, where it names one. */
const DETAIL_FIELDS: Record<string, keyof PostalAddress> = {
  unsupported_country: 'countryCode',
  minimum_postal_code_verification_failed: 'zipCode',
  street_does_not_match_unique_street_name: 'addressLine1',
  multiple_directionals: 'addressLine1',
  invalid_house_number: 'addressLine1',
  missing_house_number: 'addressLine1',
  suite_not_valid: 'addressLine2',
  suite_missing: 'addressLine2',
};

/**
 * ShipEngine's word on an address as our verdict: verified (or a warning with a match) delivers to its
 * matched address; unverified (refused before the check) or an error does not, with its first error
 * message on our field.
 */
export function verdictOfValidation(result: ShipEngineAddressValidation): AddressVerdict {
  const matched = result.matched_address;
  if ((result.status === 'verified' || result.status === 'warning') && matched) {
    return {
      deliverable: true,
      standardized: {
        addressLine1: matched.address_line1,
        addressLine2: matched.address_line2 ?? '',
        city: matched.city_locality,
        stateCode: matched.state_province,
        zipCode: matched.postal_code,
      },
    };
  }
  const complaint = result.messages.find((message) => message.type === 'error') ?? result.messages[0];
  const field = complaint?.detail_code ? DETAIL_FIELDS[complaint.detail_code] : undefined;
  return {
    deliverable: false,
    message: complaint?.message ?? `ShipEngine could not verify the address (${result.status})`,
    ...(field ? { field } : {}),
  };
}
