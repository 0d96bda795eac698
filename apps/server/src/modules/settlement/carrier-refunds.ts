/**
 * Refunds that follow the carrier (docs/carriers.md): a label bought upstream is voided at the carrier
 * when the merchant cancels it, the carrier's answer is kept on the order, and the merchant's refund is
 * written when the carrier refunds, or at staff approval when the channel refunds first. A label made here
 * (the built-in engine) has nothing to wait for.
 */
import { type CarrierRefund, formatCents, ORDER_STATUS } from '@parcelport/shared';
import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import type { ChannelConfig } from '../../carriers/contract/channel.ts';
import type { VoidOutcome, VoidRequest } from '../../carriers/contract/labels.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { adapterDeps, labelChannelOf } from '../channels/index.ts';
import { notifyUser } from '../messages/index.ts';
import {
  addEvent,
  carrierRefundsToFollow,
  findOrder,
  type OrderEventName,
  type OrderRow,
  recordCarrierRefund,
} from '../orders/index.ts';
import { refundOrder } from './settlement.ts';

const S = ORDER_STATUS;

/** How long the carrier is left before it is asked again about a refund it has not settled. */
export const FOLLOW_EVERY_MS = 10 * 60_000;

/** The order's channel and adapter when its label was bought upstream; null for one made here. */
async function upstreamOf(db: Db, order: OrderRow) {
  if (!order.channel_id || !order.upstream_id) return null;
  const { channel, adapter } = await labelChannelOf(db, order);
  return channel && adapter?.upstream ? { channel, adapter } : null;
}

const voidRequestOf = (channel: ChannelConfig, order: OrderRow): VoidRequest => ({
  channel,
  trackingNumbers: order.tracking_no ? [order.tracking_no] : [],
  upstreamId: order.upstream_id,
  reference: order.order_no,
});

/** What the carrier answered, as the order keeps it; a call that failed is asked again later. */
async function askCarrier(call: () => Promise<VoidOutcome>): Promise<{ status: CarrierRefund; note: string }> {
  try {
    const outcome = await call();
    return { status: outcome.status, note: outcome.message ?? '' };
  } catch (error) {
    return { status: 'unasked', note: error instanceof Error ? error.message : String(error) };
  }
}

const EVENT_OF: Record<Exclude<CarrierRefund, ''>, OrderEventName> = {
  unasked: 'carrierVoidUnasked',
  pending: 'carrierVoidPending',
  refunded: 'carrierVoidRefunded',
  rejected: 'carrierVoidRejected',
};

/**
 * Keeps the carrier's answer on the order, and writes the merchant's refund when the carrier has refunded
 * a label staff already voided. Decided on the order as read after the write: staff may approve the void
 * meanwhile, and approval decides the same way after its own write; the refund is claimed on the order,
 * so it is written once.
 */
async function keep(ctx: AppContext, order: OrderRow, answer: { status: CarrierRefund; note: string }) {
  const note = answer.note.slice(0, 500);
  await ctx.db.transaction().execute(async (trx) => {
    if ((await recordCarrierRefund(trx, order.id, answer.status, note)) && answer.status !== '')
      await addEvent(trx, order.id, order.status, EVENT_OF[answer.status], null, note);
    const now = await findOrder(trx, order.id);
    if (now?.status === S.voided && now.carrier_refund === 'refunded') await refundVoided(trx, now, null);
  });
}

/**
 * Voids the order's label at its carrier (sent again while unasked) and keeps the answer; '' for a label
 * made here.
 */
export async function voidAtCarrier(ctx: AppContext, order: OrderRow): Promise<CarrierRefund> {
  const upstream = await upstreamOf(ctx.db, order);
  if (!upstream) return '';
  const { channel, adapter } = upstream;
  const answer = await askCarrier(() =>
    adapter.void(voidRequestOf(channel, order), adapterDeps(ctx, adapter, channel)),
  );
  await keep(ctx, order, answer);
  return answer.status;
}

/**
 * Whether a voided order's merchant is refunded now: a label made here, one the carrier has refunded, or
 * a channel that refunds first (its `refundFirst` setting).
 */
export async function refundDueAtApproval(db: Db, order: OrderRow): Promise<boolean> {
  const upstream = await upstreamOf(db, order);
  if (!upstream) return true;
  return order.carrier_refund === 'refunded' || upstream.channel.settings.refundFirst === true;
}

/** Writes the merchant's refund of a voided order (once) and tells the merchant. */
export async function refundVoided(db: Db, order: OrderRow, actorId: number | null): Promise<number> {
  const refunded = await refundOrder(db, order, actorId);
  if (refunded === 0) return 0;
  await addEvent(db, order.id, order.status, 'refunded', actorId, formatCents(refunded));
  await notifyUser(db, order.user_id, {
    type: 'notice',
    title: 'msgOrderVoidedTitle',
    content: 'msgOrderVoidedBody',
    params: { orderNo: order.order_no, amount: formatCents(refunded) },
  });
  return refunded;
}

async function follow(ctx: AppContext, adapter: CarrierAdapter, channel: ChannelConfig, order: OrderRow) {
  const request = voidRequestOf(channel, order);
  const deps = adapterDeps(ctx, adapter, channel);
  const answer = await askCarrier(() =>
    order.carrier_refund === 'unasked' || !adapter.voidStatus
      ? adapter.void(request, deps)
      : adapter.voidStatus(request, deps),
  );
  await keep(ctx, order, answer);
}

/**
 * The sweep every instance runs: voided or cancelling orders whose carrier has not settled the refund are
 * asked about it again (at most every FOLLOW_EVERY_MS); a void never sent is sent. Answers how many were
 * asked. Two instances asking at once write the same answer, and the refund is claimed on the order.
 */
export async function followCarrierRefunds(ctx: AppContext): Promise<number> {
  const due = await carrierRefundsToFollow(ctx.db, Date.now() - FOLLOW_EVERY_MS, 100);
  for (const { id } of due) {
    const order = await findOrder(ctx.db, id);
    const upstream = order && (await upstreamOf(ctx.db, order));
    if (!order || !upstream) continue;
    await follow(ctx, upstream.adapter, upstream.channel, order);
  }
  return due.length;
}
