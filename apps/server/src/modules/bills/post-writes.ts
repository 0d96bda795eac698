import { LABEL_PAID_STATUSES } from '@parcelport/shared';
import { valuesByKey } from '../../db/bulk.ts';
import type { Db } from '../../db/index.ts';
import type { BilledOrder } from '../orders/index.ts';

const PAID = LABEL_PAID_STATUSES as readonly number[];

/**
 * The orders' carrier charges a chunk moved, in one statement: each order's charge as its lines left it,
 * only where the charge is still what was read before the chunk (`moved`: order id → that charge) and the
 * label still paid; false when any was moved by someone else meanwhile (the chunk is rolled back).
 */
export async function moveBilledCosts(trx: Db, orders: Map<number, BilledOrder>, moved: Map<number, number | null>) {
  if (moved.size === 0) return true;
  const rows = [...moved.keys()].map((id) => orders.get(id) as BilledOrder);
  const wasNull = [...moved].filter(([, cost]) => cost === null).map(([id]) => id);
  const wasSet = [...moved].filter(([, cost]) => cost !== null);
  const now = Date.now();
  const result = await trx
    .updateTable('orders')
    .set({
      ...valuesByKey(
        'id',
        rows,
        (o) => o.id,
        (o) => ({
          billed_cost: Number(o.billed_cost),
          billed_oz: o.billed_oz === null ? null : Number(o.billed_oz),
          billed_at: Number(o.billed_at),
        }),
      ),
      updated_at: now,
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', 'in', [...moved.keys()])
    .where('status', 'in', PAID)
    .where((eb) =>
      eb.or([
        ...(wasNull.length > 0 ? [eb.and([eb('id', 'in', wasNull), eb('billed_cost', 'is', null)])] : []),
        ...(wasSet.length > 0
          ? [
              eb(
                'billed_cost',
                '=',
                valuesByKey(
                  'id',
                  wasSet,
                  ([id]) => id,
                  ([, cost]) => ({ cost: cost as number }),
                ).cost,
              ),
            ]
          : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === moved.size;
}

/** The same line was posted from another bill meanwhile: a duplicate here, naming it, charging nothing. */
export async function markDuplicate(db: Db, line: { id: number; lineKey: string }): Promise<void> {
  const other = await db
    .selectFrom('carrier_bill_lines')
    .select(['bill_id', 'row_no'])
    .where('posted_key', '=', line.lineKey)
    .executeTakeFirst();
  await db
    .updateTable('carrier_bill_lines')
    .set({ kind: 'duplicate', duplicate_of: other ? `${other.bill_id}:${other.row_no}` : '' })
    .where('id', '=', line.id)
    .execute();
}
