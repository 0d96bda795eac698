import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { moneyView } from '../money.ts';

/** Why a parcel is likely to be corrected: the history of its SKU, else of its package (its declared box). */
export const ADJUSTMENT_RISK_BASES = ['sku', 'package'] as const;

/** One order whose declared measures the carrier is likely to correct, and what the carrier billed last time. */
export const adjustmentRiskView = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  basis: z.enum(ADJUSTMENT_RISK_BASES),
  /** The SKU, or the package's declared sides ("12 x 10 x 8 in"). */
  key: z.string(),
  /** Labels of this SKU or package the merchant bought, and how many of them the carrier's bills corrected. */
  labels: z.number(),
  corrected: z.number(),
  /** What the merchant may expect to be charged afterwards (share corrected × their average extra). */
  expectedExtra: moneyView,
  /** The first parcel's declared weight (oz) and sides, beside the carrier's billed ones last time. */
  declaredWeightOz: z.number(),
  declaredSize: z.string(),
  billedWeightOz: z.number().nullable(),
  billedSize: z.string(),
});

export const adjustmentRiskAnswer = z.object({
  checked: z.number(),
  flagged: z.array(adjustmentRiskView),
  /** The flagged orders' expected extra, added up. */
  totalExpectedExtra: moneyView,
});

export const checkAdjustmentRisk = defineContract({
  method: 'POST',
  path: '/app/order/adjustmentRisk',
  summary:
    'Flag the orders whose declared weight or size the carrier is likely to correct, learnt from the merchant’s matched bill corrections per SKU and package',
  keyArea: 'labels',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  readOnly: true,
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(5_000) }),
  answer: adjustmentRiskAnswer,
});

export type AdjustmentRisk = z.output<typeof adjustmentRiskView>;
export type AdjustmentRiskAnswer = z.output<typeof adjustmentRiskAnswer>;
