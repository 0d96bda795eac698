/** The posting's writes (post.ts, voided.ts): the lines claimed and what they moved, the orders' billed costs. */
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

/**
 * Claims the lines to post in the chunk's transaction, each its `posted_key` taken (unique: a line posted
 * from another bill meanwhile fails the chunk), but those posted already; answers how many it claimed.
 */
export async function claimUnpostedLines(trx: Db, ids: number[], now: number): Promise<number> {
  const claimed = await trx
    .updateTable('carrier_bill_lines')
    .set((eb) => ({ posted_key: eb.ref('line_key'), posted_at: now }))
    .where('id', 'in', ids)
    .where('posted_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows);
}

/** The lines found billed on a voided label. */
export async function markLinesVoided(trx: Db, ids: number[]): Promise<void> {
  await trx.updateTable('carrier_bill_lines').set({ kind: 'voided' }).where('id', 'in', ids).execute();
}

/** What each posted line moved, the carrier's charge and the merchant's money, in one statement. */
export async function setPostedMoney(
  trx: Db,
  results: [number, { costChange: number; merchantChange: number; penalty: number; taken: number; owed: number }][],
): Promise<void> {
  await trx
    .updateTable('carrier_bill_lines')
    .set(
      valuesByKey(
        'id',
        results,
        ([id]) => id,
        ([, posted]) => ({
          cost_change: posted.costChange,
          merchant_change: posted.merchantChange,
          penalty: posted.penalty,
          taken: posted.taken,
          owed: posted.owed,
        }),
      ),
    )
    .where(
      'id',
      'in',
      results.map(([id]) => id),
    )
    .execute();
}

/** When the line was posted (null: not yet), if there is such a line. */
export function postedAtOf(db: Db, id: number) {
  return db.selectFrom('carrier_bill_lines').select('posted_at').where('id', '=', id).executeTakeFirst();
}
