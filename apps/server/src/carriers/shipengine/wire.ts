/**
 * ShipEngine's API v1 as the adapter speaks it (https://docs.shipstation.com/apis/shipengine): our
 * shipment as its shipment object, its answers read back, its error list read as a carrier complaint on
 * our field names.
 */
import { TRACKING_STATUS } from '@parcelport/shared';
import type { TrackingEvent } from '../../tracking/provider.ts';
import type { Address, Shipment } from '../types.ts';
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
