import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { moneyView } from '../money.ts';

/**
 * A purchase cut off at a carrier that cannot be asked afterwards whether it issued a label (USPS): the
 * order waits in 17 until staff look it up in the carrier account and settle it.
 */
export const unconfirmedPurchase = z.object({
  id: z.number(),
  orderNo: z.string(),
  username: z.string(),
  channelName: z.string(),
  serviceName: z.string().nullable(),
  /** What the merchant was charged and is holding for the label. */
  rate: moneyView,
  /** One tracking number per parcel is asked for when labels are found. */
  parcelCount: z.number(),
  unconfirmedSince: z.string(),
  /** A test label's purchase (issue 31): bought with the carrier's test credentials, charged nothing. */
  isTest: z.boolean(),
});
export type UnconfirmedPurchase = z.output<typeof unconfirmedPurchase>;

export const listUnconfirmedPurchases = defineContract({
  method: 'GET',
  path: '/admin/order/unconfirmedPurchases',
  summary: 'Purchases cut off at a carrier that cannot be asked about them, waiting for staff, oldest first',
  tags: ['orders'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  answer: z.array(unconfirmedPurchase),
});

export const settlePurchaseBody = z.object({
  /** The labels found in the carrier account, one per parcel in order; none: no label was issued. */
  trackingNumbers: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{8,40}$/, 'trackingNumberInvalid'),
    )
    .max(100),
});

export const settleUnconfirmedPurchase = defineContract({
  method: 'POST',
  path: '/admin/order/unconfirmedPurchases/:id/settle',
  summary:
    "Settle a purchase waiting for staff: with the labels' tracking numbers found at the carrier the order completes and keeps its charge; with none it is refunded in full",
  tags: ['orders'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  params: idParams,
  body: settlePurchaseBody,
  answer: z.object({ status: z.number(), trackingNo: z.string().nullable() }),
});
