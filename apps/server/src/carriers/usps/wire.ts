/**
 * The USPS APIs (v3, https://developers.usps.com) as the adapter speaks them: our shipment as a Labels
 * API request and a Shipping Options search, their answers read back, the standard error message read as a
 * carrier complaint on our field names, and tracking events as our tracking states.
 */
import { TRACKING_STATUS } from '@parcelport/shared';
import type { Address, AddressVerdict, ManifestRequest, PostalAddress, ShipmentParcel } from '../types.ts';
import type { CarrierComplaint } from '../upstream/client.ts';
import { sentInches, sentOunces } from '../upstream/units.ts';
import type { UspsChannelSettings, UspsServiceSettings } from './settings.ts';

export interface UspsToken {
  access_token: string;
  token_type: string;
  /** Seconds, as a string or a number. */
  expires_in: string | number;
}

export interface UspsPaymentAuthorization {
  paymentAuthorizationToken: string;
}

/** One priced way to send the parcel (Shipping Options 3.0 `rateOptions[]`). */
export interface UspsRateOption {
  totalPrice: number;
  totalBasePrice: number;
  commitment?: { name?: string; scheduleDeliveryDate?: string };
  rates: { SKU?: string; description?: string; price: number; zone?: string; rateIndicator?: string }[];
}

export interface UspsShippingOptions {
  pricingOptions: { shippingOptions: { mailClass: string; rateOptions: UspsRateOption[] }[] }[];
}

/** A label as the Labels API answers it with `Accept: application/vnd.usps.labels+json` (images in base64). */
export interface UspsLabel {
  trackingNumber: string;
  postage: number;
  labelImage: string;
  zone?: string;
}

export interface UspsCancel {
  trackingNumber: string;
  /** CANCELED: never manifested, nothing charged; DISPUTED: a refund request was filed (`disputeId`). */
  status: 'CANCELED' | 'DISPUTED' | string;
  disputeId?: string;
}

export interface UspsTracking {
  trackingNumber: string;
  statusCategory?: string;
  trackingEvents: {
    eventType: string;
    eventTimestamp: string;
    eventCity?: string | null;
    eventState?: string | null;
    eventCode?: string;
  }[];
}

/** The media type that asks the Labels API for one JSON answer with the label image in base64. */
export const LABEL_JSON = 'application/vnd.usps.labels+json';

/** The label image types our formats ask for. */
export const IMAGE_TYPE = { pdf: 'PDF', png: 'PNG', zpl: 'ZPL203DPI' } as const;

/** A person's name as USPS wants it: first name and the rest as last name. */
function namesOf(personName: string) {
  const [firstName = '', ...rest] = personName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') || firstName };
}

function zipOf(zipCode: string) {
  const [zip5 = '', plus4] = zipCode.trim().split(/[-\s]/);
  return { ZIPCode: zip5, ...(plus4 ? { ZIPPlus4: plus4 } : {}) };
}

export function addressOf(address: Address) {
  return {
    ...namesOf(address.personName),
    ...(address.company ? { firm: address.company } : {}),
    streetAddress: address.addressLine1,
    ...(address.addressLine2 ? { secondaryAddress: address.addressLine2 } : {}),
    city: address.city,
    state: address.stateCode,
    ...zipOf(address.zipCode),
    ...(address.phone ? { phone: address.phone.replace(/\D/g, '').slice(-10) } : {}),
    ...(address.email ? { email: address.email } : {}),
  };
}

/** Weight in pounds and sides in inches, as the package description takes them. */
export function dimensionsOf(parcel: ShipmentParcel) {
  return {
    weightUOM: 'lb',
    weight: Math.round((sentOunces(parcel) / 16) * 1000) / 1000,
    dimensionsUOM: 'in',
    length: sentInches(parcel.length, parcel.distanceUnit),
    width: sentInches(parcel.width, parcel.distanceUnit),
    height: sentInches(parcel.height, parcel.distanceUnit),
  };
}

