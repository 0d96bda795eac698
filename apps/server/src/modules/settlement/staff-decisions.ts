/**
 * Staff decisions on an order: a cancellation voided or rejected, a bought label approved or rejected in
 * review.
 */
import { formatCents, ORDER_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { notifyUser } from '../messages/index.ts';
import {
  actorOf,
  addEvent,
  findOrder,
  markReviewed,
  type OrderRow,
  scopedOrder,
  stateError,
  transition,
} from '../orders/index.ts';
import { labelVoided } from '../webhooks/index.ts';
import { refundDueAtApproval, voidAtCarrier } from './carrier-refunds.ts';
import { refundOrder } from './settlement.ts';

const S = ORDER_STATUS;

/** A staff decision on an order: approve, or reject with a reason the customer is shown. */
export type StaffDecision = { id: number; approve: true } | { id: number; approve: false; reason: string };

/** Staff decide a cancellation: void with refund (15) or reject it (16) with the reason shown to the customer. */
export async function auditCancel(ctx: AppContext, auth: Auth, scope: Scope, decision: StaffDecision): Promise<void> {
  const order = await scopedOrder(ctx.db, scope, decision.id);
  const actor = actorOf(auth);
  await ctx.db.transaction().execute(async (trx) => {
    if (!decision.approve) {
      if (!(await transition(trx, order.id, [S.cancelling], S.rejected, { audit_info: decision.reason })))
        throw stateError();
      await addEvent(trx, order.id, S.rejected, 'cancelRejected', actor, decision.reason);
      await notifyUser(trx, order.user_id, {
        type: 'notice',
        title: 'msgCancelRejectedTitle',
        content: 'msgCancelRejectedBody',
        params: { orderNo: order.order_no, reason: decision.reason },
      });
      return;
    }
    const refunded = await voidLabel(trx, order, [S.cancelling], actor);
    if (refunded === false) throw stateError();
    if (refunded !== null) {
      await notifyUser(trx, order.user_id, {
        type: 'notice',
        title: 'msgOrderVoidedTitle',
        content: 'msgOrderVoidedBody',
        params: { orderNo: order.order_no, amount: formatCents(refunded) },
      });
      return;
    }
    await notifyUser(trx, order.user_id, {
      type: 'notice',
      title: 'msgOrderVoidPendingTitle',
      content: 'msgOrderVoidPendingBody',
      params: { orderNo: order.order_no, amount: formatCents((order.rate ?? 0) + order.insurance_fee) },
    });
  });
  if (decision.approve) await sendVoidToCarrier(ctx, order);
}

/**
 * Voids a bought label (one of `from` → 15) in the caller's transaction and refunds it now when that is due
 * (a label made here, one the carrier refunded, a channel that refunds first); answers what was refunded,
 * null when the refund waits for the carrier, false (nothing written) when the order was not in `from`.
 * Staff approving a cancellation and the unused-labels sweep both void through here.
 */
export async function voidLabel(
  trx: Db,
  order: OrderRow,
  from: readonly number[],
  actor: number | null,
  detail = '',
): Promise<number | null | false> {
  if (!(await transition(trx, order.id, from, S.voided))) return false;
  await addEvent(trx, order.id, S.voided, 'voided', actor, detail);
  await labelVoided(trx, order);
  // Decided on the order as it is after the move (the refunds sweep decides the same way after its write).
  const voided = (await findOrder(trx, order.id)) as OrderRow;
  if (await refundDueAtApproval(trx, voided)) return refundOrder(trx, voided, actor);
  await addEvent(trx, order.id, S.voided, 'refundAwaitingCarrier', actor);
  return null;
}

/** After a void is committed: a void that never reached the carrier is sent now (and by the refunds sweep after). */
export async function sendVoidToCarrier(ctx: AppContext, order: OrderRow): Promise<void> {
  if (order.carrier_refund === '' || order.carrier_refund === 'unasked') {
    await voidAtCarrier(ctx, { ...order, status: S.voided });
  }
}

/** Order review: staff approve a bought label, or reject it with a reason (refunded, 16, auditInfo). */
export async function reviewOrder(ctx: AppContext, auth: Auth, scope: Scope, decision: StaffDecision): Promise<void> {
  const order = await scopedOrder(ctx.db, scope, decision.id);
  const actor = actorOf(auth);
  await ctx.db.transaction().execute(async (trx) => {
    if (decision.approve) {
      if (!(await markReviewed(trx, order.id))) throw stateError();
      await addEvent(trx, order.id, order.status, 'reviewApproved', actor);
      return;
    }
    const rejected = await transition(trx, order.id, [S.pendingTransport], S.rejected, {
      audit_info: decision.reason,
      reviewed_at: Date.now(),
    });
    if (!rejected) throw stateError();
    await refundOrder(trx, order, actor);
    await addEvent(trx, order.id, S.rejected, 'reviewRejected', actor, decision.reason);
  });
}
