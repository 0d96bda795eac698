import { type Kysely, sql } from 'kysely';

/**
 * A job's pending items, found by a seek (jobs/queue-repo.ts `pendingItems`; issue 29, bench `quotes`): the
 * items had only their primary key (job_id, seq), so every read of a job's next chunk from its start walked the
 * items already done, ~10,000 of them by a 10,000-order batch's end. Pending items are the index's only
 * rows; an item leaves it once run. The predicate is the literal 0 (`ITEM_STATUS.pending`), which the queries
 * name as a literal too, since SQLite uses a partial index only for a term it can match to it as written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('job_items_pending_idx')
    .on('job_items')
    .columns(['job_id', 'seq'])
    .where(sql.ref('status'), '=', sql.lit(0))
    .execute();
}
