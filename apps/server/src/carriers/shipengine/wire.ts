/**
 * ShipEngine's API v1 as the adapter speaks it (https://docs.shipstation.com/apis/shipengine): our
 * shipment as its shipment object, its answers read back, its error list read as a carrier complaint on
 * our field names.
 */
import { TRACKING_STATUS } from '@parcelport/shared';
import { z } from 'zod';
import type { TrackingEvent } from '../../core/tracking.ts';
import type { CarrierComplaint } from '../../outbound/client.ts';
import type { AddressVerdict, PostalAddress } from '../contract/addresses.ts';
import type { VoidOutcome } from '../contract/labels.ts';
import type { PickupRequest } from '../contract/pickups.ts';
import type { Address, Shipment } from '../contract/shipment.ts';
import { sentInches, sentOunces } from '../upstream/units.ts';

/** How each answer is read (`readAnswer`): the fields the adapter uses, as ShipEngine documents them; others allowed. */
const present = z.string().min(1);
const optionalText = z.string().nullish();

/** A monetary value (`monetary_value`): amounts in the currency's units, e.g. 75.53 dollars. */
const money = z.looseObject({ currency: z.string(), amount: z.number() });

const rate = z.looseObject({
  carrier_id: present,
  service_code: present,
  shipping_amount: money,
  insurance_amount: money.nullish(),
  confirmation_amount: money.nullish(),
  other_amount: money.nullish(),
  delivery_days: z.number().int().nullish(),
  /** The carrier's expected delivery, an ISO time (the recorded answer in test/conformance/fixtures/shipengine/rates.json). */
  estimated_delivery_date: z.string().nullish(),
  /** The day the carrier counts its transit from, an ISO time (same recorded answer). */
  ship_date: z.string().nullish(),
});
export type ShipEngineRate = z.infer<typeof rate>;

/** `POST /v1/rates`: the shipment with its `rate_response` (rates, and the carriers' errors when none came). */
export const shipengineRates = z.looseObject({
  rate_response: z.looseObject({
    rates: z.array(rate),
    errors: z.array(z.looseObject({ message: optionalText })).nullish(),
  }),
});

/** Where a label's file is downloaded, in each format asked for and as `href`. */
const labelDownload = z.looseObject({ pdf: optionalText, png: optionalText, zpl: optionalText, href: optionalText });

/** Refund Assist's word on a voided label's refund (`refund_details`, null when the label is not eligible). */
const refundDetails = z.looseObject({
  refund_status: z.enum(['request_scheduled', 'pending', 'approved', 'rejected', 'excluded']),
});

/** A label (`POST /v1/labels`, `GET /v1/labels/{label_id}`, `GET /v1/labels/external_shipment_id/{id}`). */
export const shipengineLabel = z.looseObject({
  label_id: present,
  status: z.enum(['processing', 'completed', 'error', 'voided']),
  tracking_number: present,
  label_format: z.enum(['pdf', 'png', 'zpl']),
  label_download: labelDownload,
  packages: z.array(
    z.looseObject({
      tracking_number: present,
      label_download: labelDownload.nullish(),
      sequence: z.number().int().nullish(),
    }),
  ),
  voided: z.boolean(),
  refund_details: refundDetails.nullish(),
});
export type ShipEngineLabel = z.infer<typeof shipengineLabel>;

/** `PUT /v1/labels/{label_id}/void` (`void_label_response_body`). */
export const shipengineVoid = z.looseObject({
  approved: z.boolean(),
  message: z.string(),
  reason_code: optionalText,
});

/** A parcel's tracking (`GET /v1/tracking`, and the `data` of a track webhook). */
export const shipengineTracking = z.looseObject({
  tracking_number: present,
  status_code: z.string(),
  events: z.array(
    z.looseObject({
      occurred_at: present,
      description: optionalText,
      city_locality: optionalText,
      state_province: optionalText,
      status_code: optionalText,
    }),
  ),
});
export type ShipEngineTracking = z.infer<typeof shipengineTracking>;

