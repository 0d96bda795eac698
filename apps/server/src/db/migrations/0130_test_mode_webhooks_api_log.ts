import type { Kysely } from 'kysely';

/**
 * The mode of what test API keys reach beyond orders (issue 31): a webhook endpoint is a test or a live one
 * (1: test; every endpoint made before is live) and hears only events of its mode, which each event records;
 * a call to a carrier is logged with the mode it was made in (1: a test label's call, with the carrier's test
 * credentials).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('webhook_events')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('api_logs')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
