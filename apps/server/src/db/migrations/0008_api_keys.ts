import type { Kysely } from 'kysely';

/**
 * API keys (Settings → API, docs/design.md §4) are sessions that a merchant names and that never renew: the same
 * hashed bearer token, resolved, cached and revoked (with its change version) like a sign-in session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('api_key_name', 'text').execute();
  // The key's first characters, shown in the list so a merchant can tell keys apart (the key is shown once).
  await db.schema.alterTable('sessions').addColumn('api_key_prefix', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
}
