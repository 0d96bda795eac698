/**
 * Staff decisions on an order: a cancellation voided or rejected, a bought label approved or rejected in
 * review.
 */
import { formatCents, ORDER_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../http/auth.ts';
import type { Scope } from '../../http/scope.ts';
import { labelVoided } from '../../webhooks/sources.ts';
import { notifyUser } from '../messages/repo.ts';
import { actorOf, scopedOrder, stateError } from './actions.ts';
import { refundDueAtApproval, voidAtCarrier } from './carrier-refunds.ts';
import { addEvent, findOrder, markReviewed, type OrderRow, transition } from './repo.ts';
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
    if (!(await transition(trx, order.id, [S.cancelling], S.voided))) throw stateError();
    await addEvent(trx, order.id, S.voided, 'voided', actor);
    await labelVoided(trx, order);
    // Decided on the order as it is after the move (the refunds sweep decides the same way after its write).
    const voided = (await findOrder(trx, order.id)) as OrderRow;
    if (await refundDueAtApproval(trx, voided)) {
      const refunded = await refundOrder(trx, voided, actor);
      await notifyUser(trx, order.user_id, {
        type: 'notice',
        title: 'msgOrderVoidedTitle',
        content: 'msgOrderVoidedBody',
        params: { orderNo: order.order_no, amount: formatCents(refunded) },
      });
      return;
    }
    await addEvent(trx, order.id, S.voided, 'refundAwaitingCarrier', actor);
    await notifyUser(trx, order.user_id, {
      type: 'notice',
      title: 'msgOrderVoidPendingTitle',
      content: 'msgOrderVoidPendingBody',
      params: { orderNo: order.order_no, amount: formatCents((order.rate ?? 0) + order.insurance_fee) },
    });
  });
  // A void that never reached the carrier is sent again now (and by the refunds sweep after).
  if (decision.approve && (order.carrier_refund === '' || order.carrier_refund === 'unasked')) {
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
