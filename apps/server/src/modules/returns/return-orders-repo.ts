/**
 * The orders, parcels and channels behind returns, as returns reads and writes them: a return is an order of
 * its own kind (made and charged at first scan by returns), its carrier known from its channel.
 */
import type { Db } from '../../db/index.ts';

/** Marks a new draft as a return order, in the caller's transaction. */
export async function markOrderReturn(db: Db, orderId: number): Promise<void> {
  await db.updateTable('orders').set({ kind: 'return' }).where('id', '=', orderId).execute();
}

/**
 * Writes on the return order what it was charged at its first scan, and its proxy's commission (none: no
 * proxy), as a label charged when bought says them; in the scan's transaction.
 */
export async function setChargedQuote(
  db: Db,
  orderId: number,
  charged: { price: number; cost: number; insurance: number; proxyId: number | null; commission: number },
  now: number,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      rate: charged.price,
      cost: charged.cost,
      insurance_fee: charged.insurance,
      proxy_id: charged.proxyId,
      commission: charged.commission,
      updated_at: now,
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', orderId)
    .execute();
}

/** The id and carrier platform of each of these channels. */
export function channelPlatforms(db: Db, channelIds: number[]) {
  return db.selectFrom('channels').select(['id', 'platform_code']).where('id', 'in', channelIds).execute();
}

/** Whether the channel is a demo one (`is_demo`), or undefined for no such channel. */
export function demoFlagOfChannel(db: Db, channelId: number) {
  return db.selectFrom('channels').select('is_demo').where('id', '=', channelId).executeTakeFirst();
}

/** The order's parcels that have a tracking number, with their tracking state. */
export function trackedParcelsOf(db: Db, orderId: number) {
  return db
    .selectFrom('parcels')
    .select(['id', 'tracking_no', 'tracking_status'])
    .where('order_id', '=', orderId)
    .where('tracking_no', 'is not', null)
    .execute();
}
