import type { Kysely } from 'kysely';

/**
 * Test and live API keys (issue 31): a key's mode (1: test, `pp_test_…`; 0: live, every key made before),
 * and the mode of the key a user-log row was made with (null: a signed-in session).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('api_key_test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('user_logs').addColumn('api_key_mode', 'text').execute();
}
