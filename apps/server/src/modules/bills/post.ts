import { FUND_TYPE, formatCents, LABEL_PAID_STATUSES } from '@parcelport/shared';
import type { BillCause } from '@parcelport/shared/contracts/bills/index';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import { applyMovement, type Movement } from '../funds/ledger.ts';
import { addEvent, findOrder, moveBilledCost } from '../orders/repo.ts';
import { adjustCommission, releaseEarnestOf } from '../orders/settlement.ts';
import { loadPricing, loadProxyPricing, type Priced } from '../pricing/service.ts';

export type Pricing = (channelId: number, serviceId: number, costCents: number) => Priced;

/** A line to post, as kept at the preview. */
export interface LineToPost {
  id: number;
  orderId: number;
  amountKind: 'total' | 'adjustment';
  costChange: number;
  costBefore: number | null;
  billedOz: number | null;
  cause: BillCause;
  lineKey: string;
  reference: { type: string; id: number; no: string };
}

/** What posting a line did (cents): the merchant's change (+ charged, − refunded), penalty, taken, owed. */
export interface LinePosted {
  /** The change to the carrier's charge as applied (a whole charge read against a charge moved since). */
  costChange: number;
  merchantChange: number;
  penalty: number;
  taken: number;
  owed: number;
}

/**
 * Prices kept for one posting run: one pricing per customer (or per proxy for a proxy's customers), read
 * before a line's transaction opens (SQLite has one connection: a read beside the transaction would wait).
 */
export function pricingCache(db: Db) {
  const cache = new Map<string, Promise<Pricing>>();
  return (order: { user_id: number; proxy_id: number | null }): Promise<Pricing> => {
    const key = order.proxy_id ? `proxy:${order.proxy_id}` : `user:${order.user_id}`;
    let pricing = cache.get(key);
    if (!pricing) {
      pricing = order.proxy_id ? loadProxyPricing(db, order.proxy_id) : loadPricing(db, order.user_id);
      cache.set(key, pricing);
    }
    return pricing;
  };
}

/**
 * Takes up to `wanted` from the merchant's wallet, down to its credit limit, with the ledger's conditional
 * update (a purchase landing between the read and the update only makes it try again with less): answers
 * what was taken; the rest stays owed on the line.
 */
async function takeWithinCredit(db: Db, wanted: number, movement: Omit<Movement, 'amount'>): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const wallet = await db
      .selectFrom('wallets')
      .select(['balance', 'credit_limit'])
      .where('user_id', '=', movement.userId)
      .where('currency', '=', movement.currency)
      .executeTakeFirstOrThrow();
    const take = Math.min(wanted, Math.max(0, Number(wallet.balance) + Number(wallet.credit_limit)));
    if (take === 0) return 0;
    try {
      await applyMovement(db, { ...movement, amount: -take });
      return take;
    } catch (error) {
      if (!(error instanceof AppError && error.key === 'insufficientFunds')) throw error;
    }
  }
  return 0;
}

/**
 * Posts one line in the caller's transaction. The carrier's charge for the label moves from what it was to
 * what the line makes it; the merchant's price is worked out again at both with the merchant's pricing rule
 * (a proxy's customer: the proxy's price and markup) and the difference charged (a bill deduction, and the
 * penalty when the merchant declared a wrong weight or size) or refunded. Answers null when the order's
 * charge moved since the line was read (another line of it posted at the same time): the caller tries again.
 */
export async function postLine(
  trx: Db,
  charges: { pricing: Pricing; wrongSizePenalty: number },
  line: LineToPost,
  actorId: number,
): Promise<LinePosted | null> {
  const order = await findOrder(trx, line.orderId);
  if (!order || !(LABEL_PAID_STATUSES as readonly number[]).includes(order.status)) return settledOnly();
  const charged = Number(order.billed_cost ?? order.cost ?? 0);
  // A whole charge read against an older charge (a line of it posted since) is the whole charge still.
  const costChange =
    line.amountKind === 'total' && line.costBefore !== null
      ? line.costBefore + line.costChange - charged
      : line.costChange;
  const newCost = Math.max(0, charged + costChange);
  if (!(await moveBilledCost(trx, order, newCost, line.billedOz))) return null;

  const { pricing } = charges;
  const before = pricing(order.channel_id ?? 0, order.service_id ?? 0, charged);
  const after = pricing(order.channel_id ?? 0, order.service_id ?? 0, newCost);
  const merchantChange = costChange === 0 ? 0 : after.priceCents - before.priceCents;
  const commissionChange =
    order.proxy_id && costChange !== 0 ? (after.proxy?.commissionCents ?? 0) - (before.proxy?.commissionCents ?? 0) : 0;
  const penalty = costChange > 0 && line.cause === 'weightOrSize' ? charges.wrongSizePenalty : 0;
  const base = { userId: order.user_id, currency: 'USD' as const, reference: line.reference, actorId };

  // Wallets in the order a purchase locks them (by "user:currency"), as settlement.ts does.
  const proxyFirst = order.proxy_id !== null && `${order.proxy_id}:USD` < `${order.user_id}:USD`;
  if (proxyFirst && commissionChange !== 0) await adjustCommission(trx, order, commissionChange, actorId);
  let taken = 0;
  if (merchantChange > 0)
    taken += await takeWithinCredit(trx, merchantChange, {
      ...base,
      type: FUND_TYPE.billDeduction,
      remark: 'carrier bill',
    });
  if (merchantChange < 0)
    await applyMovement(trx, { ...base, type: FUND_TYPE.refund, amount: -merchantChange, remark: 'carrier bill' });
  if (penalty > 0)
    taken += await takeWithinCredit(trx, penalty, { ...base, type: FUND_TYPE.penalty, remark: 'wrong size or weight' });
  await releaseEarnestOf(trx, order, actorId);
  if (!proxyFirst && commissionChange !== 0) await adjustCommission(trx, order, commissionChange, actorId);
  if (costChange !== 0) await addEvent(trx, order.id, order.status, 'billed', actorId, formatCents(newCost));
  const owed = Math.max(0, merchantChange) + penalty - taken;
  return { costChange, merchantChange, penalty, taken, owed };

  function settledOnly(): LinePosted {
    return { costChange: 0, merchantChange: 0, penalty: 0, taken: 0, owed: 0 };
  }
}
