import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * Saved views of the order list (issue 30, modules/saved-views): a user's named filters, columns and sort
 * (`state`, JSON), kept for the user; `shared` makes it visible to the other members of its account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'saved_views')
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_views_account').on('saved_views').column('account_id').execute();
}
