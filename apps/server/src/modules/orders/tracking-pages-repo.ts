import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/index.ts';

/**
 * `tracking_pages`: the public id of each bought order's tracking page (issue 28). 128 random bits, so a
 * page is reached only through the link the merchant hands out, never from a tracking number or by
 * counting.
 */

export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

/** Gives each of the orders a page (one it already has is kept), in the caller's transaction. */
export async function createTrackingPages(db: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const now = Date.now();
  await db
    .insertInto('tracking_pages')
    .values(orderIds.map((orderId) => ({ order_id: orderId, public_id: newPublicId(), created_at: now })))
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

export async function orderIdOfPage(db: Db, publicId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('tracking_pages')
    .select('order_id')
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return row?.order_id;
}

/** The pages of the account's orders among `orderIds`. */
export function ownPages(db: Db, userId: number, orderIds: readonly number[]) {
  return db
    .selectFrom('tracking_pages')
    .innerJoin('orders', 'orders.id', 'tracking_pages.order_id')
    .select(['tracking_pages.order_id as orderId', 'tracking_pages.public_id as publicId'])
    .where('orders.user_id', '=', userId)
    .where('tracking_pages.order_id', 'in', [...orderIds])
    .execute();
}

export async function publicIdOf(db: Db, orderId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('tracking_pages')
    .select('public_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.public_id;
}

/** The tracking state of each of the order's parcels (tracking writes them, modules/tracking/repo.ts). */
export async function parcelStatesOf(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('parcels').select('tracking_status').where('order_id', '=', orderId).execute();
  return rows.map((row) => row.tracking_status);
}
