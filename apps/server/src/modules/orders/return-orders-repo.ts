/**
 * A return order's own writes (modules/returns decides them): a return is an order of its own kind, made and
 * charged at its first scan by returns.
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
