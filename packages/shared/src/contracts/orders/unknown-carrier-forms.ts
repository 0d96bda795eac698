import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { carrierNumber, settledStamp, settleOutcome } from '../staff-settlement.ts';

/**
 * A carrier's acceptance form (SCAN form) asked for and whose answer was lost, at a carrier that cannot be
 * asked afterwards whether it made it (USPS): the labels stay asked, never sent for another form, until
 * staff settle it. `id` names it by its first parcel.
 */
export const unknownCarrierForm = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string(),
  username: z.string(),
  askedAt: z.string(),
  trackingNumbers: z.array(z.string()),
  /** Its labels are test ones (a test order's, issue 31): marked Test on the screen. */
  isTest: z.boolean(),
});
export type UnknownCarrierForm = z.output<typeof unknownCarrierForm>;

export const listUnknownCarrierForms = defineContract({
  method: 'GET',
  path: '/admin/order/carrierForms/unknown',
  summary:
    'SCAN forms whose answer was lost at a carrier that cannot be asked about them, waiting for staff, oldest first',
  tags: ['orders'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  answer: z.array(unknownCarrierForm),
});

export const settleCarrierFormBody = z.object({
  /**
   * `recorded`: the carrier made the form (staff obtained it by other means) and `formNumber` is its number;
   * `released`: it made none, and the labels may be asked for a new form.
   */
  outcome: settleOutcome,
  formNumber: carrierNumber('carrierFormNumberInvalid').optional(),
});

export const carrierFormSettlement = settledStamp.extend({
  outcome: settleOutcome,
  formNumber: z.string().nullable(),
});
export type CarrierFormSettlement = z.output<typeof carrierFormSettlement>;

export const settleCarrierForm = defineContract({
  method: 'POST',
  path: '/admin/order/carrierForms/:id/settle',
  summary:
    "Settle a SCAN form whose answer was lost: record the form obtained from the carrier (its number; the merchant's manifest then carries it) or release its labels for a new form",
  tags: ['orders'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  params: idParams,
  body: settleCarrierFormBody,
  answer: carrierFormSettlement,
});
