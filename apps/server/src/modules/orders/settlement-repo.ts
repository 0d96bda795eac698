/** The marks the settlement (modules/settlement) makes on orders: their refund and their earnest's release, each claimed once. */
import type { Db } from '../../db/index.ts';

/** Claims the refund of an order's charge: true for the one caller that notes it refunded. */
export async function claimRefund(db: Db, orderId: number): Promise<boolean> {
  const claimed = await db
    .updateTable('orders')
    .set({ refunded_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Claims the release of an order's earnest: true for the one caller that notes it released. */
export async function claimEarnestRelease(db: Db, orderId: number): Promise<boolean> {
  const released = await db
    .updateTable('orders')
    .set({ earnest_released_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('earnest_released_at', 'is', null)
    .executeTakeFirst();
  return Number(released.numUpdatedRows) === 1;
}
