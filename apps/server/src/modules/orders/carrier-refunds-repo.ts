/** The carrier's answer to voiding an order's label, and the orders whose refund is still to follow. */
import { type CarrierRefund, ORDER_STATUS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';

/**
 * Keeps the carrier's answer to voiding the order's label, and when it was asked; answers whether the
 * answer changed (so the timeline notes each change once).
 */
export async function recordCarrierRefund(
  db: Db,
  orderId: number,
  status: CarrierRefund,
  note: string,
): Promise<boolean> {
  const now = Date.now();
  const changed = await db
    .updateTable('orders')
    .set({ carrier_refund: status, carrier_refund_note: note, carrier_refund_checked_at: now })
    .where('id', '=', orderId)
    .where('carrier_refund', '!=', status)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 1) return true;
  await db
    .updateTable('orders')
    .set({ carrier_refund_note: note, carrier_refund_checked_at: now })
    .where('id', '=', orderId)
    .execute();
  return false;
}

/** Cancelling or voided orders whose carrier has not settled the refund, not asked since `checkedBefore`. */
export function carrierRefundsToFollow(db: Db, checkedBefore: number, limit: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('carrier_refund', 'in', ['unasked', 'pending'])
    .where('status', 'in', [ORDER_STATUS.cancelling, ORDER_STATUS.voided])
    .where((eb) =>
      eb.or([eb('carrier_refund_checked_at', 'is', null), eb('carrier_refund_checked_at', '<', checkedBefore)]),
    )
    .orderBy((eb) => eb.fn.coalesce('carrier_refund_checked_at', eb.lit(0)))
    .limit(limit)
    .execute();
}
