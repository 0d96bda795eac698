/**
 * Purchases staff settle by hand: cut off at a carrier that cannot be asked afterwards whether it issued
 * a label (its adapter's `findPurchase` answers 'unknown'), the order waits in 17 and staff holding
 * `adminChannel` are told once (purchase-recovery.ts). Staff look the order number up in the carrier account:
 * labels found are fetched from the carrier by their tracking numbers and the order completes with its
 * charge; none found, the labels known bought (a part of the order) go back and the order is refunded.
 */
import { formatCents, type Locale, ORDER_STATUS } from '@parcelport/shared';
import type { UnconfirmedPurchase } from '@parcelport/shared/contracts/orders/unconfirmed-purchases';
import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import type { ChannelConfig } from '../../carriers/contract/channel.ts';
import type { PurchaseResult } from '../../carriers/contract/labels.ts';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { translate } from '../../i18n/messages.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { adapterDeps, labelChannelOf } from '../channels/index.ts';
import {
  type OrderRow,
  parcelsOf,
  releasePlacing,
  scopedOrder,
  stateError,
  takeOverPlacing,
  unconfirmedPurchases,
} from '../orders/index.ts';
import { failPlacing, recordPurchase } from './purchase-outcome.ts';
import { purchaseWrites } from './purchase-writes.ts';
import { voidUpstream } from './unpaid-labels.ts';

type ParcelRows = Awaited<ReturnType<typeof parcelsOf>>;

export async function listUnconfirmed(db: Db, scope: Scope): Promise<UnconfirmedPurchase[]> {
  const rows = await unconfirmedPurchases(db, scope);
  return rows.map((row) => ({
    id: row.id,
    orderNo: row.order_no,
    username: row.username,
    channelName: row.channel_name ?? '',
    serviceName: row.service_name,
    rate: formatCents(row.rate ?? 0),
    parcelCount: Number(row.parcel_count),
    unconfirmedSince: isoTime(row.unconfirmed_since) as string,
    isTest: row.is_test === 1,
  }));
}

export async function settleUnconfirmed(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  orderId: number,
  trackingNumbers: string[],
  locale: Locale,
): Promise<{ status: number; trackingNo: string | null }> {
  const order = await scopedOrder(ctx.db, scope, orderId);
  if (order.status !== ORDER_STATUS.placing || order.unconfirmed_since === null) throw stateError();
  const { channel, adapter } = await labelChannelOf(ctx.db, order);
  if (!channel || !adapter?.findPurchase) throw stateError();
  const settling = adapter as CarrierAdapter & Required<Pick<CarrierAdapter, 'findPurchase'>>;
  const parcels = await parcelsOf(ctx.db, orderId);
  if (trackingNumbers.length > 0 && trackingNumbers.length !== parcels.length)
    throw invalidFields({ trackingNumbers: 'trackingNumbersPerParcel' });
  // One settlement at a time: the claim on the order, as a recovering instance takes it.
  if (!(await takeOverPlacing(ctx.db, orderId, Date.now(), ctx.config.jobLockMs)))
    throw new AppError(409, 'purchaseSettling');

  try {
    return await settleClaimed(ctx, auth, order, channel, settling, parcels, trackingNumbers, locale);
  } finally {
    await releasePlacing(ctx.db, orderId);
  }
}

async function settleClaimed(
  ctx: AppContext,
  auth: Auth,
  order: OrderRow,
  channel: ChannelConfig,
  adapter: CarrierAdapter & Required<Pick<CarrierAdapter, 'findPurchase'>>,
  parcels: ParcelRows,
  trackingNumbers: string[],
  locale: Locale,
): Promise<{ status: number; trackingNo: string | null }> {
  if (trackingNumbers.length === 0) {
    // Nothing more was issued: what the purchase knew it bought goes back, and the merchant is refunded.
    await voidUpstream(ctx, adapter, channel, {
      trackingNumbers: [],
      upstreamId: order.upstream_id,
      reference: order.order_no,
    });
    await failPlacing(ctx.db, order.id, translate('noLabelIssued', locale), auth.userId);
    return { status: ORDER_STATUS.failed, trackingNo: null };
  }
  let found: PurchaseResult | null | 'unknown';
  try {
    found = await adapter.findPurchase(
      { channel, upstreamId: order.upstream_id ?? '', reference: order.order_no, trackingNumbers },
      adapterDeps(ctx, adapter, channel),
    );
  } catch (error) {
    if (error instanceof UpstreamError) throw new AppError(502, 'carrierUnreachable', {}, { message: error.message });
    throw error;
  }
  if (found === null || found === 'unknown') throw invalidFields({ trackingNumbers: 'labelNotAtCarrier' });
  await recordPurchase(ctx, purchaseWrites(ctx.db, ctx.config.jobLockMs), order.id, parcels, found, auth.userId);
  return { status: ORDER_STATUS.pendingTransport, trackingNo: found.trackingNumber };
}
