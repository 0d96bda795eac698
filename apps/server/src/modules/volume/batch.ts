import type { Locale } from '@parcelport/shared';
import { ORDER_STATUS } from '@parcelport/shared';
import type { RateChoice } from '@parcelport/shared/contracts/rate-choice';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { catalogueVersion } from '../../db/versions.ts';
import { translate } from '../../i18n/messages.ts';
import { ItemDeferred, type ItemHandler } from '../../jobs/worker.ts';
import { memoize } from '../../lib/memo.ts';
import { findOrder, type OrderRow, ordersWithParcels } from '../orders/index.ts';
import {
  buyLabel,
  estimateOrder,
  pickByChoice,
  purchaseWrites,
  type QuoteLine,
  recoverLapsedPurchase,
  refuseHeld,
  storedChoice,
} from '../purchase/index.ts';

export type Strategy = 'cheapest' | 'fastest';

/** The caller a job acts as: the order's owner, with whoever started the job recorded as actor. */
function ownerAuth(userId: number, actorId: number | null): Auth {
  return { userId, actorId, username: '', kind: 'customer', codes: [], roles: [], sessionId: 0 };
}

/** Buys one order's label in a batch: the given service, or the cheapest/fastest one available. */
export const buyLabelItem: ItemHandler = async (ctx: AppContext, job, orderId) => {
  const payload = job.payload as {
    serviceId?: number;
    strategy?: Strategy;
    choice?: RateChoice;
    actorId?: number;
    anyUser?: boolean;
    locale?: Locale;
  };
  const chunk = await memoize(job.memo, 'orders', () => ordersWithParcels(ctx.db, job.chunk));
  const read = chunk.get(orderId);
  const order = read && (payload.anyUser || read.order.user_id === job.userId) ? read.order : undefined;
  if (!order) throw notFound('orderNotFound');
  const locale = payload.locale ?? 'zh-CN';
  // Left in 17 by a crashed run: settled as any instance's sweep would (the carrier asked first). While
  // the purchase's claim is still held, the item waits for it rather than fail on an order being bought.
  const interrupted = order.status === ORDER_STATUS.placing;
  const current = interrupted ? await settleInterrupted(ctx, order.id, locale) : order;
  // Resuming after a crash: what the last run finished is kept, what it left half-done was undone above.
  if (current.status === ORDER_STATUS.pendingTransport && current.tracking_no) {
    return JSON.stringify({ trackingNo: current.tracking_no, rate: current.rate, resumed: true });
  }
  const auth = ownerAuth(order.user_id, payload.actorId ?? null);
  // The order as it now is stands for the purchase (as read above, or as settling an interrupted one left it).
  const prepared = {
    order: current,
    parcels: read?.parcels ?? [],
    memo: job.memo,
    // The chunk's purchases share their commits.
    writes: await memoize(job.memo, 'purchaseWrites', async () => purchaseWrites(ctx.db, ctx.config.jobLockMs, true)),
  };
  // Refused before any rating: a held order is not bought whatever the batch chose for it.
  refuseHeld(current);
  // The batch's service, else (unless the batch chose another way) the service a rule set on the order.
  let serviceId = payload.serviceId ?? (payload.choice ? undefined : (current.preferred_service_id ?? undefined));
  let line: QuoteLine | undefined;
  let reason: string | undefined;
  if (!serviceId) {
    const quoted = await estimateOrder(ctx, auth, order.id, locale, prepared);
    // The batch's choice, else the order's own (a rule's), else the batch's strategy.
    const choice = payload.choice ??
      storedChoice((order as { rate_choice?: string | null }).rate_choice) ?? { kind: payload.strategy ?? 'cheapest' };
    const pick = pickByChoice(quoted, choice, locale);
    // Nothing to buy now, but a channel that is paused may carry it once it is back: the item waits for it.
    const paused = quoted.find((line) => line.pausedUntil !== undefined);
    if (!pick.line && paused) throw new ItemDeferred(paused.pausedUntil as number, paused.reason ?? '');
    if (!pick.line) throw new AppError(422, 'choiceUnmet', null, { reason: pick.reason });
    line = pick.line;
    reason = pick.reason;
    serviceId = line.serviceId;
  }
  try {
    const bought = await buyLabel(ctx, auth, order.id, serviceId, locale, { ...prepared, line });
    return JSON.stringify(reason ? { ...bought, choiceReason: reason } : bought);
  } catch (error) {
    // A paused channel holds its items back until the pause is over, instead of failing them.
    if (error instanceof AppError && error.key === 'channelPaused') {
      const until = Date.parse((error.data as { pausedUntil: string }).pausedUntil);
      throw new ItemDeferred(until, translate(error.key, locale, error.params));
    }
    // The carrier stopped answering mid-purchase: the label may well be bought. The item waits for the
    // purchase's claim to lapse and then settles it as above (bought: done; not bought: refunded and bought
    // again), instead of failing an order the merchant would have to look into and buy by hand.
    if (error instanceof AppError && error.key === 'purchaseUnconfirmed') {
      await settleInterrupted(ctx, order.id, locale);
      // Settled at once (its claim had already lapsed): the item runs again and takes the order as it now is.
      throw new ItemDeferred(Date.now(), translate('purchaseSettling', locale));
    }
    throw error;
  }
};

