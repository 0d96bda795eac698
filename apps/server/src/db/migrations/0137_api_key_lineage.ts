import type { Kysely } from 'kysely';

/**
 * A rolled key's lineage (issue 31): the id of the key it was first made as, on each successor (null on a key
 * never rolled from another: its own id). A key and its successors during the overlap share one rate-limit
 * count (hooks/key-rate-limit.ts), which is kept under this id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('api_key_lineage', 'bigint').execute();
}
