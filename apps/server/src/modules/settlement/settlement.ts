/** What an order was charged, given back or settled: refunds, the earnest's release, the carrier's bill. */
import { FUND_TYPE, formatCents, type Locale, ORDER_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { accountInScope } from '../../scope/accounts.ts';
import { applyMovement, LEDGER_REMARK } from '../funds/index.ts';
import {
  actorOf,
  addEvent,
  claimBilling,
  claimEarnestRelease,
  claimRefund,
  eachOrder,
  isLiveRejection,
  type OrderRow,
  scopedOrder,
  setCommission,
  stateError,
} from '../orders/index.ts';
import { loadPricing, loadProxyPricing } from '../pricing/index.ts';
import { billAdjusted, refundCompleted } from '../webhooks/index.ts';
import { releasableEarnestOf } from './earnest-repo.ts';

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
  // Wallets in the order a purchase locks them (purchase/purchase-writes.ts: by "user:currency"), so a refund and a
  // purchase of the same customer never wait for each other's wallet.
  const proxyFirst = order.proxy_id !== null && `${order.proxy_id}:USD` < `${order.user_id}:USD`;
  if (proxyFirst) await reverseCommission(db, order, actorId);
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
  if (!proxyFirst) await reverseCommission(db, order, actorId);
  if (charged > 0) await refundCompleted(db, order, charged);
  return charged;
}

/**
 * Takes back the commission a proxy was credited for the order (one ledger row, negative), whatever the
 * proxy's balance now: it is money the proxy owes once the label is refunded.
 */
async function reverseCommission(db: Db, order: OrderRow, actorId: number | null): Promise<void> {
  if (order.proxy_id === null || order.commission <= 0) return;
  await applyMovement(db, {
    userId: order.proxy_id,
    currency: 'USD',
    type: FUND_TYPE.commission,
    amount: -order.commission,
    reference: { type: 'commission', id: order.id, no: order.order_no },
    actorId,
    owed: true,
    remark: LEDGER_REMARK.refunded,
  });
}

/** Releases an order's earnest once (a carrier bill or void settles the label). */
export async function releaseEarnestOf(
  db: Db,
  order: Pick<OrderRow, 'id' | 'order_no' | 'user_id' | 'earnest' | 'earnest_released_at'>,
  actorId: number | null,
): Promise<void> {
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
 * same markup; more is a bill deduction (plus the penalty for a wrong size or weight), less is a
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
  // A test label is never billed by its carrier, and moves no money.
  if (!(bought || isLiveRejection(order)) || order.billed_at !== null || order.is_test === 1) throw stateError();
  // A label bought through a proxy is priced again at that proxy's price and markup.
  const price = order.proxy_id
    ? await loadProxyPricing(ctx.db, order.proxy_id)
    : await loadPricing(ctx.db, order.user_id);
  const priced = price(order.channel_id ?? 0, order.service_id ?? 0, bill.cost);
  const newPrice = priced.priceCents;
  const difference = newPrice - (order.rate ?? 0);
  const commissionChange = order.proxy_id ? (priced.proxy?.commissionCents ?? 0) - order.commission : 0;
  // The penalty in use now (docs/spec.md §9's 5 USD unless changed in /adminSettings/sysConfig).
  const penalty = difference > 0 && bill.wrongDimensions ? (await ctx.settings.current()).penalty.wrongSize : 0;
  const actor = actorOf(auth);
  const reference = { type: 'order', id: order.id, no: order.order_no };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimBilling(trx, order.id, bill.cost, bill.billedOz ?? null))) throw stateError();
    // The proxy's commission follows the price its customer pays in the end (its wallet first: see refundOrder).
    if (order.proxy_id && commissionChange !== 0 && `${order.proxy_id}:USD` < `${order.user_id}:USD`)
      await adjustCommission(trx, order, commissionChange, actor);
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
        remark: LEDGER_REMARK.wrongSize,
      });
    }
    await releaseEarnestOf(trx, order, actor);
    if (order.proxy_id && commissionChange !== 0 && `${order.proxy_id}:USD` > `${order.user_id}:USD`)
      await adjustCommission(trx, order, commissionChange, actor);
    await addEvent(trx, order.id, order.status, 'billed', actor, formatCents(bill.cost));
    await billAdjusted(trx, order, { source: `order:${order.id}:billed`, change: difference, penalty });
  });
  return { difference, penalty };
}

/** Moves a proxy's commission on a billed order by `change` and keeps the order's record of it. */
export async function adjustCommission(
  db: Db,
  order: Pick<OrderRow, 'id' | 'order_no' | 'proxy_id' | 'commission'>,
  change: number,
  actorId: number | null,
): Promise<void> {
  if (order.proxy_id === null) return;
  await applyMovement(db, {
    userId: order.proxy_id,
    currency: 'USD',
    type: FUND_TYPE.commission,
    amount: change,
    reference: { type: 'commission', id: order.id, no: order.order_no },
    actorId,
    owed: true,
    remark: LEDGER_REMARK.billed,
  });
  await setCommission(db, order.id, order.commission + change);
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

/**
 * Releases the earnest of a user's finished orders (staff): what was released in all, and each order's result.
 * An account outside the caller's scope is a 404, as in every scoped call on an account, not an empty release.
 */
export async function releaseUserEarnest(ctx: AppContext, auth: Auth, scope: Scope, userId: number, locale: Locale) {
  await accountInScope(ctx.db, scope, userId);
  const held = await releasableEarnestOf(ctx.db, userId, scope);
  const orders = await releaseEarnest(
    ctx,
    auth,
    scope,
    held.map((order) => order.id),
    locale,
  );
  const released = held
    .filter((order) => orders.some((result) => result.id === order.id && result.ok))
    .reduce((sum, order) => sum + order.earnest, 0);
  return { released: formatCents(released), orders };
}
