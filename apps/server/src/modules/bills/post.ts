import { formatCents, LABEL_PAID_STATUSES, ORDER_STATUS } from '@parcelport/shared';
import type { BillCause } from '@parcelport/shared/contracts/bills/index';
import { AppError } from '../../core/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import {
  addEvents,
  type BilledOrder,
  moveBilledCosts,
  type OrderEvent,
  ordersByIds,
  settleBilledCosts,
} from '../orders/index.ts';
import { releaseEarnestOf } from '../settlement/index.ts';
import { billAdjusted } from '../webhooks/index.ts';
import { invoiceHistory } from './match.ts';
import { type MerchantMoved, moveMerchant, type Pricing, type PricingOf, penaltyOf } from './merchant-charge.ts';
import { claimUnpostedLines, markDuplicate, markLinesVoided, postedAtOf, setPostedMoney } from './post-writes-repo.ts';

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
interface LinePosted extends MerchantMoved {
  costChange: number;
  voided: boolean;
}

/** The order's charge moved under a line, or a line was posted by someone else: the chunk is rolled back. */
class ChunkConflict extends Error {}

const PAID = LABEL_PAID_STATUSES as readonly number[];

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
    const claimed = await claimUnpostedLines(
      trx,
      lines.map((line) => line.id),
      now,
    );
    if (claimed !== lines.length) throw new ChunkConflict();
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
    if (voided.length > 0) await markLinesVoided(trx, voided);
    await setPostedMoney(trx, results);
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
    const open = await postedAtOf(db, line.id);
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
