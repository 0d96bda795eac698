import type { Locale } from '@parcelport/shared';
import { ORDER_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import { catalogueVersion } from '../../db/versions.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { ItemHandler } from '../../jobs/worker.ts';
import { memoize } from '../../lib/memo.ts';
import { buyLabel, estimateOrder, recoverLapsedPurchase } from './purchase.ts';
import { purchaseWrites } from './purchase-writes.ts';
import type { QuoteLine } from './quote.ts';
import { ordersWithParcels } from './repo.ts';

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
    actorId?: number;
    anyUser?: boolean;
    locale?: Locale;
  };
  const chunk = await memoize(job.memo, 'orders', () => ordersWithParcels(ctx.db, job.chunk));
  const read = chunk.get(orderId);
  const order = read && (payload.anyUser || read.order.user_id === job.userId) ? read.order : undefined;
  if (!order) throw notFound('orderNotFound');
  // Resuming after a crash: what the last run finished is kept, what it left half-done is undone first.
  if (order.status === ORDER_STATUS.pendingTransport && order.tracking_no) {
    return JSON.stringify({ trackingNo: order.tracking_no, rate: order.rate, resumed: true });
  }
  // Left in 17 by the crashed run: recovered as any instance's sweep would (unless its claim is still held).
  const interrupted = order.status === ORDER_STATUS.placing;
  if (interrupted) await recoverLapsedPurchase(ctx, order.id);
  const auth = ownerAuth(order.user_id, payload.actorId ?? null);
  const locale = payload.locale ?? 'zh-CN';
  // The order as read above stands for the purchase, unless undoing an interrupted one just changed it.
  const prepared = {
    order: interrupted ? undefined : order,
    parcels: read?.parcels ?? [],
    memo: job.memo,
    // The chunk's purchases share their commits.
    writes: await memoize(job.memo, 'purchaseWrites', async () => purchaseWrites(ctx.db, ctx.config.jobLockMs, true)),
  };
  let serviceId = payload.serviceId;
  let line: QuoteLine | undefined;
  if (!serviceId) {
    const lines = (await estimateOrder(ctx, auth, order.id, locale, prepared)).filter((line) => line.available);
    line = lines.find((line) => (payload.strategy === 'fastest' ? line.fastest : line.cheapest));
    if (!line) throw new AppError(422, 'serviceUnavailable', null, { reason: lines.length ? '' : 'no service' });
    serviceId = line.serviceId;
  }
  const bought = await buyLabel(ctx, auth, order.id, serviceId, locale, { ...prepared, line });
  return JSON.stringify(bought);
};

/** Rates one order in a batch: every available service's total, cheapest and fastest marked. */
export const estimateItem: ItemHandler = async (ctx, job, orderId) => {
  const payload = job.payload as { locale?: Locale };
  // The chunk's orders and parcels are read together once, as a label batch reads them.
  const read = (await memoize(job.memo, 'orders', () => ordersWithParcels(ctx.db, job.chunk))).get(orderId);
  if (!read || read.order.user_id !== job.userId) throw notFound('orderNotFound');
  // The quote's reads are kept per catalogue version, shared with every other chunk and quote.
  const version = await memoize(job.memo, 'catalogueVersion', () => catalogueVersion(ctx.db, ctx.dialect));
  const lines = await estimateOrder(ctx, ownerAuth(job.userId, null), orderId, payload.locale ?? 'zh-CN', {
    order: read.order,
    parcels: read.parcels,
    memo: ctx.quoteMemo.for(version),
  });
  return JSON.stringify(
    lines.map((line) => ({
      serviceId: line.serviceId,
      serviceName: line.serviceName,
      available: line.available,
      reason: line.reason,
      totalCents: line.totalCents,
      deliveryDays: line.deliveryDays,
      cheapest: line.cheapest,
      fastest: line.fastest,
    })),
  );
};

export const ORDER_JOB_HANDLERS = { labels: buyLabelItem, estimate: estimateItem };
