/** Statements are prepared once per connection (PostgreSQL) or per process (SQLite) and reused. */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, onPostgres, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t.close());

const adminByName = (db: TestApp['ctx']['db'], username: string) =>
  db.selectFrom('users').select(['id', 'username']).where('username', '=', username).executeTakeFirst();

test('a statement run again gives fresh answers, and on PostgreSQL is kept prepared on its connection', async () => {
  await t.ctx.db.transaction().execute(async (trx) => {
    expect((await adminByName(trx, ADMIN.username))?.username).toBe(ADMIN.username);
    expect(await adminByName(trx, 'nobody@example.com')).toBeUndefined();
    if (onPostgres) {
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      expect(rows.some((row) => row.statement.includes('"username" = $1'))).toBe(true);
    }
  });
});

test('past the statements a process keeps prepared, further ones still run', async () => {
  for (let n = 0; n < 1200; n++) {
    const { rows } = await sql<{
      n: number;
      username: string;
    }>`select ${sql.lit(n)} as n, username from users where username = ${ADMIN.username}`.execute(t.ctx.db);
    expect(rows.map((row) => [Number(row.n), row.username])).toEqual([[n, ADMIN.username]]);
  }
});
