import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { openDatabase } from '../src/db/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * The databases of the test apps. On SQLite each test app works in an in-memory database that starts as a copy
 * of one migrated once per test process (migratedSqliteImage): copying it takes well under a millisecond where
 * running the migrations took ~0.3 s.
 *
 * The PostgreSQL databases of the test apps (TEST_DB=postgres). Each test app works in a database of its own,
 * copied from a template database that holds every migration and nothing else, then seeded by the app as a
 * fresh database is, and dropped afterwards. Copying (CREATE DATABASE … TEMPLATE) takes ~70 ms where running
 * the migrations into a fresh schema took ~600 ms, and test apps start by the hundred. The template is named
 * by a hash of the migrations, so a changed or added migration makes a new one, and the old ones are dropped a
 * day after they were made (another checkout's run may be copying one).
 */

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The schema the app works in inside each database, so the app's DATABASE_SCHEMA setting is exercised too. */
export const TEST_SCHEMA = 'app';
const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');
/** The advisory lock (on PG_URL's database) under which the template is made and copied. */
const TEMPLATE_LOCK = 7_221_001;

/** The URL of the database `name` on PG_URL's server. */
export function databaseUrl(name: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` with a client of PG_URL's database, holding the template lock when `locked`. */
async function withAdmin<T>(locked: boolean, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    if (locked) await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    return await work(admin);
  } finally {
    // Ending the session lets the lock go.
    await admin.end();
  }
}

/** The template's name: pp_tpl_ and a hash of every migration file's name and text. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS).sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS, file)));
  }
  return `pp_tpl_${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Makes the template under the lock, unless a test process made it already: built under a name of its own and
 * renamed once migrated, so a run stopped half-way never leaves a half-migrated template under the real name.
 */
async function makeTemplate(admin: pg.Client, name: string): Promise<void> {
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount) return;
  // Another checkout's template (other migrations) may be copied by its run at any moment between two copies,
  // so only one made over a day ago (its comment says when) is dropped as stale.
  const stale = await admin.query(
    `select datname from pg_database
      where datname like 'pp\\_tpl\\_%' and datname <> $1
        and coalesce(shobj_description(oid, 'pg_database'), '0')::bigint < $2`,
    [name, Date.now() - TEMPLATE_KEPT_MS],
  );
  for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
  const building = `${name}_building`;
  await admin.query(`drop database if exists ${building} with (force)`);
  await admin.query(`create database ${building}`);
  const { db } = openDatabase({ databaseUrl: databaseUrl(building), sqliteFile: '', databaseSchema: TEST_SCHEMA });
  try {
    await db.schema.createSchema(TEST_SCHEMA).execute();
    await migrateToLatest(db, TEST_SCHEMA);
  } finally {
    await db.destroy();
  }
  await admin.query(`alter database ${building} rename to ${name}`);
  await admin.query(`comment on database ${name} is '${Date.now()}'`);
}

/** How long a template is kept after it was made, for the runs of other checkouts that may still copy it. */
const TEMPLATE_KEPT_MS = 24 * 3_600_000;

let template: Promise<string> | null = null;

/** A new database with every migration run, for one test app; its name. */
export async function createTestDatabase(): Promise<string> {
  template ??= withAdmin(true, async (admin) => {
    const name = templateName();
    await makeTemplate(admin, name);
    return name;
  });
  const source = await template;
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  // Copied under the lock too: a copy needs its template free of other sessions, the template's maker's included.
  await withAdmin(true, async (admin) => {
    await admin.query(`create database ${name} template ${source}`);
    // A commit does not wait for its WAL to reach the disk: what a test sees is the same (every session sees a
    // commit at once), only a crash of PostgreSQL itself could lose the last ones, and a test's data is thrown
    // away. The suite commits some hundred thousand times, each waiting for an fsync otherwise.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  return name;
}

/** How long a closed app's sessions may take to end before its database is dropped under them. */
const SESSIONS_END_MS = 10_000;

/**
 * Drops a test app's database once the app's sessions have ended. A pool that has been ended has only sent
 * its goodbyes: a session still open when the database is dropped WITH (FORCE) is killed, and its client,
 * still listening, throws an uncaught error in the test process. A session left open longer than
 * SESSIONS_END_MS (an app never closed) is dropped all the same, and that error names the test that left it.
 */
export async function dropTestDatabase(name: string): Promise<void> {
  await withAdmin(false, async (admin) => {
    const deadline = Date.now() + SESSIONS_END_MS;
    const sessions = async () =>
      Number((await admin.query('select count(*) from pg_stat_activity where datname = $1', [name])).rows[0].count);
    while ((await sessions()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await admin.query(`drop database if exists ${name} with (force)`);
  });
}

let sqliteImage: Promise<Uint8Array> | null = null;

/**
 * An SQLite database with every migration run and nothing else, as its bytes (for `buildApp`'s `sqliteImage`):
 * migrated once per test process in a file of its own, which is then put in rollback mode (an image of a
 * database in WAL mode would not open in memory) and read.
 */
export function migratedSqliteImage(): Promise<Uint8Array> {
  sqliteImage ??= (async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'pp-migrated-'));
    try {
      const file = path.join(folder, 'migrated.db');
      const { db } = openDatabase({ databaseUrl: '', sqliteFile: file, databaseSchema: '' });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      const migrated = new DatabaseSync(file);
      try {
        migrated.exec('PRAGMA journal_mode = DELETE');
        return migrated.serialize();
      } finally {
        migrated.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  })();
  return sqliteImage;
}
