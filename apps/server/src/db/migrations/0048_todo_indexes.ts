import type { Kysely } from 'kysely';

/**
 * The staff's to-do counts (modules/messages/todos.ts) read accounts waiting for activation and bill lines
 * under open dispute on every bell refresh: both by a column no index led with, so each count scanned the
 * whole table. Recharges and orders already have (status, …) indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_status_idx').on('users').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('carrier_bill_lines_dispute_idx')
    .on('carrier_bill_lines')
    .columns(['dispute', 'disputed_at'])
    .execute();
}
