/**
 * Unused labels (issue 28, docs/api.md "Unused labels"): a bought label never scanned N days after it was
 * made (the channel's `unusedVoidDays`, else the carrier's default: USPS 28, others 30) is voided and refunded
 * by the sweep every instance runs, through the same void as a staff-approved cancellation
 * (settlement/staff-decisions.ts `voidLabel`), unless its merchant switched that off. The merchant is told
 * UNUSED_LABEL_WARN_DAYS before (the void waits until that long after the warning, however late it went
 * out) and after. Each warning and each void is noted once per order (a conditional write), so instances
 * sweeping together warn, void and refund once.
 */
import { DAY_MS, formatCents, ORDER_STATUS, UNUSED_LABEL_WARN_DAYS, unusedLabelDays } from '@parcelport/shared';
import { unusedVoidDaysOf } from '../../carriers/upstream/refunds.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { notifyUser } from '../messages/index.ts';
import { findOrder } from '../orders/index.ts';
import { sendVoidToCarrier, voidLabel } from '../settlement/index.ts';
import { channelSettings, dueVoid, dueWarning, madeBefore, noteVoid, noteWarning } from './repo.ts';

/** Labels handled per sweep and phase; the rest wait for the next sweep. */
const BATCH = 200;

/** Each channel's own number of days, by channel id (channels are few). */
async function channelDays(db: Db): Promise<Map<number, number>> {
  const channels = await channelSettings(db);
  const days = new Map<number, number>();
  for (const channel of channels) {
    const own = unusedVoidDaysOf(JSON.parse(channel.settings));
    if (own !== undefined) days.set(Number(channel.id), own);
  }
  return days;
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * One round of the sweep at `now`: warns the merchants of labels due within UNUSED_LABEL_WARN_DAYS, and voids
 * and refunds those due whose merchant was warned at least that long ago. Answers how many it handled.
 */
export async function sweepUnusedLabels(ctx: AppContext, now = Date.now()): Promise<number> {
  const days = await channelDays(ctx.db);
  let handled = 0;
  for (const order of await dueWarning(ctx.db, madeBefore(days, now, UNUSED_LABEL_WARN_DAYS), BATCH)) {
    const warned = await ctx.db.transaction().execute(async (trx) => {
      if (!(await noteWarning(trx, order, now))) return false;
      await notifyUser(trx, order.user_id, {
        type: 'notice',
        title: 'msgUnusedLabelWarnTitle',
        content: 'msgUnusedLabelWarnBody',
        params: {
          orderNo: order.order_no,
          createdAt: dateOf(Number(order.label_created_at)),
          voidOn: dateOf(now + UNUSED_LABEL_WARN_DAYS * DAY_MS),
        },
      });
      return true;
    });
    if (warned) handled += 1;
  }
  const warnedBefore = now - UNUSED_LABEL_WARN_DAYS * DAY_MS;
  for (const { id } of await dueVoid(ctx.db, madeBefore(days, now, 0), warnedBefore, BATCH)) {
    if (await voidUnused(ctx, id, now, days)) handled += 1;
  }
  return handled;
}

/** Voids one unused label and tells its merchant; false when another instance did, or it was scanned meanwhile. */
async function voidUnused(ctx: AppContext, orderId: number, now: number, days: Map<number, number>) {
  const order = await findOrder(ctx.db, orderId);
  if (!order || order.status !== ORDER_STATUS.pendingTransport) return false;
  const lapse = unusedLabelDays(order.carrier_code, order.channel_id === null ? undefined : days.get(order.channel_id));
  const voided = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (!(await noteVoid(trx, order.id, now))) return false;
      const refunded = await voidLabel(trx, order, [ORDER_STATUS.pendingTransport], null, 'unused');
      // Scanned (or cancelled) since it was read: nothing is voided, and the note goes with the rollback.
      if (refunded === false) throw new NotUnused();
      const owed = (order.rate ?? 0) + order.insurance_fee;
      await notifyUser(trx, order.user_id, {
        type: 'notice',
        title: 'msgUnusedLabelVoidedTitle',
        content: refunded === null ? 'msgUnusedLabelVoidPendingBody' : 'msgUnusedLabelVoidedBody',
        params: { orderNo: order.order_no, days: lapse, amount: formatCents(refunded ?? owed) },
      });
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof NotUnused) return false;
      throw error;
    });
  if (voided) await sendVoidToCarrier(ctx, order);
  return voided;
}

class NotUnused extends Error {}
