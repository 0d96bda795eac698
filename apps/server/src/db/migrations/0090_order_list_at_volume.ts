import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../columns.ts';

/**
 * The staff order list over ten million orders (issue 29, bench `volume`): each of its filters finds its
 * page through an index instead of reading the table.
 *
 * - the keyword matches order number, tracking number, reference or recipient in one OR: order and tracking
 *   numbers have their indexes, the reference gets one here, and on PostgreSQL the recipient's `like '%…%'`
 *   gets a trigram index (pg_trgm, a trusted extension that ships with PostgreSQL: the database owner may
 *   create it), so the four are one bitmap OR; SQLite reads the recipients as before;
 * - the channel filter, newest first, reads (channel_id, id);
 * - a period (from, to) is read newest first along (created_at, id), and counted there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_reference1_idx').on('orders').column('reference1').execute();
  await db.schema.createIndex('orders_channel_idx').on('orders').columns(['channel_id', 'id']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  if (isSqlite(db)) return;
  // In `public`, not the app's own schema: one extension per database, and a schema dropped (a test's)
  // must not take it from the others.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index orders_to_name_trgm on orders using gin (to_name public.gin_trgm_ops)`.execute(db);
}
