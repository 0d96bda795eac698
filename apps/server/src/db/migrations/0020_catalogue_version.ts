import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../columns.ts';

/**
 * The `catalogue` change version (db/versions.ts): raised by any change to what a quote is made of
 * (channels, services, rate tables, zone charts, allotments, price rules), so that a quote's reads can be
 * kept in memory between calls and dropped by every instance as soon as one of them changes. PostgreSQL
 * uses the deferred trigger function of 0006 (once per transaction); SQLite a row trigger.
 */
const TABLES = [
  'channels',
  'carrier_services',
  'rate_tables',
  'zone_charts',
  'user_channels',
  'price_rules',
  'user_price_rules',
] as const;
const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    if (isSqlite(db)) {
      for (const event of EVENTS) {
        await sql
          .raw(
            `CREATE TRIGGER ${table}_catalogue_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN
               INSERT INTO change_versions (scope, version) VALUES ('catalogue', 1)
               ON CONFLICT (scope) DO UPDATE SET version = version + 1;
             END`,
          )
          .execute(db);
      }
    } else {
      await sql
        .raw(
          `CREATE CONSTRAINT TRIGGER ${table}_catalogue_version AFTER ${EVENTS.join(' OR ')} ON ${table}
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_change_version('catalogue')`,
        )
        .execute(db);
    }
  }
}
