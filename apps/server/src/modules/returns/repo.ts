/** The `returns` rows (migration 0075): what only a return order has. */
import { EDITABLE_STATUSES } from '@parcelport/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ReturnsTable } from '../../db/schema.ts';

export type ReturnRow = Selectable<ReturnsTable>;

export async function insertReturn(
  db: Db,
  row: Pick<ReturnRow, 'order_id' | 'user_id' | 'outbound_id' | 'link_hash' | 'link_sealed'>,
): Promise<void> {
  await db
    .insertInto('returns')
    .values({ ...row, created_at: Date.now() })
    .execute();
}

export function returnOf(db: Db, orderId: number) {
  return db.selectFrom('returns').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function returnByLinkHash(db: Db, hash: string) {
  return db.selectFrom('returns').selectAll().where('link_hash', '=', hash).executeTakeFirst();
}

/** An outbound order's returns, oldest first, with their orders' number and state. */
export function returnsOfOutbound(db: Db, outboundId: number) {
  return db
    .selectFrom('returns')
    .innerJoin('orders', 'orders.id', 'returns.order_id')
    .selectAll('returns')
    .select(['orders.order_no', 'orders.status', 'orders.rate', 'orders.insurance_fee', 'orders.tracking_no'])
    .where('returns.outbound_id', '=', outboundId)
    .orderBy('returns.order_id')
    .execute();
}

/**
 * How the return is paid. Before the purchase (`beforePurchase`), only while its order can still be bought
 * (a draft, or failed): a call that loses the race to buy it, or a second call on a bought return, changes
 * nothing. After a purchase, what that purchase did, whatever a losing call wrote meanwhile.
 */
export async function setPayment(
  db: Db,
  orderId: number,
  payment: { payOnUse: boolean; validUntil: number | null },
  beforePurchase: boolean,
): Promise<void> {
  await db
    .updateTable('returns')
    .set({ pay_on_use: payment.payOnUse ? 1 : 0, valid_until: payment.validUntil })
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .$if(beforePurchase, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('orders')
            .select('orders.id')
            .where('orders.id', '=', orderId)
            .where('orders.status', 'in', [...EDITABLE_STATUSES]),
        ),
      ),
    )
    .execute();
}

/**
 * The proxy's commission a pay-on-use return's quote held, kept unpaid until the first scan (none: null, 0).
 * Written before the purchase is placed, while the return can still be bought, so a bought return has its own.
 */
export async function setDeferredCommission(
  db: Db,
  orderId: number,
  proxy: { id: number; commissionCents: number } | null,
): Promise<void> {
  await db
    .updateTable('returns')
    .set({ proxy_id: proxy?.id ?? null, commission: proxy?.commissionCents ?? 0 })
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Marks the return as first scanned, once: the conditional update is what makes the charge happen exactly
 * once, whichever of concurrent scan events gets here first (the others find `used_at` set, or wait for
 * the row and then do). Answers the row when this call marked it.
 */
export function markUsed(db: Db, orderId: number, now: number) {
  return db
    .updateTable('returns')
    .set({ used_at: now })
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .where('lapsed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Pay-on-use returns never scanned whose validity ran out by `now`, oldest first. */
export function lapsedReturns(db: Db, now: number, limit: number) {
  return db
    .selectFrom('returns')
    .select('order_id')
    .where('used_at', 'is', null)
    .where('lapsed_at', 'is', null)
    .where('pay_on_use', '=', 1)
    .where('valid_until', '<', now)
    .orderBy('valid_until')
    .limit(limit)
    .execute();
}

/** Marks the return lapsed, once (false when it was scanned or lapsed meanwhile). */
export async function markLapsed(db: Db, orderId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('returns')
    .set({ lapsed_at: now })
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .where('lapsed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Names the stored file of the return's QR code, unless it has one (false then, or for an order that is no return). */
export async function setQrFile(db: Db, orderId: number, name: string): Promise<boolean> {
  const kept = await db
    .updateTable('returns')
    .set({ qr_file: name })
    .where('order_id', '=', orderId)
    .where('qr_file', 'is', null)
    .executeTakeFirst();
  return Number(kept.numUpdatedRows) === 1;
}
