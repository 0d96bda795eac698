import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The order's edit guard: every write that changes an order adds one, and a purchase goes through only
  // if the order is still at the version it was quoted from (see modules/orders/purchase-writes.ts). A
  // millisecond `updated_at` could not tell apart two writes in the same millisecond.
  await db.schema
    .alterTable('orders')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
