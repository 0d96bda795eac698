import type { Kysely } from 'kysely';

/**
 * Unused labels (issue 28, modules/unused-labels): a merchant's switch for voiding labels never scanned
 * (no row: on), and per order when the merchant was warned and when the sweep voided it, each written once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unused_label_settings')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('unused_label_notices')
    .addColumn('order_id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('warned_at', 'bigint', (c) => c.notNull())
    .addColumn('voided_at', 'bigint')
    .execute();
}
