import type { Kysely } from 'kysely';

/**
 * The shared pace of a tracking provider's API (issue 29, modules/tracking/pace.ts): when the next call to it
 * may go out, one row per provider, so every app instance sharing the database keeps to the provider's
 * published quota together (17TRACK: 3 requests a second) instead of each to all of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('provider_paces')
    .addColumn('provider', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('next_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
