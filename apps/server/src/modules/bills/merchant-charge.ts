import { FUND_TYPE } from '@parcelport/shared';
import type { BillCause } from '@parcelport/shared/contracts/bills/index';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { applyMovement, applyMovements, LEDGER_REMARK, type Movement, spendableOf } from '../funds/index.ts';
import type { BilledOrder } from '../orders/index.ts';
import { loadPricing, loadProxyPricing, type Priced } from '../pricing/index.ts';
import { adjustCommission } from '../settlement/index.ts';

export type Pricing = (channelId: number, serviceId: number, costCents: number) => Priced;

/** What moving the merchant's charge did (cents): the merchant's change, the penalty, what was taken, what is owed. */
export interface MerchantMoved {
  merchantChange: number;
  penalty: number;
  taken: number;
  owed: number;
}

export type PricingOf = (order: { user_id: number; proxy_id: number | null }) => Promise<Pricing>;

/**
 * Prices kept for one posting run: one pricing per customer (or per proxy for a proxy's customers), read
 * before a chunk's transaction opens (SQLite has one connection: a read beside the transaction would wait).
 */
export function pricingCache(db: Db): PricingOf {
  const cache = new Map<string, Promise<Pricing>>();
  return (order) => {
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
    const take = Math.min(wanted, Math.max(0, await spendableOf(db, movement.userId, movement.currency)));
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
 * Charges a deduction and a penalty: both in one conditional update when the wallet can pay them (most do),
 * else what it can of each, down to the credit limit; answers what was taken.
 */
async function chargeWallet(db: Db, base: Omit<Movement, 'amount' | 'type'>, deduction: number, penalty: number) {
  const movements: Movement[] = [];
  if (deduction > 0)
    movements.push({ ...base, type: FUND_TYPE.billDeduction, amount: -deduction, remark: LEDGER_REMARK.carrierBill });
  if (penalty > 0)
    movements.push({ ...base, type: FUND_TYPE.penalty, amount: -penalty, remark: LEDGER_REMARK.wrongSize });
  if (movements.length === 0) return 0;
  const available = await spendableOf(db, base.userId, base.currency);
  if (available >= deduction + penalty) {
    try {
      await applyMovements(db, movements);
      return deduction + penalty;
    } catch (error) {
      // A purchase took the money between the read and the update: what is left, below.
      if (!(error instanceof AppError && error.key === 'insufficientFunds')) throw error;
    }
  } else if (available <= 0) return 0;
  let taken = 0;
  for (const { amount, ...movement } of movements) taken += await takeWithinCredit(db, -amount, movement);
  return taken;
}

/** The wrong-size penalty a line draws: billed more because the merchant declared a wrong weight or size. */
export const penaltyOf = (costChange: number, cause: BillCause, wrongSizePenalty: number) =>
  costChange > 0 && cause === 'weightOrSize' ? wrongSizePenalty : 0;

/**
 * The merchant's side of the carrier's charge for a label moving from `from` to `to`: the merchant's price
 * worked out at both with the merchant's pricing rule (a proxy's customer: the proxy's price and markup, the
 * commission moving with it), the difference charged (a bill deduction, with the penalty, down to the credit
 * limit) or refunded. `from` null: the merchant holds nothing for the label (voided and refunded), so the
 * whole price at `to` is charged. `order.commission` is kept current in memory.
 */
export async function moveMerchant(
  trx: Db,
  order: BilledOrder,
  pricing: Pricing,
  charge: { from: number | null; to: number; penalty: number },
  reference: NonNullable<Movement['reference']>,
  actorId: number,
): Promise<MerchantMoved> {
  const priced = (cost: number) => pricing(order.channel_id ?? 0, order.service_id ?? 0, cost);
  const before = charge.from === null ? null : priced(charge.from);
  const after = priced(charge.to);
  const merchantChange = after.priceCents - (before?.priceCents ?? 0);
  const commissionChange = order.proxy_id
    ? (after.proxy?.commissionCents ?? 0) - (before?.proxy?.commissionCents ?? 0)
    : 0;
  const base = { userId: order.user_id, currency: 'USD' as const, reference, actorId };

  // Wallets in the order a purchase locks them (by "user:currency"), as settlement/settlement.ts does.
  const proxyFirst = order.proxy_id !== null && `${order.proxy_id}:USD` < `${order.user_id}:USD`;
  if (proxyFirst && commissionChange !== 0) await adjustCommission(trx, order, commissionChange, actorId);
  const taken = await chargeWallet(trx, base, Math.max(0, merchantChange), charge.penalty);
  if (merchantChange < 0)
    await applyMovement(trx, {
      ...base,
      type: FUND_TYPE.refund,
      amount: -merchantChange,
      remark: LEDGER_REMARK.carrierBill,
    });
  if (!proxyFirst && commissionChange !== 0) await adjustCommission(trx, order, commissionChange, actorId);
  order.commission += commissionChange;
  return {
    merchantChange,
    penalty: charge.penalty,
    taken,
    owed: Math.max(0, merchantChange) + charge.penalty - taken,
  };
}
