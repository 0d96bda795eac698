import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Gives Kysely's SqliteDialect the database shape it expects (better-sqlite3's) on top of Node's built-in
 * `node:sqlite`, so the embedded default needs no native module.
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const statement = db.prepare(sql);
      const params = (parameters: ReadonlyArray<unknown>) => parameters as never[];
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...params(parameters)),
        run: (parameters) => statement.run(...params(parameters)),
        iterate: (parameters) => statement.iterate(...params(parameters)),
      };
    },
  };
}
