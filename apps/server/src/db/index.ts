import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import { sqliteDialect } from './sqlite.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

// int8 (bigint) columns hold ids, cents and epoch milliseconds, all far inside the safe-integer range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** Distinct statements a process prepares at most; any beyond them run unprepared. */
const MAX_PREPARED = 1000;
const statementNames = new Map<string, string>();

/** The name a parameterised statement is prepared under, or null once MAX_PREPARED are named. */
function statementName(text: string): string | null {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_PREPARED) {
    name = `pp${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name ?? null;
}

/**
 * A connection that prepares each parameterised statement the first time it runs it and afterwards only
 * binds and executes it: PostgreSQL no longer parses and plans the same few hundred statements again for
 * every call (the app's SQL comes from a fixed set of query builders).
 */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; only (text, values) is changed
  override query(...args: any[]): any {
    const [text, values] = args;
    const name =
      args.length === 2 &&
      typeof text === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      statementName(text);
    return name ? super.query({ name, text, values }) : super.query(...(args as [string]));
  }
}

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
}

/**
 * Opens PostgreSQL when `DATABASE_URL` is a postgres URL, else the embedded SQLite file, which starts as
 * `sqliteImage` when one is given (a database's bytes, as `DatabaseSync.serialize()` gives them).
 */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'sqliteFile' | 'databaseSchema'>,
  sqliteImage?: Uint8Array,
): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      Client: PreparingClient,
      options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  return { db: new Kysely<Database>({ dialect: sqliteDialect(config.sqliteFile, sqliteImage) }), dialect: 'sqlite' };
}
