/**
 * Lines billed on a label voided meanwhile (docs/bills.md): the merchant was refunded, so posting charges
 * nothing and the line stays unexplained in the reconciliation until staff decide it. Charged: the
 * merchant pays the label's price again plus the adjustment, as any adjustment is posted (moveMerchant).
 * Written off: a claim against the carrier, with the reason; no merchant moves. Either way the line is
 * claimed (its `posted_key`, unique over every bill), so it is decided once and never charged twice.
 */
import { formatCents, ORDER_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { notifyUser } from '../messages/index.ts';
import { actorOf, addEvent, moveBilledCost, ordersByIds } from '../orders/index.ts';
import { lineById } from './line-views-repo.ts';
import { claimVoidedLine, lineRow, setLineMoney } from './lines-repo.ts';
import { moveMerchant, penaltyOf, pricingCache } from './merchant-charge.ts';
import { markDuplicate } from './post-writes-repo.ts';

const VOIDED = [ORDER_STATUS.voided];

/** The undecided voided line, or a 404 / 409. */
async function undecided(db: Db, lineId: number) {
  const line = await lineRow(db, lineId);
  if (!line) throw notFound();
  if (line.kind !== 'voided' || line.resolution !== '' || line.order_id === null)
    throw new AppError(409, 'billLineNotVoided');
  return line;
}

/**
 * Claims the line for the decision in the transaction: still undecided, and its `posted_key` taken (a line
 * its bill did not post yet is posted by this). False when someone decided it first; a unique violation
 * (the same line posted from another bill meanwhile) is the caller's to catch.
 */
async function claim(
  trx: Db,
  lineId: number,
  lineKey: string,
  resolution: 'charged' | 'writtenOff',
  note: string,
  actorId: number,
): Promise<boolean> {
  return claimVoidedLine(trx, lineId, lineKey, resolution, note, actorId);
}

/** Runs the decision's transaction; the same line posted from another bill meanwhile makes this a duplicate. */
async function decide(db: Db, line: { id: number; line_key: string }, work: (trx: Db) => Promise<void>) {
  try {
    await db.transaction().execute(work);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await markDuplicate(db, { id: line.id, lineKey: line.line_key });
    throw new AppError(409, 'billLineNotVoided');
  }
}

/**
 * Charges the merchant for a line billed on a voided label: the carrier's charge for the label moves to what
 * the line makes it, and the merchant (refunded at the void, so holding nothing for the label) pays the
 * price at that charge through the pricing rule in use now, with the wrong-size penalty, down to the credit
 * limit, the rest owed. Refused while the merchant still waits for the void's refund (still paying).
 */
export async function chargeVoidedLine(ctx: AppContext, auth: Auth, lineId: number) {
  const line = await undecided(ctx.db, lineId);
  const [order] = await ordersByIds(ctx.db, [line.order_id as number]);
  if (!order || order.status !== ORDER_STATUS.voided) throw new AppError(409, 'billLineNotVoided');
  if (order.refunded_at === null) throw new AppError(409, 'billLineMerchantNotRefunded');
  const actor = actorOf(auth);
  // Read before the transaction opens (SQLite has one connection).
  const pricing = await pricingCache(ctx.db)(order);
  const wrongSizePenalty = (await ctx.settings.current()).penalty.wrongSize;
  const charged = Number(order.billed_cost ?? order.cost ?? 0);
  const costChange = Number(line.cost_change);
  const newCost = Math.max(0, charged + costChange);
  const penalty = penaltyOf(costChange, line.cause as Parameters<typeof penaltyOf>[1], wrongSizePenalty);
  // The void took the proxy's whole commission back (settlement/settlement.ts): it is earned again from nothing.
  order.commission = 0;
  await decide(ctx.db, line, async (trx) => {
    if (!(await claim(trx, line.id, line.line_key, 'charged', '', actor))) throw new AppError(409, 'billLineNotVoided');
    if (!(await moveBilledCost(trx, order, newCost, line.billed_oz, VOIDED))) throw new AppError(409, 'billLineBusy');
    const reference = { type: 'carrierBill', id: line.bill_id, no: order.order_no };
    const moved = await moveMerchant(trx, order, pricing, { from: null, to: newCost, penalty }, reference, actor);
    await setLineMoney(trx, line.id, {
      merchant_change: moved.merchantChange,
      penalty: moved.penalty,
      taken: moved.taken,
      owed: moved.owed,
    });
    await addEvent(trx, order.id, order.status, 'billed', actor, formatCents(newCost));
    await notifyUser(trx, order.user_id, {
      type: 'notice',
      aboutMoney: true,
      title: 'msgBillVoidedChargedTitle',
      content: 'msgBillVoidedChargedBody',
      params: {
        orderNo: order.order_no,
        trackingNo: line.tracking_no,
        charged: formatCents(moved.merchantChange + moved.penalty),
        owed: formatCents(moved.owed),
      },
    });
  });
  return lineById(ctx.db, lineId);
}

/** Writes a line billed on a voided label off as a claim against the carrier, with the reason: nothing moves. */
export async function writeOffVoidedLine(db: Db, auth: Auth, lineId: number, reason: string) {
  const line = await undecided(db, lineId);
  await decide(db, line, async (trx) => {
    if (!(await claim(trx, line.id, line.line_key, 'writtenOff', reason, actorOf(auth))))
      throw new AppError(409, 'billLineNotVoided');
  });
  return lineById(db, lineId);
}
