import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * Carrier pickups (issue 30, modules/pickups): a merchant's booking of a carrier's visit for the day's labels of
 * a channel, with the carrier's confirmation and id, the fee charged through the wallet (cents, 0 when free)
 * and when it was cancelled (the fee then refunded once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'pickups')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('pickup_date', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('package_count', 'integer', (c) => c.notNull())
    .addColumn('weight_oz', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('confirmation_no', 'text')
    .addColumn('upstream_id', 'text')
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .execute();
  await db.schema.createIndex('pickups_user').on('pickups').columns(['user_id', 'pickup_date']).execute();
}
