import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { Config } from '../../apps/server/src/config.ts';

// As the server reads them: int8 ids, cents and epoch milliseconds as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export const ADMIN = { username: 'admin@bench.test', password: 'Admin#Bench1' };
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Row = Record<string, unknown>;
export type Query = (sql: string, params?: unknown[]) => Promise<Row[]>;

/** Plain SQL on the bench database, without the server's query builder: the raw-SQL baselines and bulk data. */
export interface Raw {
  /** `?` placeholders on both databases. */
  query: Query;
  /** Several statements, no parameters. */
  exec(sql: string): Promise<void>;
  /** One transaction on one connection; `lanes` of them may run at once on PostgreSQL. */
  transaction(work: (query: Query) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database for one run: an SQLite file under the temp dir, or a PostgreSQL schema of its own. */
export interface Target {
  name: 'sqlite' | 'postgres';
  config: Partial<Config>;
  raw: Raw;
  /** Drops the schema (PostgreSQL); the SQLite file goes with the temp dir. */
  dispose(): Promise<void>;
}

const pgPlaceholders = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

export async function openTarget(name: 'sqlite' | 'postgres', dir: string): Promise<Target> {
  mkdirSync(dir, { recursive: true });
  const base: Partial<Config> = {
    dataDir: dir,
    adminEmail: ADMIN.username,
    adminPassword: ADMIN.password,
    webDist: '/nonexistent',
    loginRateLimit: 100_000,
    logLevel: 'warn',
  };
  if (name === 'sqlite') {
    const file = path.join(dir, 'bench.db');
    let db: DatabaseSync | null = null;
    // Opened on first use: the server creates the file and its schema.
    const open = () => {
      if (!db) {
        db = new DatabaseSync(file);
        db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;');
      }
      return db;
    };
    const query: Query = async (sql, params = []) => {
      const statement = open().prepare(sql);
      if (statement.columns().length > 0) return statement.all(...(params as never[])) as Row[];
      statement.run(...(params as never[]));
      return [];
    };
    return {
      name,
      config: { ...base, sqliteFile: file, databaseUrl: '' },
      raw: {
        query,
        async exec(sql) {
          open().exec(sql);
        },
        async transaction(work) {
          open().exec('BEGIN IMMEDIATE');
          try {
            await work(query);
            open().exec('COMMIT');
          } catch (error) {
            open().exec('ROLLBACK');
            throw error;
          }
        },
        async close() {
          db?.close();
          db = null;
        },
      },
      async dispose() {},
    };
  }

  const schema = `bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(`create schema ${schema}`);
  const pool = new pg.Pool({ connectionString: PG_URL, max: 8, options: `-c search_path=${schema}` });
  const run = (client: pg.Pool | pg.PoolClient): Query => {
    return async (sql, params = []) => (await client.query(pgPlaceholders(sql), params as unknown[])).rows as Row[];
  };
  return {
    name,
    config: { ...base, databaseUrl: PG_URL, databaseSchema: schema },
    raw: {
      query: run(pool),
      async exec(sql) {
        await pool.query(sql);
      },
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await work(run(client));
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
      },
      async close() {
        await pool.end();
      },
    },
    async dispose() {
      await adminQuery(`drop schema if exists ${schema} cascade`);
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