/** ShipEngine's error answer (`error_response_body`), read only as far as it goes: its errors' words and field. */
const errorAnswer = z.looseObject({
  errors: z.array(z.looseObject({ message: optionalText, error_code: optionalText, field_name: optionalText })),
});

/**
 * An address as ShipEngine's schema takes it: `phone` and the other strings at least one character when
 * sent (`partial_address`), the sender's phone required (`shipping_address_from`): an empty phone is left
 * out, and the sender's is the channel's `senderPhone` when the sender has none.
 */
function addressOf(address: Address, residential: boolean | undefined, fallbackPhone?: string) {
  const phone = address.phone?.trim() || fallbackPhone;
  return {
    name: address.personName,
    company_name: address.company || null,
    ...(phone ? { phone } : {}),
    // No e-mail, either party's: a recipient's address is never handed to a carrier (issue 28, test/recipient-email.test.ts).
    address_line1: address.addressLine1,
    address_line2: address.addressLine2 || null,
    city_locality: address.city,
    state_province: address.stateCode,
    postal_code: address.zipCode,
    country_code: address.countryCode,
    address_residential_indicator: residential === undefined ? 'unknown' : residential ? 'yes' : 'no',
  };
}

/**
 * Our shipment as ShipEngine's: one package per parcel, in ounces and inches, the order number on each
 * label; `senderPhone` stands for a sender without a phone.
 */
export function shipmentOf(shipment: Shipment, senderPhone: string, reference?: string) {
  return {
    ship_to: addressOf(shipment.to, shipment.residential),
    ship_from: addressOf(shipment.from, shipment.from.isResidential, senderPhone),
    packages: shipment.parcels.map((parcel) => ({
      weight: { value: sentOunces(parcel), unit: 'ounce' },
      dimensions: {
        unit: 'inch',
        length: sentInches(parcel.length, parcel.distanceUnit),
        width: sentInches(parcel.width, parcel.distanceUnit),
        height: sentInches(parcel.height, parcel.distanceUnit),
      },
      // label_messages requires all three references (nullable).
      ...(reference ? { label_messages: { reference1: reference, reference2: null, reference3: null } } : {}),
    })),
  };
}

