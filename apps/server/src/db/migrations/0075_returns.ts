import type { Kysely } from 'kysely';

/**
 * Return labels (issue 28, modules/returns): an order of its own kind (`orders.kind` 'return'), with what
 * only a return has in `returns`, one row per return order: the outbound order it comes back from (none
 * for a return made on its own), whether it is paid on use, until when the carrier honours it, when the
 * carrier first scanned it (and it was charged) or when it lapsed unused, and its public return link
 * (SHA-256 to look it up, sealed with the server's key so the merchant can copy it again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('label'))
    .execute();
  await db.schema
    .createTable('returns')
    .addColumn('order_id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('outbound_id', 'bigint')
    .addColumn('pay_on_use', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_until', 'bigint')
    .addColumn('used_at', 'bigint')
    .addColumn('lapsed_at', 'bigint')
    .addColumn('link_hash', 'text', (c) => c.notNull().unique())
    .addColumn('link_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('returns_outbound').on('returns').column('outbound_id').execute();
  // The lapse sweep reads the pay-on-use returns still waiting for their first scan.
  await db.schema
    .createIndex('returns_waiting')
    .on('returns')
    .columns(['used_at', 'lapsed_at', 'valid_until'])
    .execute();
  await db.schema.createIndex('orders_kind').on('orders').columns(['user_id', 'kind']).execute();
}
