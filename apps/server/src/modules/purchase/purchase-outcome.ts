/** How a purchase ends: the carrier's answer recorded, an unpaid label voided, or the order failed and refunded. */
import { ORDER_STATUS } from '@parcelport/shared';
import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import type { ChannelConfig } from '../../carriers/contract/channel.ts';
import type { PurchasedParcel, PurchaseResult } from '../../carriers/contract/labels.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { addEvent, failFromPlacing } from '../orders/index.ts';
import { refundOrder } from '../settlement/index.ts';
import type { ParcelRows } from './purchase-checks.ts';
import type { PurchaseWrites } from './purchase-writes.ts';
import { voidUpstream } from './unpaid-labels.ts';

const S = ORDER_STATUS;

/**
 * Writes what the carrier answered: its label documents kept, the tracking numbers on the parcels, the
 * order to 1. False (the documents let go) when the order was no longer in 17.
 */
export async function recordPurchase(
  ctx: AppContext,
  writes: PurchaseWrites,
  orderId: number,
  parcels: ParcelRows,
  purchased: PurchaseResult,
  actorId: number | null,
): Promise<boolean> {
  const documents = await storeDocuments(ctx, purchased.parcels);
  const completed = await writes.complete({
    orderId,
    trackingNo: purchased.trackingNumber,
    upstreamId: purchased.upstreamId ?? null,
    parcels: parcels.map((parcel, index) => {
      const bought = purchased.parcels[index];
      return {
        id: parcel.id,
        trackingNo: bought?.trackingNumber ?? null,
        barcode: bought?.barcode ? JSON.stringify(bought.barcode) : null,
        labelFile: documents[index]?.name ?? null,
        labelFormat: documents[index]?.format ?? null,
      };
    }),
    actorId,
  });
  if (!completed) await Promise.all(documents.map((document) => document && ctx.storage.remove(document.name)));
  else if (purchased.qrCode) {
    const label = { orderId, bytes: purchased.qrCode.bytes };
    for (const listener of ctx.hooks.purchase) await listener.qrCode?.(ctx, label);
  }
  return completed;
}

/** Voids upstream a label bought for an order that was refunded meanwhile (unpaid-labels.ts). */
export async function voidUnpaid(
  ctx: AppContext,
  adapter: CarrierAdapter,
  channel: ChannelConfig,
  orderNo: string,
  purchased: PurchaseResult,
): Promise<void> {
  const trackingNumbers = purchased.parcels.map((parcel) => parcel.trackingNumber);
  await voidUpstream(ctx, adapter, channel, {
    trackingNumbers,
    upstreamId: purchased.upstreamId ?? null,
    reference: orderNo,
  });
}

/** Keeps each parcel's label as the carrier issued it in the file storage; undefined where none came. */
async function storeDocuments(ctx: AppContext, parcels: readonly PurchasedParcel[]) {
  return Promise.all(
    parcels.map(async ({ document }) =>
      document ? { name: await ctx.storage.put(document.bytes, document.format), format: document.format } : undefined,
    ),
  );
}

/**
 * Moves an order from 17 to failed (5) with the reason, refunding its charge and releasing its earnest in
 * the same transaction; with `lapsedAt`, only if its purchase's claim had lapsed by then. The move is the
 * conditional update, and the refund is worked out from the row it moved, so of instances racing for one
 * order exactly one refunds it.
 */
export async function failPlacing(
  db: Db,
  orderId: number,
  reason: string,
  actorId: number | null,
  lapsedAt?: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await failFromPlacing(trx, orderId, reason.slice(0, 500), lapsedAt);
    if (!order) return false;
    await refundOrder(trx, order, actorId);
    await addEvent(trx, orderId, S.failed, 'failed', actorId, reason.slice(0, 500));
    return true;
  });
}

/** The reason an order fails with when its purchase stopped without an answer from the carrier. */
export const LAPSED = 'interrupted';
