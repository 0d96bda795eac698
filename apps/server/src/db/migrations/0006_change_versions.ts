import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../columns.ts';

/**
 * What a trigger counts, per table: the scope's prefix and the column naming whose data changed (none for
 * one shared scope). `user:<id>` covers what a signed-in call's identity is made of (the account, its
 * sessions, its roles), `access` what the roles grant, `orders:<user id>` a merchant's orders.
 */
const WATCHED: readonly { table: string; scope: string; column: string | null; events: readonly string[] }[] = [
  { table: 'users', scope: 'user', column: 'id', events: ['UPDATE', 'DELETE'] },
  { table: 'sessions', scope: 'user', column: 'user_id', events: ['UPDATE', 'DELETE'] },
  { table: 'user_roles', scope: 'user', column: 'user_id', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'roles', scope: 'access', column: null, events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'resources', scope: 'access', column: null, events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'role_resources', scope: 'access', column: null, events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'orders', scope: 'orders', column: 'user_id', events: ['INSERT', 'UPDATE', 'DELETE'] },
];

/**
 * Change versions (see db/versions.ts): a counter per scope, raised by triggers in the transaction that
 * changes the data, so that an answer kept in memory can be checked against the database with one cheap
 * read, by every app instance, whichever path (or tool) wrote the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('change_versions')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  if (isSqlite(db)) await sqliteTriggers(db);
  else await postgresTriggers(db);
}

/** SQLite has one writer at a time: a plain row trigger bumps the counter inside the writing transaction. */
async function sqliteTriggers(db: Kysely<unknown>) {
  for (const { table, scope, column, events } of WATCHED) {
    for (const event of events) {
      const row = event === 'DELETE' ? 'OLD' : 'NEW';
      const key = column ? `'${scope}:' || ${row}.${column}` : `'${scope}'`;
      await sql
        .raw(
          `CREATE TRIGGER ${table}_version_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN
             INSERT INTO change_versions (scope, version) VALUES (${key}, 1)
             ON CONFLICT (scope) DO UPDATE SET version = version + 1;
           END`,
        )
        .execute(db);
    }
  }
}

/**
 * PostgreSQL: deferred constraint triggers, so that the counter's row is locked only at commit (locking it
 * at the first changed row would hold it through the whole transaction, and a transaction that locked a
 * wallet first could deadlock with one that locked the counter first), and bumped once per scope and
 * transaction: a counter row this transaction already wrote carries its id in xmin, so a 10,000-row
 * import writes it once.
 */
async function postgresTriggers(db: Kysely<unknown>) {
  await sql
    .raw(
      `CREATE FUNCTION bump_change_version() RETURNS trigger LANGUAGE plpgsql AS $$
       DECLARE
         key text := TG_ARGV[0];
       BEGIN
         -- A field is looked up only on the branch that runs: users has no user_id, the others no id to use.
         IF TG_ARGV[1] = 'id' THEN
           IF TG_OP = 'DELETE' THEN key := key || ':' || OLD.id; ELSE key := key || ':' || NEW.id; END IF;
         ELSIF TG_ARGV[1] = 'user_id' THEN
           IF TG_OP = 'DELETE' THEN key := key || ':' || OLD.user_id; ELSE key := key || ':' || NEW.user_id; END IF;
         END IF;
         PERFORM 1 FROM change_versions WHERE scope = key AND xmin = pg_current_xact_id()::xid;
         IF NOT FOUND THEN
           INSERT INTO change_versions (scope, version) VALUES (key, 1)
           ON CONFLICT (scope) DO UPDATE SET version = change_versions.version + 1;
         END IF;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  for (const { table, scope, column, events } of WATCHED) {
    const args = column ? `'${scope}', '${column}'` : `'${scope}'`;
    await sql
      .raw(
        `CREATE CONSTRAINT TRIGGER ${table}_version AFTER ${events.join(' OR ')} ON ${table}
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_change_version(${args})`,
      )
      .execute(db);
  }
}
