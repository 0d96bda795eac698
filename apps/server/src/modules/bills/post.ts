import { FUND_TYPE, formatCents, LABEL_PAID_STATUSES, ORDER_STATUS } from '@parcelport/shared';
import type { BillCause } from '@parcelport/shared/contracts/bills/index';
import { AppError } from '../../core/errors.ts';
import { valuesByKey } from '../../db/bulk.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { applyMovement, applyMovements, LEDGER_REMARK, type Movement, spendableOf } from '../funds/index.ts';
import {
  addEvents,
  adjustCommission,
  type BilledOrder,
  type OrderEvent,
  ordersByIds,
  releaseEarnestOf,
  settleBilledCosts,
} from '../orders/index.ts';
import { loadPricing, loadProxyPricing, type Priced } from '../pricing/index.ts';
import { billAdjusted } from '../webhooks/index.ts';
import { invoiceHistory } from './match.ts';

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
  /** A change an invoice billed apart (`adjusts`): a later shipment charge of the label is compared without it. */
  adjusts: boolean;
  reference: { type: string; id: number; no: string };
}

/**
 * What posting a line did (cents): the cost change applied, the merchant's change, penalty, taken, owed;
 * `voided` when its label was voided since the preview (its change kept, nothing moved).
 */
interface LinePosted {
  costChange: number;
  merchantChange: number;
  penalty: number;
  taken: number;
  owed: number;
  voided: boolean;
}

type PricingOf = (order: { user_id: number; proxy_id: number | null }) => Promise<Pricing>;

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

/** The order's charge moved under a line, or a line was posted by someone else: the chunk is rolled back. */
class ChunkConflict extends Error {}

