import type { Kysely } from 'kysely';

/**
 * Tracking refresh across instances: each instance claims the parcels it polls (a claim that lapses, as in
 * 0012), oldest checked first, so N instances poll each parcel once per round instead of N times.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('parcels')
    .addColumn('tracking_checked_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('parcels').addColumn('tracking_claimed_until', 'bigint').execute();
  await db.schema
    .createIndex('parcels_tracking_round_idx')
    .on('parcels')
    .columns(['tracking_status', 'tracking_checked_at'])
    .execute();
}
