import { DEFAULT_REFUND_WINDOW_DAYS } from '@parcelport/shared/contracts/orders/list-carrier-refunds-owed';
import { z } from 'zod';

/**
 * The refund fields of an upstream platform's channel settings; an adapter spreads them into its settings
 * schema. `refundFirst`: the merchant is refunded when staff approve a cancellation, before the carrier has
 * refunded the label (the operator carries the wait); otherwise the refund follows the carrier's answer.
 * `refundWindowDays`: how long the carrier may take to refund a voided label before the refunds report
 * (`/maintenance/unRefundedOrder`) and the reconciliation raise it as overdue.
 */
export function refundSettings(windowDays = DEFAULT_REFUND_WINDOW_DAYS) {
  return {
    refundFirst: z.boolean().default(false).meta({ description: 'refundFirst' }),
    refundWindowDays: z.number().int().min(1).max(365).default(windowDays).meta({ description: 'refundWindowDays' }),
  };
}

const windowSchema = z.object({ refundWindowDays: refundSettings().refundWindowDays });

/** A channel's refund window out of its settings; a platform without one (the demo rate cards) has the default. */
export function refundWindowOf(settings: unknown): number {
  const parsed = windowSchema.safeParse(settings);
  return parsed.success ? parsed.data.refundWindowDays : DEFAULT_REFUND_WINDOW_DAYS;
}
