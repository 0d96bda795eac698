/**
 * Karrio's REST API as the adapter speaks it (https://docs.karrio.io/api, OpenAPI at /openapi): our
 * shipment as its shipment data, its answers read back through the schemas of its serializers
 * (karrio/server/core/serializers.py), its error answers read as a carrier complaint on our field names.
 */
import { TRACKING_STATUS } from '@parcelport/shared';
import { z } from 'zod';
import type { CarrierComplaint } from '../../outbound/client.ts';
import type { Address, Shipment } from '../contract/shipment.ts';
import { sentInches, sentOunces } from '../upstream/units.ts';

/** A Rate (proxy rates, a shipment's rates): the connection's service and its price in `currency`. */
const karrioRate = z.looseObject({
  id: z.string(),
  carrier_id: z.string(),
  service: z.string().nullish(),
  total_charge: z.number(),
  transit_days: z.number().int().nullish(),
});
export type KarrioRate = z.infer<typeof karrioRate>;

/** The answer of `POST /v1/proxy/rates` (RateResponse). */
export const karrioRateResponse = z.looseObject({ rates: z.array(karrioRate) });

/**
 * A Shipment as created, bought, cancelled or read. Its status is read as text: `draft` and `cancelled`
 * are no purchase, any other (`created`, `purchased` before Karrio 2026.1.19, `shipped`, `in_transit`…) is one.
 */
export const karrioShipment = z.looseObject({
  id: z.string(),
  status: z.string(),
  rates: z.array(karrioRate),
  tracking_number: z.string().nullish(),
  label_type: z.enum(['PDF', 'ZPL', 'PNG']).nullish(),
  label_url: z.string().nullish(),
  meta: z.looseObject({ tracking_numbers: z.array(z.string()).nullish() }).nullish(),
});
export type KarrioShipment = z.infer<typeof karrioShipment>;

/** Karrio's TrackerStatus, every value of its source's enum (karrio/server/core/serializers.py). */
export const KARRIO_TRACKER_STATUSES = [
  'pending',
  'picked_up',
  'unknown',
  'on_hold',
  'cancelled',
  'delivered',
  'in_transit',
  'delivery_delayed',
  'out_for_delivery',
  'ready_for_pickup',
  'delivery_failed',
  'return_to_sender',
] as const;
type KarrioTrackerStatus = (typeof KARRIO_TRACKER_STATUSES)[number];
const trackerStatus = z.enum(KARRIO_TRACKER_STATUSES);

/** A TrackingEvent: since Karrio 2026.1 (December 2025) it may carry its own normalized status (blank or null when it has none). */
const karrioEvent = z.looseObject({
  date: z.string().nullish(),
  time: z.string().nullish(),
  timestamp: z.string().nullish(),
  status: z.union([trackerStatus, z.literal('')]).nullish(),
  description: z.string().nullish(),
  location: z.string().nullish(),
});
export type KarrioEvent = z.infer<typeof karrioEvent>;

/** The answer of `GET /v1/trackers/{id_or_tracking_number}` (TrackingStatus). */
export const karrioTracker = z.looseObject({
  tracking_number: z.string(),
  status: trackerStatus,
  events: z.array(karrioEvent).nullish(),
});

