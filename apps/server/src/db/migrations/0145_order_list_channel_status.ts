import type { Kysely } from 'kysely';

/**
 * The staff order list filtered by channel and status together (issue 29, bench `volume`, the plans in
 * bench/README.md): its capped count walked the table (7,028 blocks for 10,001 ids) and its page the primary
 * key, dropping the other channels' and states' rows on the way; (channel_id, status, id) gives both their
 * rows newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_channel_status_idx')
    .on('orders')
    .columns(['channel_id', 'status', 'id'])
    .execute();
}