const PAID = LABEL_PAID_STATUSES as readonly number[];

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
  reference: LineToPost['reference'],
  actorId: number,
): Promise<Omit<LinePosted, 'costChange' | 'voided'>> {
  const priced = (cost: number) => pricing(order.channel_id ?? 0, order.service_id ?? 0, cost);
  const before = charge.from === null ? null : priced(charge.from);
  const after = priced(charge.to);
  const merchantChange = after.priceCents - (before?.priceCents ?? 0);
  const commissionChange = order.proxy_id
    ? (after.proxy?.commissionCents ?? 0) - (before?.proxy?.commissionCents ?? 0)
    : 0;
  const base = { userId: order.user_id, currency: 'USD' as const, reference, actorId };

  // Wallets in the order a purchase locks them (by "user:currency"), as settlement.ts does.
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

const NOTHING: LinePosted = { costChange: 0, merchantChange: 0, penalty: 0, taken: 0, owed: 0, voided: false };

/**
 * Posts one line in the chunk's transaction. The carrier's charge for the label moves from what it was to
 * what the line makes it, and the merchant's price with it (moveMerchant). A label voided since the preview
 * moves nothing: the line becomes `voided`, for staff to charge or write off (voided.ts). `order` is kept
 * current in memory for the chunk's next line of the same order. `adjusted` is what invoices' changes billed
 * apart (`adjusts`) moved the order's charge by, so far: a whole charge replaces the rest.
 */
async function postLine(
  trx: Db,
  order: BilledOrder | undefined,
  pricing: Pricing | undefined,
  wrongSizePenalty: number,
  line: LineToPost,
  actorId: number,
  events: OrderEvent[],
  movedCosts: Map<number, number | null>,
  adjusted: number,
): Promise<LinePosted> {
  // A test label moves no money (docs/carriers.md "Test labels"): a line a carrier bills for one posts nothing.
  if (!order || !pricing || order.is_test === 1) return NOTHING;
  const charged = Number(order.billed_cost ?? order.cost ?? 0);
  // A whole charge read against an older charge (a line of it posted since) is the whole charge still; the
  // changes billed apart stay on top of it.
  const costChange =
    line.amountKind === 'total' && line.costBefore !== null
      ? line.costBefore + line.costChange - (charged - adjusted)
      : line.costChange;
  if (order.status === ORDER_STATUS.voided) return { ...NOTHING, costChange, voided: true };
  if (!PAID.includes(order.status)) return NOTHING;
  const newCost = Math.max(0, charged + costChange);
  if (costChange !== 0 || line.billedOz !== null) {
    // Written for the whole chunk at its end (moveBilledCosts), conditional on the charge read before it.
    if (!movedCosts.has(order.id))
      movedCosts.set(order.id, order.billed_cost === null ? null : Number(order.billed_cost));
    Object.assign(order, {
      billed_cost: newCost,
      billed_oz: line.billedOz ?? order.billed_oz,
      billed_at: order.billed_at ?? Date.now(),
    });
  }
  await releaseEarnestOf(trx, order, actorId);
  order.earnest_released_at ??= order.earnest > 0 ? Date.now() : null;
  if (costChange === 0) return NOTHING;

  const penalty = penaltyOf(costChange, line.cause, wrongSizePenalty);
  const moved = await moveMerchant(
    trx,
    order,
    pricing,
    { from: charged, to: newCost, penalty },
    line.reference,
    actorId,
  );
  events.push({ orderId: order.id, status: order.status, event: 'billed', actorId, detail: formatCents(newCost) });
  return { costChange, voided: false, ...moved };
}

/**
 * The orders' carrier charges a chunk moved, in one statement: each order's charge as its lines left it,
 * only where the charge is still what was read before the chunk (`moved`: order id → that charge) and the
 * label still paid; false when any was moved by someone else meanwhile (the chunk is rolled back).
 */
async function moveBilledCosts(trx: Db, orders: Map<number, BilledOrder>, moved: Map<number, number | null>) {
  if (moved.size === 0) return true;
  const rows = [...moved.keys()].map((id) => orders.get(id) as BilledOrder);
  const wasNull = [...moved].filter(([, cost]) => cost === null).map(([id]) => id);
  const wasSet = [...moved].filter(([, cost]) => cost !== null);
  const now = Date.now();
  const result = await trx
    .updateTable('orders')
    .set({
      ...valuesByKey(
        'id',
        rows,
        (o) => o.id,
        (o) => ({
          billed_cost: Number(o.billed_cost),
          billed_oz: o.billed_oz === null ? null : Number(o.billed_oz),
          billed_at: Number(o.billed_at),
        }),
      ),
      updated_at: now,
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', 'in', [...moved.keys()])
    .where('status', 'in', PAID)
    .where((eb) =>
      eb.or([
        ...(wasNull.length > 0 ? [eb.and([eb('id', 'in', wasNull), eb('billed_cost', 'is', null)])] : []),
        ...(wasSet.length > 0
          ? [
              eb(
                'billed_cost',
                '=',
                valuesByKey(
                  'id',
                  wasSet,
                  ([id]) => id,
                  ([, cost]) => ({ cost: cost as number }),
                ).cost,
              ),
            ]
          : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === moved.size;
}

/**
 * Posts a chunk of lines in one transaction: claims them all (each line's `posted_key`, unique over every
 * bill), posts each, marks the orders a matching line settles, and records what each did. A line claimed
 * or an order moved by someone else meanwhile rolls the chunk back (ChunkConflict or the unique index).
 */
async function postChunk(
  db: Db,
  pricingOf: PricingOf,
  wrongSizePenalty: number,
  lines: LineToPost[],
  actorId: number,
): Promise<void> {
  const orders = new Map(
    (await ordersByIds(db, [...new Set(lines.map((line) => line.orderId))])).map((o) => [o.id, o]),
  );
  const pricings = new Map<number, Pricing>();
  for (const order of orders.values()) pricings.set(order.id, await pricingOf(order));
  await db.transaction().execute(async (trx) => {
    // Read in the transaction, before its own lines are claimed (a claimed line is not posted yet).
    const adjusted = lines.some((line) => line.amountKind === 'total')
      ? (await invoiceHistory(trx, [...orders.keys()])).adjusted
      : new Map<number, number>();
    const now = Date.now();
    const claimed = await trx
      .updateTable('carrier_bill_lines')
      .set((eb) => ({ posted_key: eb.ref('line_key'), posted_at: now }))
      .where(
        'id',
        'in',
        lines.map((line) => line.id),
      )
      .where('posted_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== lines.length) throw new ChunkConflict();
    const events: OrderEvent[] = [];
    const results: [number, LinePosted][] = [];
    const moved = new Map<number, number | null>();
    for (const line of lines) {
      const order = orders.get(line.orderId);
      const pricing = pricings.get(line.orderId);
      const done = adjusted.get(line.orderId) ?? 0;
      const posted = await postLine(trx, order, pricing, wrongSizePenalty, line, actorId, events, moved, done);
      if (line.adjusts && !posted.voided) adjusted.set(line.orderId, done + posted.costChange);
      results.push([line.id, posted]);
      if (order && !posted.voided)
        await billAdjusted(trx, order, {
          source: `line:${line.id}`,
          change: posted.merchantChange,
          penalty: posted.penalty,
          billLineId: line.id,
        });
    }
    if (!(await moveBilledCosts(trx, orders, moved))) throw new ChunkConflict();
    // A label a matching line settles is billed at what it cost (its earnest went above).
    await settleBilledCosts(
      trx,
      [...orders.values()].filter((o) => o.billed_at === null && PAID.includes(o.status)).map((o) => o.id),
    );
    await addEvents(trx, events);
    const voided = results.filter(([, posted]) => posted.voided).map(([id]) => id);
    if (voided.length > 0)
      await trx.updateTable('carrier_bill_lines').set({ kind: 'voided' }).where('id', 'in', voided).execute();
    await trx
      .updateTable('carrier_bill_lines')
      .set(
        valuesByKey(
          'id',
          results,
          ([id]) => id,
          ([, posted]) => ({
            cost_change: posted.costChange,
            merchant_change: posted.merchantChange,
            penalty: posted.penalty,
            taken: posted.taken,
            owed: posted.owed,
          }),
        ),
      )
      .where(
        'id',
        'in',
        results.map(([id]) => id),
      )
      .execute();
  });
}

/**
 * Posts lines chunk by chunk; a chunk that meets a conflict is posted again line by line, each line's own
 * transaction: a line posted meanwhile by another bill becomes a duplicate here, one posted by another
 * poster of this bill is skipped, one whose order moved is read again.
 */
export async function postLines(
  db: Db,
  pricingOf: PricingOf,
  wrongSizePenalty: number,
  lines: LineToPost[],
  actorId: number,
): Promise<void> {
  try {
    await postChunk(db, pricingOf, wrongSizePenalty, lines, actorId);
  } catch (error) {
    if (!(error instanceof ChunkConflict || isUniqueViolation(error))) throw error;
    for (const line of lines) await postAlone(db, pricingOf, wrongSizePenalty, line, actorId);
  }
}

async function postAlone(db: Db, pricingOf: PricingOf, wrongSizePenalty: number, line: LineToPost, actorId: number) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const open = await db
      .selectFrom('carrier_bill_lines')
      .select('posted_at')
      .where('id', '=', line.id)
      .executeTakeFirst();
    if (open?.posted_at !== null) return; // posted by someone else meanwhile
    try {
      await postChunk(db, pricingOf, wrongSizePenalty, [line], actorId);
      return;
    } catch (error) {
      if (error instanceof ChunkConflict) continue;
      if (!isUniqueViolation(error)) throw error;
      await markDuplicate(db, line);
      return;
    }
  }
  throw new AppError(409, 'billLineBusy');
}

/** The same line was posted from another bill meanwhile: a duplicate here, naming it, charging nothing. */
export async function markDuplicate(db: Db, line: Pick<LineToPost, 'id' | 'lineKey'>): Promise<void> {
  const other = await db
    .selectFrom('carrier_bill_lines')
    .select(['bill_id', 'row_no'])
    .where('posted_key', '=', line.lineKey)
    .executeTakeFirst();
  await db
    .updateTable('carrier_bill_lines')
    .set({ kind: 'duplicate', duplicate_of: other ? `${other.bill_id}:${other.row_no}` : '' })
    .where('id', '=', line.id)
    .execute();
}