/** What the rate costs in all, in cents. */
export function rateCents(rate: ShipEngineRate): number {
  const amounts = [rate.shipping_amount, rate.insurance_amount, rate.confirmation_amount, rate.other_amount];
  return amounts.reduce((sum, amount) => sum + Math.round((amount?.amount ?? 0) * 100), 0);
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
  const read = errorAnswer.safeParse(json);
  const first = read.success ? read.data.errors[0] : undefined;
  if (!first) return { message: `ShipEngine answered HTTP ${status}` };
  const field = ourField(first.field_name ?? undefined);
  return { message: first.message || first.error_code || `HTTP ${status}`, ...(field ? { field } : {}) };
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

/**
 * A parcel's tracking as our scans. ShipEngine normalizes the parcel's status (`status_code`) and often
 * not its events' (an empty `status_code`): the newest event without one takes the parcel's, and an
 * earlier one was on the way (in transit), not at the parcel's present state.
 */
export function eventsOf(tracking: ShipEngineTracking): TrackingEvent[] {
  const occurred = tracking.events.map((event) => Date.parse(event.occurred_at));
  const newest = Math.max(...occurred);
  return tracking.events.map((event, index) => {
    const fallback = occurred[index] === newest ? tracking.status_code : 'IT';
    return {
      status: trackingStatusOf(event.status_code || fallback),
      description: event.description ?? '',
      location: [event.city_locality, event.state_province].filter(Boolean).join(', '),
      occurredAt: occurred[index] as number,
    };
  });
}

/** An address ShipEngine matched: the fields of it the verdict takes. */
const matchedAddress = z.looseObject({
  address_line1: present,
  address_line2: optionalText,
  city_locality: present,
  state_province: present,
  postal_code: present,
  /** 'yes', 'no' or 'unknown' (test/conformance/fixtures/shipengine/validate-verified.json). */
  address_residential_indicator: optionalText,
});

/** `POST /v1/addresses/validate`: one result per address sent, in the order sent. */
export const shipengineValidation = z.array(
  z.looseObject({
    status: z.enum(['verified', 'unverified', 'warning', 'error']),
    matched_address: matchedAddress.nullish(),
    messages: z.array(
      z.looseObject({ message: z.string(), type: z.enum(['error', 'warning', 'info']), detail_code: optionalText }),
    ),
  }),
);
export type ShipEngineAddressValidation = z.infer<typeof shipengineValidation>[number];

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
      ...(matched.address_residential_indicator === 'yes' || matched.address_residential_indicator === 'no'
        ? { residential: matched.address_residential_indicator === 'yes' }
        : {}),
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

/**
 * What a void answered: approved is a refund request ShipEngine submitted ("Request for refund
 * submitted"), so the refund is pending until the label says how it ended; a label already voided was
 * voided by an earlier request of ours whose answer was lost (or by hand), and is followed the same way.
 * Any other refusal is the carrier's, with its message.
 */
export function voidOutcomeOf(answer: z.infer<typeof shipengineVoid>): VoidOutcome {
  if (answer.approved || answer.reason_code === 'label_already_voided') return { status: 'pending' };
  return { status: 'rejected', message: answer.message || `ShipEngine refused the void (${answer.reason_code})` };
}

/** Refund Assist's statuses that end a refund without money back (rejected by the carrier, or excluded). */
const REFUSED_REFUNDS: Record<string, string> = {
  rejected: 'the carrier rejected the refund of this label',
  excluded: 'the refund of this label was excluded from Refund Assist (not sent to the carrier)',
};

/**
 * Where a voided label's refund stands, as the label tells it (`refund_details.refund_status`): approved is
 * refunded, rejected or excluded is rejected, anything else (scheduled, pending, or no refund details yet)
 * is still pending.
 */
export function refundOutcomeOf(label: ShipEngineLabel): VoidOutcome {
  const status = label.refund_details?.refund_status;
  if (status === 'approved') return { status: 'refunded' };
  const refused = status ? REFUSED_REFUNDS[status] : undefined;
  if (refused) return { status: 'rejected', message: `ShipEngine: ${refused} (${status})` };
  return { status: 'pending' };
}

/**
 * A pickup request (`POST /v1/pickups`, ShipEngine's "Schedule a Carrier Pickup" example): the labels by their
 * ShipEngine ids, the shipper as contact (ShipEngine collects from the labels' ship-from address), the window
 * (a date and times with no zone: the pickup address's own, as ShipEngine reads them), and the notes.
 */
export function pickupRequestOf(request: PickupRequest) {
  const where = request.location.toLowerCase().replaceAll('_', ' ');
  return {
    label_ids: request.labels.map((label) => label.upstreamId).filter((id): id is string => Boolean(id)),
    contact_details: {
      name: request.address.personName,
      email: request.address.email ?? '',
      phone: request.address.phone ?? '',
    },
    pickup_notes: [`${request.packageCount} parcels, ${where}`, request.instructions].filter(Boolean).join('. '),
    pickup_window: {
      start_at: `${request.date}T${request.window.start}:00.000`,
      end_at: `${request.date}T${request.window.end}:00.000`,
    },
  };
}

/** A scheduled pickup: its id (to delete it) and the carrier's confirmation number. */
export const shipenginePickup = z.looseObject({ pickup_id: z.string(), confirmation_number: z.string().nullable() });

/**
 * A page of scheduled pickups (GET /v1/pickups): each with the labels it collects and whether it was
 * cancelled since, and how many pages there are.
 */
export const shipenginePickups = z.looseObject({
  pickups: z.array(shipenginePickup.extend({ label_ids: z.array(z.string()), cancelled_at: z.string().nullish() })),
  pages: z.number().int(),
});

/** A deleted pickup: its id. */
export const shipenginePickupDeleted = z.looseObject({ pickup_id: z.string() });
