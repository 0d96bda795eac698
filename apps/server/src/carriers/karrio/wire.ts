/**
 * Karrio's REST API as the adapter speaks it (https://docs.karrio.io/api, OpenAPI at /openapi): our
 * shipment as its shipment data, its answers read back.
 */
import { TRACKING_STATUS } from '@parcelport/shared';
import type { Address, Shipment } from '../types.ts';
import { sentInches, sentOunces } from '../upstream/units.ts';

export interface KarrioRate {
  id: string;
  carrier_name: string;
  carrier_id: string;
  service: string;
  currency: string;
  total_charge: number;
  transit_days: number | null;
}

export interface KarrioShipment {
  id: string;
  status: 'draft' | 'purchased' | 'cancelled' | 'shipped' | 'in_transit' | 'delivered' | string;
  rates: KarrioRate[];
  tracking_number: string | null;
  label_type: 'PDF' | 'ZPL' | 'PNG' | '' | null;
  label_url: string | null;
  selected_rate: KarrioRate | null;
  reference: string | null;
  meta?: { tracking_numbers?: string[] } | null;
}

export interface KarrioTracker {
  tracking_number: string;
  status: string;
  events: { date?: string; time?: string; description?: string; location?: string; code?: string }[];
}

function addressOf(address: Address, residential: boolean | undefined) {
  return {
    person_name: address.personName,
    company_name: address.company || undefined,
    phone_number: address.phone || undefined,
    email: address.email || undefined,
    address_line1: address.addressLine1,
    address_line2: address.addressLine2 || undefined,
    city: address.city,
    state_code: address.stateCode,
    postal_code: address.zipCode,
    country_code: address.countryCode,
    residential: residential ?? false,
  };
}

/** Our shipment as Karrio's: the parties and one parcel per parcel of ours, in ounces and inches. */
export function shipmentData(shipment: Shipment) {
  return {
    shipper: addressOf(shipment.from, shipment.from.isResidential),
    recipient: addressOf(shipment.to, shipment.residential),
    parcels: shipment.parcels.map((parcel) => ({
      weight: sentOunces(parcel),
      weight_unit: 'OZ',
      length: sentInches(parcel.length, parcel.distanceUnit),
      width: sentInches(parcel.width, parcel.distanceUnit),
      height: sentInches(parcel.height, parcel.distanceUnit),
      dimension_unit: 'IN',
    })),
  };
}

/** Karrio's tracker statuses as docs/spec.md §4 parcel states. */
const TRACKER_STATUS: Record<string, number> = {
  pending: TRACKING_STATUS.infoReceived,
  in_transit: TRACKING_STATUS.inTransit,
  delivery_delayed: TRACKING_STATUS.inTransit,
  out_for_delivery: TRACKING_STATUS.outForDelivery,
  delivered: TRACKING_STATUS.delivered,
  ready_for_pickup: TRACKING_STATUS.arrivedForPickup,
  delivery_failed: TRACKING_STATUS.deliveryFailed,
  on_hold: TRACKING_STATUS.exception,
  cancelled: TRACKING_STATUS.exception,
  return_to_sender: TRACKING_STATUS.exception,
  unknown: TRACKING_STATUS.notFound,
};

export const trackerStatusOf = (status: string) => TRACKER_STATUS[status] ?? TRACKING_STATUS.notFound;

/** A Karrio event's date (`YYYY-MM-DD`) and time (`HH:MM AM/PM` or `HH:MM`) as epoch ms, read as UTC. */
export function eventTime(date = '', time = ''): number {
  const clock = time.trim().match(/^(\d{1,2}):(\d{2})\s*([AP]M)?$/i);
  let hours = clock ? Number(clock[1]) : 0;
  const meridiem = clock?.[3]?.toUpperCase();
  if (meridiem) hours = (hours % 12) + (meridiem === 'PM' ? 12 : 0);
  const parsed = Date.parse(`${date}T${String(hours).padStart(2, '0')}:${clock?.[2] ?? '00'}:00Z`);
  return Number.isNaN(parsed) ? Date.now() : parsed;
}
