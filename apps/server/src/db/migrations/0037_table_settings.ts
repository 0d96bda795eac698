import type { Kysely } from 'kysely';

/**
 * How each user arranges a list's table (issue 14): one row per user and list, its settings as JSON
 * (contracts/preferences: columns, order, pins, density, row numbers), kept when the account is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('table_settings')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('table_settings_pk', ['user_id', 'list'])
    .execute();
}
