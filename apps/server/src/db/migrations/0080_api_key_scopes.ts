import type { Kysely } from 'kysely';

/**
 * Scoped and rolled API keys (issue 31): the areas a key may call and the addresses it may call from (JSON
 * arrays; null: all), the address of its last call beside its time, and when a key was rolled (its
 * `expires_at` is then the end of the overlap during which the old secret still works).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('api_key_areas', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('api_key_ips', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('api_key_rolled_at', 'bigint').execute();
}
