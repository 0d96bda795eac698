import { z } from 'zod';
import { isCountryCode } from '../../countries.ts';
import { DEFAULT_COUNTRY } from '../../parcel.ts';
import { refineAddressFormat } from '../address-format.ts';
import { idsBody } from '../common.ts';

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, 'fieldRequired');

/**
 * The fields of an address, the one definition every order and address contract builds on (docs/api.md,
 * "Address"): a party's name and contact, and where it is.
 */
export const addressFields = {
  personName: required(100),
  company: text(100).default(''),
  phone: text(40).default(''),
  email: z.union([z.literal(''), z.email('emailInvalid').max(120)]).default(''),
  countryCode: z.string().trim().toUpperCase().refine(isCountryCode, 'countryUnknown').default(DEFAULT_COUNTRY),
  stateCode: required(40),
  city: required(80),
  addressLine1: required(200),
  addressLine2: text(200).default(''),
  zipCode: required(20),
  isResidential: z.boolean().default(false),
};

/** An order party, a US ZIP and state in their formats. */
export const addressInput = z.object(addressFields).superRefine(refineAddressFormat);

/** An address as answers show it. */
export const addressView = z.object({
  personName: z.string(),
  company: z.string(),
  phone: z.string(),
  email: z.string(),
  countryCode: z.string(),
  stateCode: z.string(),
  city: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  zipCode: z.string(),
  isResidential: z.boolean(),
});

/** Where an address is, as the address check takes it: every part optional. */
export const addressToCheck = z.object({
  countryCode: z.string().trim().default('US'),
  stateCode: z.string().trim().default(''),
  city: z.string().trim().default(''),
  addressLine1: z.string().trim().default(''),
  addressLine2: z.string().trim().default(''),
  zipCode: z.string().trim().default(''),
});

/** What the address check finds: its issues (each with its message), the suggested form, flags. */
export const addressCheckView = z.object({
  valid: z.boolean(),
  corrected: z.boolean(),
  issues: z.array(
    z.object({
      field: z.string(),
      code: z.string(),
      severity: z.enum(['error', 'warning']),
      message: z.string(),
    }),
  ),
  suggestion: z.object({
    countryCode: z.string(),
    stateCode: z.string(),
    city: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    zipCode: z.string(),
  }),
  poBox: z.boolean(),
  military: z.boolean(),
});

/** The orders whose recipient address to check: up to 10,000. */
export const orderIdsToCheck = idsBody.extend({ ids: z.array(z.number().int().positive()).min(1).max(10_000) });

export const cityQuery = z.object({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'zipFormat'),
});

const fiveDigitZip = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'zipFiveDigits');

export const zoneQueryBody = z.object({ originZip: fiveDigitZip, destinationZip: fiveDigitZip });

export type AddressInput = z.input<typeof addressInput>;
/** An address after the schema's defaults and trimming, as the server saves it. */
export type AddressBody = z.output<typeof addressInput>;
/**
 * An address as answers show it: the one shape of an address, which the others are drawn from (the order form's
 * party, the carriers' and the labels' addresses, a store's recipient).
 */
export type AddressView = z.output<typeof addressView>;
/** Where an address is: the parts the address check reads and suggests. */
export type AddressPlace = z.output<typeof addressToCheck>;
/** An address whose parts `K` may be left out (a carrier's or a label's, built from what an order holds). */
export type PartialAddress<K extends keyof AddressView> = Omit<AddressView, K> & Partial<Pick<AddressView, K>>;
export type AddressCheckView = z.output<typeof addressCheckView>;
