/**
 * The parcels and channels behind returns, as returns reads them (a return order's own writes:
 * orders/return-orders-repo.ts), its carrier known from its channel.
 */
import type { Db } from '../../db/index.ts';

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
