import type { Kysely } from 'kysely';
import { isSqlite } from '../columns.ts';

/**
 * Files kept in the database (modules/attachments/database-storage.ts): what several app instances on one
 * PostgreSQL all read, with no folder to share between them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_blobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('bytes', isSqlite(db) ? 'blob' : 'bytea', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
