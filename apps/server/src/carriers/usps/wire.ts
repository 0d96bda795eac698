/**
 * The USPS APIs (v3, https://developers.usps.com) as the adapter speaks them: our shipment as a Labels
 * API request and a Shipping Options search, their answers read back, the standard error message read as a
 * carrier complaint on our field names, and tracking events as our tracking states.
 */
import { TRACKING_STATUS } from '@parcelport/shared';
import { z } from 'zod';
import type { CarrierComplaint } from '../../outbound/client.ts';
import type { AddressVerdict, PostalAddress } from '../contract/addresses.ts';
import type { Address, ShipmentParcel } from '../contract/shipment.ts';
import { sentInches, sentOunces } from '../upstream/units.ts';
import type { UspsChannelSettings, UspsServiceSettings } from './settings.ts';

/** How each answer is read (`readAnswer`): the fields the adapter uses, as USPS documents them; others allowed. */
const present = z.string().min(1);
const optionalText = z.string().nullish();

/** OAuth 2.0 token (`POST /oauth2/v3/token`); `expires_in` is seconds, sent as a string. */
export const uspsToken = z.looseObject({ access_token: present, expires_in: z.union([z.string(), z.number()]) });

/** Payments 3.0 (`POST /payments/v3/payment-authorization`). */
export const uspsPaymentAuthorization = z.looseObject({ paymentAuthorizationToken: present });

/** One price of a rate option: what it is for, named in its description (and, when USPS sends them, in fields). */
const uspsRate = z.looseObject({
  description: optionalText,
  SKU: optionalText,
  zone: optionalText,
  rateIndicator: optionalText,
  processingCategory: optionalText,
  destinationEntryFacilityType: optionalText,
});

/** One priced way to send the parcel (Shipping Options 3.0 `rateOptions[]`). */
const uspsRateOption = z.looseObject({
  totalPrice: z.number().nonnegative(),
  /** `name` ("2 Days") and `scheduleDeliveryDate` (YYYY-MM-DD), as the USPS/api-examples README answers them. */
  commitment: z.looseObject({ name: optionalText, scheduleDeliveryDate: optionalText }).nullish(),
  rates: z.array(uspsRate),
});
export type UspsRateOption = z.infer<typeof uspsRateOption>;

/** Shipping Options 3.0 (`POST /shipments/v3/options/search`). */
export const uspsShippingOptions = z.looseObject({
  pricingOptions: z.array(
    z.looseObject({
      shippingOptions: z.array(z.looseObject({ mailClass: present, rateOptions: z.array(uspsRateOption) })),
    }),
  ),
});
export type UspsShippingOptions = z.infer<typeof uspsShippingOptions>;

/** A label as the Labels API answers it with `Accept: application/vnd.usps.labels+json` (flat, image in base64). */
export const uspsLabel = z.looseObject({ trackingNumber: present, labelImage: present });

/** A label fetched again (`POST /labels/v3/label-reprint/{trackingNumber}`): its metadata apart from its image. */
export const uspsReprint = z.looseObject({
  labelMetadata: z.looseObject({ trackingNumber: present }),
  labelImage: present,
});

/** A cancelled label: CANCELED (never manifested, nothing charged) or DISPUTED (a refund request, `disputeId`). */
export const uspsCancel = z.looseObject({
  trackingNumber: optionalText,
  status: present,
  disputeId: z.union([z.string(), z.number()]).nullish(),
});
export type UspsCancel = z.infer<typeof uspsCancel>;

/** Tracking 3.0 with `expand=DETAIL`: the scans, newest first. */
export const uspsTracking = z.looseObject({
  trackingEvents: z
    .array(
      z.looseObject({ eventType: present, eventTimestamp: present, eventCity: optionalText, eventState: optionalText }),
    )
    .default([]),
});

/** The media type that asks the Labels API for one JSON answer with the label image in base64. */
export const LABEL_JSON = 'application/vnd.usps.labels+json';

/** The label image types our formats ask for. */
export const IMAGE_TYPE = { pdf: 'PDF', png: 'PNG', zpl: 'ZPL203DPI' } as const;

/** A person's name as USPS wants it: first name and the rest as last name. */
export function namesOf(personName: string) {
  const [firstName = '', ...rest] = personName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') || firstName };
}

