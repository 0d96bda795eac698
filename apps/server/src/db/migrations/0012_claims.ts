import type { Kysely } from 'kysely';

/**
 * Claims that lapse (docs/design.md §5): work one instance holds and renews while it works, and any instance takes
 * over once the holder stops renewing (it crashed). An order in 17 (placing) carries the claim of the
 * purchase buying it; an Idempotency-Key without an answer yet, the claim of the call running under it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('placing_until', 'bigint').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('locked_until', 'bigint').execute();
  // Keys are forgotten after a day; the sweep deletes them by age.
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}
