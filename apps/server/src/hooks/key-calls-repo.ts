/** The API keys' call counts (`api_key_calls`: one row per key line and minute), kept by the rate limit. */
import type { Db } from '../db/index.ts';

/**
 * Counts one more call of the key in the current minute and answers how many its line has made in it. The
 * count is kept under the key's lineage (`session_id` is the id of the key a rolled key's line began with).
 */
export async function countKeyCall(db: Db, lineage: number, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('api_key_calls')
    .values({ session_id: lineage, window_start: windowStart, calls: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['session_id', 'window_start'])
        .doUpdateSet((eb) => ({ calls: eb('api_key_calls.calls', '+', 1) })),
    )
    .returning('calls')
    .executeTakeFirstOrThrow();
  return Number(row.calls);
}

/** Deletes the counts of minutes that began before `before`; answers how many went. */
export async function deleteKeyCallsBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('api_key_calls').where('window_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