export function zipOf(zipCode: string) {
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
    // No e-mail, either party's: a recipient's address is never handed to a carrier (issue 28, test/recipient-email.test.ts).
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

/**
 * What a service's labels are bought with, and so what its price must be for: the product, its rate
 * indicator and processing category, the price type of the channel's account, and no destination entry
 * (the labels are handed over at the shipper's Post Office, never dropped at a destination facility).
 */
export function termsOf(settings: UspsChannelSettings, wanted: UspsServiceSettings) {
  return {
    mailClass: wanted.mailClass,
    rateIndicator: wanted.rateIndicator,
    processingCategory: wanted.processingCategory,
    destinationEntryFacilityType: 'NONE',
    priceType: settings.priceType,
  } as const;
}
export type UspsTerms = ReturnType<typeof termsOf>;

/** The Shipping Options search for one parcel, asking for the prices of exactly what the label is bought with. */
export function optionsSearchOf(
  settings: UspsChannelSettings,
  terms: UspsTerms,
  from: Address,
  to: Address,
  parcel: ShipmentParcel,
) {
  const { weight, length, width, height } = dimensionsOf(parcel);
  return {
    pricingOptions: [
      {
        priceType: terms.priceType,
        paymentAccount: { accountType: settings.accountType, accountNumber: settings.accountNumber },
      },
    ],
    originZIPCode: zipOf(from.zipCode).ZIPCode,
    destinationZIPCode: zipOf(to.zipCode).ZIPCode,
    destinationEntryFacilityType: terms.destinationEntryFacilityType,
    packageDescription: {
      weight,
      length,
      width,
      height,
      mailClass: terms.mailClass,
      rateIndicator: terms.rateIndicator,
      processingCategory: terms.processingCategory,
      mailingDate: mailingDate(),
    },
  };
}

/** The words USPS's rate descriptions use for a destination-entry price ("Parcel Select Nonmachinable DDU"). */
const DESTINATION_ENTRY = /\b(DDU|DNDC|DSCF|DHUB|DFSS|SCF|NDC)\b/;
/** A description of a price for parcels that are not machinable. */
const NOT_MACHINABLE = /non-?machinable|nonstandard|non-?standard/i;

/** Whether one price is for the terms: the fields USPS names agree, and its description names nothing else. */
function rateIsFor(rate: UspsRateOption['rates'][number], terms: UspsTerms): boolean {
  const description = rate.description ?? '';
  const described = NOT_MACHINABLE.test(description)
    ? 'notMachinable'
    : /machinable/i.test(description)
      ? 'MACHINABLE'
      : null;
  const category = terms.processingCategory === 'MACHINABLE' ? 'MACHINABLE' : 'notMachinable';
  return (
    (rate.rateIndicator ?? terms.rateIndicator) === terms.rateIndicator &&
    (rate.processingCategory ?? terms.processingCategory) === terms.processingCategory &&
    (rate.destinationEntryFacilityType ?? terms.destinationEntryFacilityType) === terms.destinationEntryFacilityType &&
    !DESTINATION_ENTRY.test(description) &&
    (described === null || described === category)
  );
}

/** The service's price for one parcel, or why there is none. */
export type Priced = { option: UspsRateOption } | { offered: string[] };

/**
 * The parcel's price for exactly what the label will be bought with. Several matching options (USPS listing a
 * product twice) are priced at the highest, so that the quote is never under what the label costs; none
 * matching answers what USPS offered instead (a destination-entry price is never taken for a label bought
 * without destination entry, however cheaper).
 */
export function optionFor(options: UspsShippingOptions, terms: UspsTerms): Priced {
  const candidates = options.pricingOptions
    .flatMap((pricing) => pricing.shippingOptions)
    .filter((shipping) => shipping.mailClass === terms.mailClass)
    .flatMap((shipping) => shipping.rateOptions);
  const matching = candidates.filter(
    (option) => option.rates.length > 0 && option.rates.every((rate) => rateIsFor(rate, terms)),
  );
  const option = matching.reduce<UspsRateOption | undefined>(
    (highest, candidate) => (highest === undefined || candidate.totalPrice > highest.totalPrice ? candidate : highest),
    undefined,
  );
  if (option) return { option };
  return {
    offered: candidates.flatMap((candidate) => candidate.rates.map((rate) => rate.description || rate.SKU || '?')),
  };
}

/** Days in transit out of a commitment's name ("2 Days"); null when USPS gives none ("NO STD"). */
export function commitmentDays(option: UspsRateOption): number | null {
  const days = Number.parseInt(option.commitment?.name ?? '', 10);
  return Number.isFinite(days) ? days : null;
}

/** The Labels API request for one parcel of the order, bought on the same terms its price was searched with. */
export function labelRequestOf(
  settings: UspsChannelSettings,
  terms: UspsTerms,
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
      mailClass: terms.mailClass,
      rateIndicator: terms.rateIndicator,
      processingCategory: terms.processingCategory,
      ...dimensionsOf(parcel),
      mailingDate: mailingDate(),
      extraServices: [],
      destinationEntryFacilityType: terms.destinationEntryFacilityType,
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

/** USPS's standard error message (`error.errors[]`), or OAuth's own (`error`, `error_description`). */
const uspsErrorMessage = z.looseObject({
  error: z
    .union([
      z.string(),
      z.looseObject({
        message: optionalText,
        errors: z
          .array(
            z.looseObject({
              title: optionalText,
              detail: optionalText,
              // An object naming the field, or a word (`"API"` on a request the gateway refused).
              source: z.union([z.string(), z.looseObject({ parameter: optionalText })]).nullish(),
            }),
          )
          .nullish(),
      }),
    ])
    .nullish(),
  error_description: optionalText,
});

/** The standard USPS error message: its first error's detail (on our field when it names one), else its message. */
export function uspsComplaint(status: number, json: unknown): CarrierComplaint {
  const parsed = uspsErrorMessage.safeParse(json ?? {});
  const body = parsed.success ? parsed.data : {};
  if (typeof body.error === 'string') return { message: body.error_description || body.error };
  const first = body.error?.errors?.[0];
  const message = first?.detail || first?.title || body.error?.message;
  const field = typeof first?.source === 'object' ? fieldOf(first.source?.parameter ?? undefined) : undefined;
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
export const uspsStandardAddress = z.looseObject({
  address: z.looseObject({
    streetAddress: present,
    secondaryAddress: optionalText,
    city: present,
    state: present,
    ZIPCode: present,
    ZIPPlus4: optionalText,
  }),
  additionalInfo: z.looseObject({ DPVConfirmation: optionalText }).nullish(),
});
export type UspsStandardAddress = z.infer<typeof uspsStandardAddress>;

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
