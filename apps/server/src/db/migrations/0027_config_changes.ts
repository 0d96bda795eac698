import { type Kysely, sql } from 'kysely';
import { createTableWithId, isSqlite } from '../columns.ts';

const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * Run-time settings (modules/config): their change history, and the `config` change version
 * (db/versions.ts), raised by any change to `configs` in the transaction that makes it, so that every
 * instance keeps the settings in memory and reads them again as soon as one of them changes. PostgreSQL
 * uses the deferred trigger function of 0006 (once per transaction); SQLite a row trigger. Settings are
 * kept as JSON under `<group>.<name>`: the one setting saved before (`exchangeRate`) moves there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'config_changes')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('secret', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('actor_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('config_changes_key_idx').on('config_changes').columns(['key', 'id']).execute();

  if (isSqlite(db)) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `CREATE TRIGGER configs_version_${event.toLowerCase()} AFTER ${event} ON configs BEGIN
             INSERT INTO change_versions (scope, version) VALUES ('config', 1)
             ON CONFLICT (scope) DO UPDATE SET version = version + 1;
           END`,
        )
        .execute(db);
    }
  } else {
    await sql
      .raw(
        `CREATE CONSTRAINT TRIGGER configs_version AFTER ${EVENTS.join(' OR ')} ON configs
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_change_version('config')`,
      )
      .execute(db);
  }

  await sql`update configs set key = 'exchange.cnyPerUsd', value = '"' || value || '"' where key = 'exchangeRate'`.execute(
    db,
  );
}
