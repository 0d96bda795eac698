import { z } from 'zod';
import type { CARRIER_REFUNDS } from '../../constants.ts';
import { pageOf, pageQuery } from '../common.ts';
import { defineContract } from '../contract.ts';
import { moneyView } from '../money.ts';

/**
 * A carrier's refund of a voided label counts as late once it is this many days old, unless its channel
 * sets its own window (`refundWindowDays` in an upstream channel's settings).
 */
export const DEFAULT_REFUND_WINDOW_DAYS = 30;

/** The refunds a carrier still owes: voided at the carrier and not (yet) refunded by it. */
export const OWED_CARRIER_REFUNDS = [
  'unasked',
  'pending',
  'rejected',
] as const satisfies readonly (typeof CARRIER_REFUNDS)[number][];

export const carrierRefundsOwedQuery = pageQuery.extend({
  state: z.enum(OWED_CARRIER_REFUNDS).optional(),
  channelId: z.coerce.number().int().positive().optional(),
});

export const carrierRefundOwed = z.object({
  id: z.number(),
  orderNo: z.string(),
  userId: z.number(),
  channelId: z.number().nullable(),
  channelName: z.string(),
  carrierCode: z.string().nullable(),
  serviceName: z.string().nullable(),
  trackingNo: z.string().nullable(),
  carrierRefund: z.enum(OWED_CARRIER_REFUNDS),
  carrierRefundNote: z.string(),
  /** What the carrier charged for the label: what it owes back. */
  cost: moneyView,
  /** When the label was voided at the carrier (the cancellation). */
  voidedAt: z.string().nullable(),
  ageDays: z.number(),
  /** Days the channel's carrier has to refund a voided label (its `refundWindowDays`). */
  windowDays: z.number(),
  overdue: z.boolean(),
  /** When the merchant was refunded (the channel refunds first), or null while the merchant waits too. */
  merchantRefundedAt: z.string().nullable(),
});
export type CarrierRefundOwed = z.output<typeof carrierRefundOwed>;

/** What each channel owes in all. */
export const carrierRefundsByChannel = z.object({
  channelId: z.number().nullable(),
  channelName: z.string(),
  count: z.number(),
  cost: moneyView,
  oldestAt: z.string().nullable(),
  windowDays: z.number(),
  overdue: z.number(),
});

export const listCarrierRefundsOwed = defineContract({
  method: 'GET',
  path: '/admin/order/carrierRefundsOwed',
  summary: 'Voided labels whose carrier has not refunded them, oldest first, with the total owed per channel',
  tags: ['orders'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  query: carrierRefundsOwedQuery,
  answer: pageOf(carrierRefundOwed).extend({ byChannel: z.array(carrierRefundsByChannel) }),
});