/** Today in the carrier's calendar (the mailing date prices and labels are for). */
export const mailingDate = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** The Shipping Options search for one parcel: every mail class's prices at once. */
export function optionsSearchOf(settings: UspsChannelSettings, from: Address, to: Address, parcel: ShipmentParcel) {
  const { weight, length, width, height } = dimensionsOf(parcel);
  return {
    pricingOptions: [
      {
        priceType: settings.priceType,
        paymentAccount: { accountType: settings.accountType, accountNumber: settings.accountNumber },
      },
    ],
    originZIPCode: zipOf(from.zipCode).ZIPCode,
    destinationZIPCode: zipOf(to.zipCode).ZIPCode,
    packageDescription: { weight, length, width, height, mailClass: 'ALL', mailingDate: mailingDate() },
  };
}

/**
 * The service's price among the parcel's options: its mail class, the option at its rate indicator when
 * USPS names them, else the lowest (USPS lists a parcel's entry points and price tiers as options).
 */
export function optionFor(options: UspsShippingOptions, wanted: UspsServiceSettings): UspsRateOption | undefined {
  const candidates = options.pricingOptions
    .flatMap((pricing) => pricing.shippingOptions)
    .filter((shipping) => shipping.mailClass === wanted.mailClass)
    .flatMap((shipping) => shipping.rateOptions);
  const atIndicator = candidates.filter((option) =>
    option.rates.some((rate) => rate.rateIndicator === wanted.rateIndicator),
  );
  const pool = atIndicator.length > 0 ? atIndicator : candidates;
  return pool.reduce<UspsRateOption | undefined>(
    (best, option) => (best === undefined || option.totalPrice < best.totalPrice ? option : best),
    undefined,
  );
}

/** Days in transit out of a commitment's name ("2 Days"); null when USPS gives none ("NO STD"). */
export function commitmentDays(option: UspsRateOption): number | null {
  const days = Number.parseInt(option.commitment?.name ?? '', 10);
  return Number.isFinite(days) ? days : null;
}

/** The Labels API request for one parcel of the order. */
export function labelRequestOf(
  settings: UspsChannelSettings,
  wanted: UspsServiceSettings,
  from: Address,
  to: Address,
  parcel: ShipmentParcel,
  reference: string,
) {
  return {
    imageInfo: {
      imageType: IMAGE_TYPE[settings.labelFormat],
      labelType: '4X6LABEL',
      receiptOption: 'NONE',
      suppressPostage: false,
      suppressMailDate: false,
      returnLabel: false,
    },
    toAddress: addressOf(to),
    fromAddress: addressOf(from),
    packageDescription: {
      mailClass: wanted.mailClass,
      rateIndicator: wanted.rateIndicator,
      processingCategory: wanted.processingCategory,
      ...dimensionsOf(parcel),
      mailingDate: mailingDate(),
      extraServices: [],
      destinationEntryFacilityType: 'NONE',
      customerReference: [{ referenceNumber: reference.slice(0, 30) }],
    },
  };
}

/** The Payments API request that lets the channel's account pay for its labels. */
export function paymentRolesOf(settings: UspsChannelSettings) {
  const account = {
    CRID: settings.crid,
    MID: settings.mid,
    manifestMID: settings.manifestMid || settings.mid,
    accountType: settings.accountType,
    accountNumber: settings.accountNumber,
    ...(settings.accountType === 'PERMIT' ? { permitZIP: settings.permitZip } : {}),
  };
  return {
    roles: [
      { roleName: 'PAYER', ...account },
      { roleName: 'LABEL_OWNER', ...account },
    ],
  };
}

/** USPS's request fields, as ours: a complaint about `toAddress.ZIPCode` is one about `to.zipCode`. */
const FIELDS: Record<string, string> = {
  ZIPCode: 'zipCode',
  streetAddress: 'addressLine1',
  secondaryAddress: 'addressLine2',
  city: 'city',
  state: 'stateCode',
  firstName: 'personName',
  lastName: 'personName',
};

