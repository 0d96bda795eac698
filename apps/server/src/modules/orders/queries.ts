import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { withinScope } from './repo.ts';

/** The recipient address of each of the orders within the scope (a user's own, of the call's mode), for the batch address check. */
export function recipientsOf(db: Db, scope: Scope, ids: number[]) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_no', 'to_address'])
    .where('id', 'in', ids)
    .$call((qb) => withinScope(qb, scope))
    .execute();
}

/** Marks each order with the outcome of its address check (1 valid, 2 corrections suggested, 3 invalid). */
export async function markAddressChecks(db: Db, checks: { id: number; status: number; note: string }[]) {
  await db.transaction().execute(async (trx) => {
    for (const check of checks) {
      await trx
        .updateTable('orders')
        .set((eb) => ({ address_status: check.status, address_note: check.note, version: eb('version', '+', 1) }))
        .where('id', '=', check.id)
        .execute();
    }
  });
}

/** The account's order with this order number or tracking number (a work order's waybill). */
export function ownOrderByNumber(db: Db, userId: number, number: string) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('order_no', '=', number), eb('tracking_no', '=', number)]))
    .executeTakeFirst();
}
