import { DEFAULT_REFUND_WINDOW_DAYS } from '@parcelport/shared/contracts/orders/list-carrier-refunds-owed';
import { z } from 'zod';

/**
 * The refund fields of an upstream platform's channel settings; an adapter spreads them into its settings
 * schema. `refundFirst`: the merchant is refunded when staff approve a cancellation, before the carrier has
 * refunded the label (the operator carries the wait); otherwise the refund follows the carrier's answer.
 * `refundWindowDays`: how long the carrier may take to refund a voided label before the refunds report
 * (`/maintenance/unRefundedOrder`) and the reconciliation raise it as overdue.
 * `unusedVoidDays`: a label never scanned this many days after it was made is voided and refunded by the
 * unused-labels sweep (0: never; empty: the carrier's default, packages/shared `unusedLabelDays`).
 */
export function refundSettings(windowDays = DEFAULT_REFUND_WINDOW_DAYS) {
  return {
    refundFirst: z.boolean().default(false).meta({ description: 'refundFirst' }),
    refundWindowDays: z.number().int().min(1).max(365).default(windowDays).meta({ description: 'refundWindowDays' }),
    unusedVoidDays: z.number().int().min(0).max(365).optional().meta({ description: 'unusedVoidDays' }),
  };
}

const windowSchema = z.object({ refundWindowDays: refundSettings().refundWindowDays });

/** A channel's refund window out of its settings; a platform without one (the demo rate cards) has the default. */
export function refundWindowOf(settings: unknown): number {
  const parsed = windowSchema.safeParse(settings);
  return parsed.success ? parsed.data.refundWindowDays : DEFAULT_REFUND_WINDOW_DAYS;
}

const unusedSchema = z.object({ unusedVoidDays: refundSettings().unusedVoidDays });

/** A channel's own number of days before an unused label is voided, if it sets one. */
export function unusedVoidDaysOf(settings: unknown): number | undefined {
  const parsed = unusedSchema.safeParse(settings);
  return parsed.success ? parsed.data.unusedVoidDays : undefined;
}
