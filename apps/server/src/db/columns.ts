import { type CreateTableBuilder, type Kysely, SqliteAdapter } from 'kysely';

export function isSqlite(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * Starts a table with an autoincrementing 64-bit primary key `id`. SQLite only autoincrements an
 * `integer primary key` (its 64-bit rowid); PostgreSQL takes a bigint identity column.
 */
export function createTableWithId(db: Kysely<unknown>, table: string): CreateTableBuilder<string, 'id'> {
  const builder = db.schema.createTable(table);
  return isSqlite(db)
    ? builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : builder.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}
