import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A merchant's whole list (no status filter: the default view), newest first. With only
  // (user_id, status, id), SQLite sorted all of the merchant's orders for each page and PostgreSQL walked
  // the primary key backwards past everyone else's orders (a small merchant's page read most of the table).
  await db.schema.createIndex('orders_user_id_idx').on('orders').columns(['user_id', 'id']).execute();
}
