import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { sqliteDialect } from './sqlite.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

// int8 (bigint) columns hold ids, cents and epoch milliseconds, all far inside the safe-integer range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
}

/** Opens PostgreSQL when `DATABASE_URL` is a postgres URL, else the embedded SQLite file. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'sqliteFile' | 'databaseSchema'>): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  return { db: new Kysely<Database>({ dialect: sqliteDialect(config.sqliteFile) }), dialect: 'sqlite' };
}
