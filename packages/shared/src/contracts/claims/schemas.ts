import { z } from 'zod';
import { CLAIM_MAX_FILES, CLAIM_STATUSES, CLAIM_TYPES } from '../../claims.ts';
import { pageQuery, queryId } from '../common.ts';
import { moneyView, positiveMoneyInput } from '../money.ts';

/**
 * Insurance claims (issue 28): the merchant files and follows them under `/app/claim` (any signed-in user, own
 * orders); staff holding `adminClaimList` review, decide and pay them under `/admin/claim` (their customers').
 */
export const MERCHANT_CLAIMS = { tags: ['claims'], access: 'signedIn', scope: 'own' } as const;
export const STAFF_CLAIMS = {
  tags: ['claims (staff)'],
  access: { codes: ['adminClaimList'] },
  scope: 'ownCustomers',
} as const;

export const fileClaimBody = z.object({
  orderId: z.number().int().positive(),
  type: z.enum(CLAIM_TYPES, 'fieldRequired'),
  /** What is claimed, at most the order's insured (declared) value. */
  amount: positiveMoneyInput,
  description: z.string().trim().min(1, 'fieldRequired').max(5000),
  /** Photos and the invoice, uploaded first through /app/attachment/upload/image. */
  attachmentIds: z.array(z.number().int().positive()).max(CLAIM_MAX_FILES).default([]),
});
export type FileClaimInput = z.input<typeof fileClaimBody>;

export const claimListQuery = pageQuery.extend({
  status: z.enum(CLAIM_STATUSES).optional(),
  type: z.enum(CLAIM_TYPES).optional(),
  orderId: queryId().optional(),
  /** An order or tracking number, or (staff) the merchant's account. */
  keyword: z.string().trim().max(100).optional(),
});
export type ClaimListQuery = z.output<typeof claimListQuery>;

export const claimFileView = z.object({ id: z.number(), name: z.string(), mime: z.string(), url: z.string() });

export const claimView = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  trackingNo: z.string().nullable(),
  user: z.object({ id: z.number(), username: z.string() }),
  type: z.enum(CLAIM_TYPES),
  status: z.enum(CLAIM_STATUSES),
  /** The order's insured (declared) value, the most a claim may ask. */
  insuredValue: moneyView,
  amount: moneyView,
  approvedAmount: moneyView.nullable(),
  /** What the payout credits: the approved amount less the 10% deduction (docs/spec.md §9). */
  payout: moneyView.nullable(),
  /** The postage given back with the payout (a lost parcel's), once paid. */
  postageRefund: moneyView.nullable(),
  description: z.string(),
  reason: z.string(),
  files: z.array(claimFileView),
  workOrderId: z.number().nullable(),
  ticketNo: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type ClaimView = z.output<typeof claimView>;

/** A claim type's filing window on an order, as the form shows it. */
export const claimOptionsView = z.object({
  orderId: z.number(),
  insuredValue: moneyView,
  types: z.array(
    z.object({
      type: z.enum(CLAIM_TYPES),
      /** Open now, and no other claim of the type blocks it. */
      open: z.boolean(),
      opensAt: z.string().nullable(),
      closesAt: z.string().nullable(),
      /** Why it cannot be filed now: notInsured, wrongState, notYetOpen, closed, alreadyClaimed. */
      blockedBy: z.string().nullable(),
      postageRefunded: z.boolean(),
    }),
  ),
});

export const decideClaimBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('partlyApprove'), amount: positiveMoneyInput }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(1, 'reasonRequired').max(1000) }),
]);
export type DecideClaimInput = z.input<typeof decideClaimBody>;
