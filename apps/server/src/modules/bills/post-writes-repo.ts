/** The posting's writes (post.ts, voided.ts): the lines claimed and what they moved (the orders' billed costs: orders/billing-repo.ts). */
import { valuesByKey } from '../../db/bulk.ts';
import type { Db } from '../../db/index.ts';

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
