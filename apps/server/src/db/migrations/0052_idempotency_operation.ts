import type { Kysely } from 'kysely';

/**
 * Every write takes an Idempotency-Key (hooks/idempotency.ts): a key remembers the operation it was first
 * sent to, so that the same key on another operation is refused rather than answered with the first one's
 * answer. Keys taken before this were all label purchases ('' : any).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('operation', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
