import { z } from 'zod';
import { addressInput } from '../addresses/schemas.ts';
import { moneyView } from '../money.ts';
import { parcelInput, quoteLine } from '../orders/schemas.ts';

/**
 * A return label (docs/api.md, "Returns"): from a bought order (`outboundId`: its parties swapped, its
 * parcels copied unless given) or on its own (`from`, the one sending it back; `to`, the merchant's address,
 * else the address book's default sender).
 */
export const returnCreateBody = z.object({
  outboundId: z.number().int().positive().optional(),
  from: addressInput.optional(),
  to: addressInput.optional(),
  parcels: z.array(parcelInput).min(1, 'atLeastOneParcel').max(50).optional(),
});

/** A service's rate for the return, with how its carrier bills a return. */
export const returnRateLine = quoteLine.extend({
  /** The carrier bills the return only when it first scans it (else when it is bought). */
  payOnUse: z.boolean(),
  /** Days a pay-on-use label is honoured; null when the carrier publishes none. */
  validityDays: z.number().nullable(),
});

export const returnBuyBody = z.object({
  serviceId: z.number().int().positive(),
  /** Paid on use (only where the line says `payOnUse`), else charged now. */
  payOnUse: z.boolean().default(false),
});

/** One return as its merchant and staff see it. */
export const returnView = z.object({
  id: z.number(),
  orderNo: z.string(),
  status: z.number(),
  trackingNo: z.string().nullable(),
  outboundId: z.number().nullable(),
  payOnUse: z.boolean(),
  /** Until when a pay-on-use label is honoured (ISO time); null when not bought or not limited. */
  validUntil: z.string().nullable(),
  /** When the carrier first scanned it. */
  usedAt: z.string().nullable(),
  lapsedAt: z.string().nullable(),
  /** What it was charged (price and insurance); "0.00" while a pay-on-use label is unused. */
  charged: moneyView,
  /** The public return page's path (`/r/<id>`), to send to the one who returns the parcel. */
  link: z.string(),
});

/** An order's returns, both ways: the return it is (with its outbound), or the returns of an outbound. */
export const orderReturns = z.object({
  kind: z.enum(['label', 'return']),
  /** This order as a return (when it is one). */
  return: returnView.nullable(),
  /** The returns made from this order (when it is an outbound label). */
  returns: z.array(returnView),
});

/** The public return page: only what printing the label needs. */
export const publicReturn = z.object({
  trackingNo: z.string().nullable(),
  carrierCode: z.string().nullable(),
  serviceName: z.string().nullable(),
  /** 'ready' to print; 'used' once the carrier has it; 'lapsed' past its validity, or voided. */
  state: z.enum(['ready', 'used', 'lapsed']),
  validUntil: z.string().nullable(),
  /** The label's formats to download. */
  formats: z.array(z.enum(['pdf', 'zpl'])),
  /** The carrier offers a QR code of the label (printed at the counter), served at `…/qr`. */
  qrCode: z.boolean(),
});

export const publicReturnParams = z.object({
  link: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'returnLinkInvalid'),
});

export const publicReturnLabelQuery = z.object({ format: z.enum(['pdf', 'zpl']).default('pdf') });

export { quoteLine };

export type ReturnRateLine = z.output<typeof returnRateLine>;
export type ReturnView = z.output<typeof returnView>;
export type OrderReturns = z.output<typeof orderReturns>;
export type PublicReturn = z.output<typeof publicReturn>;
