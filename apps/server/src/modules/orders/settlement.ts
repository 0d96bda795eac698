/** What an order was charged, given back or settled: refunds, the earnest's release, the carrier's bill. */
import { FUND_TYPE, formatCents, type Locale, ORDER_STATUS, WRONG_SIZE_PENALTY_CENTS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { Auth } from '../../http/auth.ts';
import type { Scope } from '../../http/scope.ts';
import { applyMovement } from '../funds/ledger.ts';
import { loadPricing } from '../pricing/service.ts';
import { actorOf, eachOrder, scopedOrder, stateError } from './actions.ts';
import { isLiveRejection } from './live-label.ts';
import { addEvent, claimBilling, claimEarnestRelease, claimRefund, type OrderRow } from './repo.ts';

const S = ORDER_STATUS;

/**
 * Gives back what an order was charged (price + insurance) and its earnest; used by void and failure.
 * The refund is claimed on the order first, so an order is refunded once whoever asks: answers what was
 * given back (0 when it had been already).
 */
export async function refundOrder(db: Db, order: OrderRow, actorId: number | null): Promise<number> {
  if (!(await claimRefund(db, order.id))) return 0;
  const reference = { type: 'order', id: order.id, no: order.order_no };
  const charged = (order.rate ?? 0) + order.insurance_fee;
  if (charged > 0) {
    await applyMovement(db, {
      userId: order.user_id,
      currency: 'USD',
      type: FUND_TYPE.refund,
      amount: charged,
      reference,
      actorId,
    });
  }
  await releaseEarnestOf(db, order, actorId);
  return charged;
}

async function releaseEarnestOf(db: Db, order: OrderRow, actorId: number | null): Promise<void> {
  if (order.earnest <= 0 || order.earnest_released_at !== null) return;
  if (!(await claimEarnestRelease(db, order.id))) return;
  await applyMovement(db, {
    userId: order.user_id,
    currency: 'USD',
    type: FUND_TYPE.marginRelease,
    amount: order.earnest,
    earnest: -order.earnest,
    reference: { type: 'order', id: order.id, no: order.order_no },
    actorId,
  });
}

/**
 * The carrier's bill settles an order (docs/design.md §5): the price is worked out again at the real cost with the
 * same markup; more is a bill deduction (plus the 5 USD penalty for a wrong size or weight), less is a
 * refund; the earnest is released either way.
 */
export async function settleBill(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  bill: { id: number; cost: number; billedOz?: number | undefined; wrongDimensions: boolean },
): Promise<{ difference: number; penalty: number }> {
  const order = await scopedOrder(ctx.db, scope, bill.id);
  const bought = [S.pendingTransport, S.inTransit, S.delivered].includes(order.status as never);
  if (!(bought || isLiveRejection(order)) || order.billed_at !== null) throw stateError();
  const price = await loadPricing(ctx.db, order.user_id);
  const newPrice = price(order.channel_id ?? 0, order.service_id ?? 0, bill.cost).priceCents;
  const difference = newPrice - (order.rate ?? 0);
  const penalty = difference > 0 && bill.wrongDimensions ? WRONG_SIZE_PENALTY_CENTS : 0;
  const actor = actorOf(auth);
  const reference = { type: 'order', id: order.id, no: order.order_no };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimBilling(trx, order.id, bill.cost, bill.billedOz ?? null))) throw stateError();
    if (difference > 0) {
      await applyMovement(trx, {
        userId: order.user_id,
        currency: 'USD',
        type: FUND_TYPE.billDeduction,
        amount: -difference,
        reference,
        actorId: actor,
        owed: true,
      });
    } else if (difference < 0) {
      await applyMovement(trx, {
        userId: order.user_id,
        currency: 'USD',
        type: FUND_TYPE.refund,
        amount: -difference,
        reference,
        actorId: actor,
      });
    }
    if (penalty > 0) {
      await applyMovement(trx, {
        userId: order.user_id,
        currency: 'USD',
        type: FUND_TYPE.penalty,
        amount: -penalty,
        reference,
        actorId: actor,
        owed: true,
        remark: 'wrong size or weight',
      });
    }
    await releaseEarnestOf(trx, order, actor);
    await addEvent(trx, order.id, order.status, 'billed', actor, formatCents(bill.cost));
  });
  return { difference, penalty };
}

/** Releases the earnest of the given orders (staff), once each. */
export function releaseEarnest(ctx: AppContext, auth: Auth, scope: Scope, ids: number[], locale: Locale) {
  return eachOrder(
    ids,
    async (id) => {
      const order = await scopedOrder(ctx.db, scope, id);
      if (order.earnest <= 0 || order.earnest_released_at !== null || order.status === S.placing) throw stateError();
      await ctx.db.transaction().execute(async (trx) => {
        await releaseEarnestOf(trx, order, actorOf(auth));
        await addEvent(trx, order.id, order.status, 'earnestReleased', actorOf(auth));
      });
    },
    locale,
  );
}
