import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Order review (docs/spec.md §2 orderReview): when staff approved or rejected a bought label.
  await db.schema.alterTable('orders').addColumn('reviewed_at', 'bigint').execute();
}