function addressOf(address: Address, residential: boolean | undefined) {
  return {
    person_name: address.personName,
    company_name: address.company || undefined,
    phone_number: address.phone || undefined,
    // No e-mail, either party's: a recipient's address is never handed to a carrier (issue 28, test/recipient-email.test.ts).
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

/**
 * Karrio's tracker statuses as docs/spec.md §4 parcel states: a picked-up parcel is in the carrier's hands
 * (in transit); a delay is still transit (the platform judges "transit too long" by its own clock); a hold,
 * a cancellation and a return are exceptions. Typed over the whole enum, so a value left out does not compile.
 */
const TRACKER_STATUS: Record<KarrioTrackerStatus, number> = {
  pending: TRACKING_STATUS.infoReceived,
  picked_up: TRACKING_STATUS.inTransit,
  in_transit: TRACKING_STATUS.inTransit,
  delivery_delayed: TRACKING_STATUS.inTransit,
  out_for_delivery: TRACKING_STATUS.outForDelivery,
  ready_for_pickup: TRACKING_STATUS.arrivedForPickup,
  delivery_failed: TRACKING_STATUS.deliveryFailed,
  delivered: TRACKING_STATUS.delivered,
  on_hold: TRACKING_STATUS.exception,
  cancelled: TRACKING_STATUS.exception,
  return_to_sender: TRACKING_STATUS.exception,
  unknown: TRACKING_STATUS.notFound,
};

export const trackerStatusOf = (status: KarrioTrackerStatus) => TRACKER_STATUS[status];

/**
 * When an event happened, as epoch ms: its ISO `timestamp` when Karrio gives one, else its date
 * (`YYYY-MM-DD`) and time (`HH:MM AM/PM`, `HH:MM`, or a carrier's `14:29 PM`), read as UTC.
 */
export function eventTime(event: Pick<KarrioEvent, 'date' | 'time' | 'timestamp'>): number {
  const stamped = event.timestamp ? Date.parse(event.timestamp) : Number.NaN;
  if (!Number.isNaN(stamped)) return stamped;
  const clock = (event.time ?? '').trim().match(/^(\d{1,2}):(\d{2})\s*([AP]M)?$/i);
  let hours = clock ? Number(clock[1]) : 0;
  const meridiem = clock?.[3]?.toUpperCase();
  if (meridiem && hours <= 12) hours = (hours % 12) + (meridiem === 'PM' ? 12 : 0);
  const parsed = Date.parse(`${event.date ?? ''}T${String(hours).padStart(2, '0')}:${clock?.[2] ?? '00'}:00Z`);
  return Number.isNaN(parsed) ? Date.now() : parsed;
}

/**
 * Karrio's error answers (karrio/server/core/exceptions.py): `errors[]` (ErrorResponse) for its own
 * refusals, `messages[]` (ErrorMessages) for a carrier's behind it (424).
 */
const karrioErrorBody = z.looseObject({
  errors: z.array(z.looseObject({ message: z.string().nullish() })).optional(),
  messages: z.array(z.looseObject({ message: z.string().nullish(), carrier_name: z.string().nullish() })).optional(),
});

/** Karrio's address field names as ours, for the merchant's form. */
const ADDRESS_FIELDS: Record<string, string> = {
  person_name: 'personName',
  company_name: 'company',
  phone_number: 'phone',
  email: 'email',
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  city: 'city',
  state_code: 'stateCode',
  postal_code: 'zipCode',
  country_code: 'countryCode',
};

/** A validation message's path (`recipient.postal_code`, `parcels[0].weight`) as our field, if it is one. */
function ourField(message: string): string | undefined {
  const path = message.match(/^([\w.[\]]+): /)?.[1];
  const party = path?.match(/^(shipper|recipient)\.(\w+)$/);
  if (party?.[1] && party[2] && ADDRESS_FIELDS[party[2]])
    return `${party[1] === 'shipper' ? 'from' : 'to'}.${ADDRESS_FIELDS[party[2]]}`;
  const parcel = path?.match(/^parcels\[(\d+)\]\.(\w+)$/);
  return parcel ? `parcels.${parcel[1]}.${parcel[2]}` : undefined;
}

/** Every message of a Karrio error answer, a carrier's named; the field of the first, when it is one of ours. */
export function karrioComplaint(status: number, json: unknown): CarrierComplaint {
  const parsed = karrioErrorBody.safeParse(json);
  const body = parsed.success ? parsed.data : {};
  const said = [
    ...(body.errors ?? []).map((error) => error.message),
    ...(body.messages ?? []).map((note) =>
      note.message && note.carrier_name ? `${note.carrier_name}: ${note.message}` : note.message,
    ),
  ].filter((text): text is string => typeof text === 'string' && text !== '');
  const field = said[0] ? ourField(said[0]) : undefined;
  return { message: said.length > 0 ? said.join('; ') : `Karrio answered HTTP ${status}`, ...(field ? { field } : {}) };
}