/** The order once an interrupted purchase of it is settled; throws ItemDeferred while its claim is held. */
async function settleInterrupted(ctx: AppContext, orderId: number, locale: Locale): Promise<OrderRow> {
  await recoverLapsedPurchase(ctx, orderId);
  const settled = await findOrder(ctx.db, orderId);
  if (!settled) throw notFound('orderNotFound');
  if (settled.status === ORDER_STATUS.placing) {
    throw new ItemDeferred((settled.placing_until ?? Date.now()) + 100, translate('purchaseSettling', locale));
  }
  return settled;
}

/** Rates one order in a batch: every available service's total, cheapest and fastest marked. */
export const estimateItem: ItemHandler = async (ctx, job, orderId) => {
  const payload = job.payload as { locale?: Locale };
  // The chunk's orders and parcels are read together once, as a label batch reads them.
  const read = (await memoize(job.memo, 'orders', () => ordersWithParcels(ctx.db, job.chunk))).get(orderId);
  if (!read || read.order.user_id !== job.userId) throw notFound('orderNotFound');
  // The quote's reads are kept per catalogue version, shared with every other chunk and quote.
  const version = await memoize(job.memo, 'catalogueVersion', () => catalogueVersion(ctx.db, ctx.dialect));
  const locale = payload.locale ?? 'zh-CN';
  const lines = await estimateOrder(ctx, ownerAuth(job.userId, null), orderId, locale, {
    order: read.order,
    parcels: read.parcels,
    memo: ctx.quoteMemo.for(version),
  });
  // An order a rule gave a service, or a service choice, is bought by it in a cheapest/fastest batch
  // (buyLabelItem): the line it picks is marked, so the batch's price before buying is what will be charged.
  const own = storedChoice(read.order.rate_choice);
  const preferred = read.order.preferred_service_id;
  const byRule = preferred
    ? lines.find((line) => line.serviceId === preferred && line.available)
    : own
      ? pickByChoice(lines, own, locale).line
      : undefined;
  return JSON.stringify(
    lines.map((line) => ({
      ...(own || preferred ? { byRule: line === byRule } : {}),
      serviceId: line.serviceId,
      serviceName: line.serviceName,
      available: line.available,
      reason: line.reason,
      totalCents: line.totalCents,
      deliveryDays: line.deliveryDays,
      expectedDelivery: line.deliveryDate,
      cheapest: line.cheapest,
      fastest: line.fastest,
    })),
  );
};

export const ORDER_JOB_HANDLERS = { labels: buyLabelItem, estimate: estimateItem };
