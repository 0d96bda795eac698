import type { Kysely } from 'kysely';

/**
 * Customers in full (issue 13): an account deleted by staff keeps its row and history (`deleted_at`); a
 * proxy's markup on the platform's price for its customers (`proxy_percent_bp`, basis points, and
 * `proxy_fixed_cents`); and on an order bought by a proxy's customer, the proxy and the commission it was
 * credited (`proxy_id`, `commission`, cents), so a refund reverses exactly that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('proxy_percent_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('proxy_fixed_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('proxy_id', 'bigint').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('commission', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('orders_proxy_idx').on('orders').columns(['proxy_id', 'id']).execute();
}