function fieldOf(parameter: string | undefined): string | undefined {
  if (!parameter) return undefined;
  const [object, name] = parameter.replace(/^\//, '').split(/[./]/);
  const side = object === 'toAddress' ? 'to' : object === 'fromAddress' ? 'from' : undefined;
  if (side && name && FIELDS[name]) return `${side}.${FIELDS[name]}`;
  if (object === 'packageDescription' && name && ['weight', 'length', 'width', 'height'].includes(name))
    return `parcels.0.${name}`;
  return undefined;
}

interface UspsErrorMessage {
  error?:
    | string
    | {
        code?: string;
        message?: string;
        errors?: { title?: string; detail?: string; source?: { parameter?: string } }[];
      };
  error_description?: string;
}

/** The standard USPS error message: its first error's detail (on our field when it names one), else its message. */
export function uspsComplaint(status: number, json: unknown): CarrierComplaint {
  const body = json as UspsErrorMessage | undefined;
  if (typeof body?.error === 'string') return { message: body.error_description || body.error };
  const first = body?.error?.errors?.[0];
  const message = first?.detail || first?.title || body?.error?.message;
  const field = fieldOf(first?.source?.parameter);
  return { message: message || `USPS answered HTTP ${status}`, ...(field ? { field } : {}) };
}

/** A USPS scan as our tracking state, by the words of its event (USPS gives no closed list of codes). */
export function trackingStatusOf(eventType: string): number {
  const text = eventType.toLowerCase();
  if (text.includes('out for delivery')) return TRACKING_STATUS.outForDelivery;
  if (text.includes('delivered')) return TRACKING_STATUS.delivered;
  if (text.includes('available for pickup') || text.includes('ready for pickup'))
    return TRACKING_STATUS.arrivedForPickup;
  if (text.includes('attempt') || text.includes('notice left') || text.includes('undeliverable'))
    return TRACKING_STATUS.deliveryFailed;
  if (text.includes('label created') || text.includes('pre-shipment') || text.includes('shipping label'))
    return TRACKING_STATUS.infoReceived;
  if (text.includes('alert') || text.includes('return to sender') || text.includes('exception'))
    return TRACKING_STATUS.exception;
  return TRACKING_STATUS.inTransit;
}

/** An answer of Addresses 3.0: the address in standard form and whether USPS confirms it as a delivery point. */
export interface UspsStandardAddress {
  address: {
    streetAddress: string;
    secondaryAddress?: string;
    city: string;
    state: string;
    ZIPCode: string;
    ZIPPlus4?: string | null;
  };
  additionalInfo?: { DPVConfirmation?: 'Y' | 'D' | 'S' | 'N' };
}

/** The address to standardize, as the query of GET /addresses/v3/address. */
export function addressQueryOf(address: PostalAddress) {
  return {
    firm: address.company || undefined,
    streetAddress: address.addressLine1,
    secondaryAddress: address.addressLine2 || undefined,
    city: address.city,
    state: address.stateCode,
    ZIPCode: zipOf(address.zipCode).ZIPCode,
  };
}

/**
 * USPS's standard form as our verdict. DPV N: USPS knows no such delivery point; D or S: the building is
 * confirmed but not the unit (missing or unknown), which a carrier delivers to with the unit as given.
 */
export function verdictOf(answer: UspsStandardAddress): AddressVerdict {
  if (answer.additionalInfo?.DPVConfirmation === 'N')
    return { deliverable: false, message: 'USPS has no delivery point at this address', field: 'addressLine1' };
  const { address } = answer;
  return {
    deliverable: true,
    standardized: {
      addressLine1: address.streetAddress,
      addressLine2: address.secondaryAddress ?? '',
      city: address.city,
      stateCode: address.state,
      zipCode: address.ZIPPlus4 ? `${address.ZIPCode}-${address.ZIPPlus4}` : address.ZIPCode,
    },
  };
}

/** SCAN Forms 3.0's answer: the form's number and the labels on it, and its PDF in base64. */
export interface UspsScanForm {
  SCANFormMetadata: { manifestNumber: string; trackingNumbers: string[] };
  SCANFormImage: string;
}

/** A PS Form 5630 for the labels, handed over at the shipper's ZIP on the mailing date. */
export function scanFormRequestOf(request: ManifestRequest) {
  const { from } = request;
  return {
    form: '5630',
    imageType: 'PDF',
    labelType: '8.5x11LABEL',
    mailingDate: request.shipDate,
    overwriteMailingDate: false,
    entryFacilityZIPCode: zipOf(from.zipCode).ZIPCode,
    destinationEntryFacilityType: 'NONE',
    shipment: { trackingNumbers: request.labels.flatMap((label) => label.trackingNumbers) },
    fromAddress: {
      ...namesOf(from.personName),
      ...(from.company ? { firm: from.company } : {}),
      streetAddress: from.addressLine1,
      ...(from.addressLine2 ? { secondaryAddress: from.addressLine2 } : {}),
      city: from.city,
      state: from.stateCode,
      ...zipOf(from.zipCode),
    },
  };
}
