import { ORDER_STATUS } from '@parcelport/shared';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OrderRow } from './repo.ts';

const S = ORDER_STATUS;

/*
 * 16 ("rejected or cancelled", docs/spec.md §4) is reached two ways: staff reject an order in review, which refunds
 * the label (`refunded_at` set), or staff reject a customer's cancellation, which leaves the label paid and
 * live, never refunded. Only the second still ships: it is billed, tracked and delivered like any bought
 * label. What tells them apart is what the order went through: not refunded, and its tracking number kept.
 */

/** An order in 16 whose cancellation staff rejected: its label is live (see above). */
export function isLiveRejection(order: Pick<OrderRow, 'status' | 'refunded_at' | 'tracking_no'>): boolean {
  return order.status === S.rejected && order.refunded_at === null && order.tracking_no !== null;
}

/** The same rule as a condition on `orders`, for queries. */
export function liveRejection(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.and([
    eb('orders.status', '=', S.rejected),
    eb('orders.refunded_at', 'is', null),
    eb('orders.tracking_no', 'is not', null),
  ]);
}
