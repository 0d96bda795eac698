/** Purchases whose instance stopped: each lapsed claim taken over and settled by the one place that decides it. */
import { ORDER_STATUS } from '@parcelport/shared';
import type { PurchaseResult } from '../../carriers/contract/labels.ts';
import type { AppContext } from '../../context.ts';
import { adapterDeps, labelChannelOf } from '../channels/index.ts';
import { notifyHoldersOf } from '../messages/index.ts';
import { findOrder, lapsedPurchases, markUnconfirmed, parcelsOf, takeOverPlacing } from '../orders/index.ts';
import { failPlacing, LAPSED, recordPurchase } from './purchase-outcome.ts';
import { purchaseWrites } from './purchase-writes.ts';

const S = ORDER_STATUS;

/**
 * What becomes of an order whose purchase stopped while the carrier call was in flight (its instance
 * crashed, so its claim lapsed): the one place that decides it. A label bought upstream is never refunded
 * blindly: the instance that takes over the lapsed claim asks the carrier whether the label exists (by
 * what the purchase remembered); found, the order completes and keeps its charge; not found, or a label
 * made here (which never left the platform), it is refunded and fails with 'interrupted'. When the
 * carrier cannot be asked now, the order waits for a later sweep; when it can never be asked (no lookup),
 * the order waits for staff, told once (unconfirmed.ts). Answers whether this call settled it.
 */
export async function recoverLapsedPurchase(ctx: AppContext, orderId: number, now = Date.now()): Promise<boolean> {
  const order = await findOrder(ctx.db, orderId);
  if (order?.status !== S.placing) return false;
  const { channel, adapter } = await labelChannelOf(ctx.db, order);
  if (!channel || !adapter?.findPurchase || !order.upstream_id) return failPlacing(ctx.db, orderId, LAPSED, null, now);
  const claimMs = ctx.config.jobLockMs;
  if (!(await takeOverPlacing(ctx.db, orderId, now, claimMs))) return false;
  let found: PurchaseResult | null | 'unknown';
  try {
    found = await adapter.findPurchase(
      { channel, upstreamId: order.upstream_id, reference: order.order_no },
      adapterDeps(ctx, adapter, channel),
    );
  } catch (error) {
    ctx.log.warn(
      { err: error, orderNo: order.order_no },
      'an interrupted purchase waits: its carrier could not be asked',
    );
    return false;
  }
  if (found === 'unknown') {
    // Staff who manage channels look the order number up in the carrier account and settle it.
    if (await markUnconfirmed(ctx.db, orderId, Date.now())) {
      const params = { orderNo: order.order_no, channel: channel.name };
      await notifyHoldersOf(ctx.db, 'adminChannel', {
        title: 'msgPurchaseUnconfirmedTitle',
        content: 'msgPurchaseUnconfirmedBody',
        params,
      });
    }
    return false;
  }
  if (!found) return failPlacing(ctx.db, orderId, LAPSED, null);
  return recordPurchase(ctx, purchaseWrites(ctx.db, claimMs), orderId, await parcelsOf(ctx.db, orderId), found, null);
}

/**
 * The sweep every instance runs (see jobs/sweeper.ts): orders in 17 whose purchase's claim lapsed are
 * recovered, each by one instance. A purchase at work, alone or in a batch job, renews its claim, so only
 * one whose instance stopped is taken. Answers how many this call settled.
 */
export async function sweepLapsedPurchases(ctx: AppContext): Promise<number> {
  const now = Date.now();
  const lapsed = await lapsedPurchases(ctx.db, now, 500);
  let recovered = 0;
  for (const { id } of lapsed) if (await recoverLapsedPurchase(ctx, id, now)) recovered++;
  return recovered;
}
