import type { Scope } from '../../core/scope.ts';
import { valuesByKey } from '../../db/bulk.ts';
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

/** Orders marked by one statement: a CASE of this many branches per column stays small to plan. */
const MARKS_PER_STATEMENT = 500;

/** Marks each order with the outcome of its address check (1 valid, 2 corrections suggested, 3 invalid). */
export async function markAddressChecks(db: Db, checks: { id: number; status: number; note: string }[]) {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < checks.length; start += MARKS_PER_STATEMENT) {
      const chunk = checks.slice(start, start + MARKS_PER_STATEMENT);
      await trx
        .updateTable('orders')
        .set({
          ...valuesByKey(
            'id',
            chunk,
            (check) => check.id,
            (check) => ({ address_status: check.status, address_note: check.note }),
          ),
          version: (eb) => eb('version', '+', 1),
        })
        .where(
          'id',
          'in',
          chunk.map((check) => check.id),
        )
        .execute();
    }
  });
}

/**
 * An order's recipient address as corrected before its label (addresses/correction.ts): the address, its
 * ZIP column, the residential flag when the carrier told it, and the check's mark, while the order is still
 * at `version` and not yet bought; false when it changed meanwhile.
 */
export async function recordAddressCorrection(
  db: Db,
  orderId: number,
  version: number,
  change: { toAddress?: string; toZip?: string; residential?: boolean; status: number; note: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({
      ...(change.toAddress !== undefined ? { to_address: change.toAddress } : {}),
      ...(change.toZip !== undefined ? { to_zip: change.toZip } : {}),
      ...(change.residential !== undefined ? { residential: change.residential ? 1 : 0 } : {}),
      address_status: change.status,
      address_note: change.note,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', orderId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
