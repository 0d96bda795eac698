import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/** Questions visitors send from /contactUs (issue 14), kept for staff with the answer they were mailed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'contact_requests')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('monthly_volume', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('replied_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('replied_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_requests_status_idx').on('contact_requests').columns(['status', 'id']).execute();
}
