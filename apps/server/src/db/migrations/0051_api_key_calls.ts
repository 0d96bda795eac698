import type { Kysely } from 'kysely';

/**
 * The calls each API key made per minute (hooks/key-rate-limit.ts): one row per key and minute, counted in
 * the database so that every instance behind a load balancer counts against the same limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key_calls')
    .addColumn('session_id', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_calls_pk', ['session_id', 'window_start'])
    .execute();
}
