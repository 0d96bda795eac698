import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';

/**
 * Address correction before the label (issue 30): per merchant, a corrected address (ZIP+4, the street in
 * the carrier's standard form) is shown beside the original to confirm (`confirm`), applied (`auto`), or
 * not looked for (`off`) when a label is bought.
 */
export const ADDRESS_CORRECTION_MODES = ['confirm', 'auto', 'off'] as const;
export type AddressCorrectionMode = (typeof ADDRESS_CORRECTION_MODES)[number];

export const addressCorrectionSetting = z.object({ mode: z.enum(ADDRESS_CORRECTION_MODES) });

/** The place of an address, as checked and corrected. */
const place = z.object({
  countryCode: z.string(),
  stateCode: z.string(),
  city: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  zipCode: z.string(),
});

/** An order's recipient address beside its correction: the carrier's (or the offline check's) word on it. */
export const addressCorrectionView = z.object({
  orderId: z.number(),
  mode: z.enum(ADDRESS_CORRECTION_MODES),
  original: place,
  /** The corrected address; null when there is nothing to correct. */
  corrected: place.nullable(),
  /** Whether the carrier knows it as a home; null when it does not say. */
  residential: z.boolean().nullable(),
  deliverable: z.boolean(),
  /** Why not deliverable, in the carrier's words where it gave them. */
  message: z.string(),
  /** Checked by a carrier that validates addresses (else by the offline check alone). */
  byCarrier: z.boolean(),
});

export const getAddressCorrection = defineContract({
  method: 'GET',
  path: '/app/user/addressCorrection',
  summary: 'The merchant’s address correction mode before a label: confirm, auto or off',
  keyArea: 'account',
  tags: ['addresses'],
  access: 'signedIn',
  scope: 'own',
  answer: addressCorrectionSetting,
});

export const setAddressCorrection = defineContract({
  method: 'PUT',
  path: '/app/user/addressCorrection',
  summary: 'Set the merchant’s address correction mode before a label: confirm, auto or off',
  keyArea: 'account',
  tags: ['addresses'],
  access: 'signedIn',
  scope: 'own',
  body: addressCorrectionSetting,
  answer: addressCorrectionSetting,
});

export const checkOrderAddressCorrection = defineContract({
  method: 'POST',
  path: '/app/order/addressCorrection/:id',
  summary:
    'An order’s recipient address beside its correction and residential flag, as the label purchase would see it',
  keyArea: 'orders',
  tags: ['addresses'],
  access: 'signedIn',
  scope: 'own',
  readOnly: true,
  params: idParams,
  answer: addressCorrectionView,
});

export const confirmOrderAddressCorrection = defineContract({
  method: 'POST',
  path: '/app/order/addressCorrection/:id/confirm',
  summary: 'Use the corrected recipient address (and its residential flag) on the order, or keep the original',
  keyArea: 'orders',
  tags: ['addresses'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  body: z.object({ use: z.enum(['corrected', 'original']) }),
  answer: addressCorrectionView,
});

export type AddressCorrectionView = z.output<typeof addressCorrectionView>;
