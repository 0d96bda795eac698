import type { Kysely } from 'kysely';

/**
 * The unused-labels sweep's labels, oldest first (modules/unused-labels/repo.ts `unscanned`; issue 29, bench
 * `stats`): every instance asks every 15 s for the oldest 200 live labels waiting for pickup made before a
 * cut-off. (status, is_test) found every label waiting for pickup, each then read from the table for when it was
 * made, and sorted them all: with 53,000 of a million orders waiting, 164-246 ms for each of the sweep's two
 * queries on SQLite, in which the instance answered nothing (the statistics bench's slowest call took 534 ms).
 * With when a label was made third, the sweep reads the labels due, in order: 1-11 ms. The index replaces
 * orders_status_test_idx (migration 0156), whose counts for the workplace read the same first two columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_status_test_made_idx')
    .on('orders')
    .columns(['status', 'is_test', 'label_created_at'])
    .execute();
  await db.schema.dropIndex('orders_status_test_idx').execute();
}
