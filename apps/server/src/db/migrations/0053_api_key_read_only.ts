import type { Kysely } from 'kysely';

/** An API key may be limited to reading (http/auth.ts refuses its writes): 1 read only, 0 every call. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('api_key_read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
