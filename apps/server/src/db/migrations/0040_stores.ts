import { type Kysely, sql } from 'kysely';
import { createTableWithId, isSqlite } from '../columns.ts';

/**
 * Online stores (issue 16, docs/stores.md): a merchant's Shopify or WooCommerce store with its credentials
 * sealed (lib/sealed.ts), and each store order linked to the draft or label it became, with where its
 * tracking number stands in the store. API log rows may now be a store's call instead of a channel's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'stores')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The Shopify shop domain or the WooCommerce site address.
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // Sealed JSON: the access token, or the consumer key and secret, and a webhook secret.
    .addColumn('credentials', 'text', (c) => c.notNull().defaultTo(''))
    // The webhooks registered at the store (JSON ids), to remove on disconnect.
    .addColumn('webhooks', 'text', (c) => c.notNull().defaultTo('[]'))
    // A Shopify install waiting for its callback: the state it must come back with, and when it began.
    .addColumn('oauth_state', 'text')
    .addColumn('oauth_started_at', 'bigint')
    // The unit the store weighs its products in (lb, oz, kg, g).
    .addColumn('weight_unit', 'text', (c) => c.notNull().defaultTo('lb'))
    .addColumn('last_sync_at', 'bigint')
    // JSON { imported, updated, failed } of the last sync.
    .addColumn('last_sync', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('disconnected_at', 'bigint')
    .execute();
  await db.schema.createIndex('stores_user_idx').on('stores').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('stores_account_idx').on('stores').columns(['platform', 'account']).execute();
  await db.schema.createIndex('stores_oauth_state_idx').on('stores').columns(['oauth_state']).execute();

  await createTableWithId(db, 'store_orders')
    .addColumn('store_id', 'bigint', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('external_name', 'text', (c) => c.notNull())
    // The store's last change of the order as it was imported: a newer one updates a draft not yet bought.
    .addColumn('external_updated_at', 'text', (c) => c.notNull())
    .addColumn('order_id', 'bigint')
    // none (claimed by an instance until claimed_until while it pushes), pushed, failed, cancelled (after the
    // label was voided), withdrawn (the store cancelled the order after its label was bought: never pushed).
    .addColumn('fulfilment', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('fulfilment_id', 'text')
    .addColumn('pushed_tracking', 'text')
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('synced_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('store_orders_external_idx')
    .on('store_orders')
    .columns(['store_id', 'external_id'])
    .unique()
    .execute();
  await db.schema.createIndex('store_orders_order_idx').on('store_orders').columns(['order_id']).execute();
  await db.schema
    .createIndex('store_orders_fulfilment_idx')
    .on('store_orders')
    .columns(['fulfilment', 'order_id'])
    .execute();

  await db.schema.alterTable('api_logs').addColumn('store_id', 'bigint').execute();
  // A store's call has no channel: channel_id becomes optional (SQLite cannot drop NOT NULL in place, so
  // there the table is rebuilt with the same rows).
  if (isSqlite(db)) await rebuildApiLogsWithOptionalChannel(db);
  else
    await db.schema
      .alterTable('api_logs')
      .alterColumn('channel_id', (c) => c.dropNotNull())
      .execute();
}

async function rebuildApiLogsWithOptionalChannel(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'api_logs_new')
    .addColumn('channel_id', 'bigint')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error_message', 'text')
    .addColumn('request_headers', 'text')
    .addColumn('request_body', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('store_id', 'bigint')
    .execute();
  await sql`insert into api_logs_new select id, channel_id, operation, order_no, method, url, http_status, duration_ms, outcome, error_message, request_headers, request_body, response_body, created_at, store_id from api_logs`.execute(
    db,
  );
  await db.schema.dropTable('api_logs').execute();
  await db.schema.alterTable('api_logs_new').renameTo('api_logs').execute();
  await db.schema.createIndex('api_logs_created_idx').on('api_logs').columns(['created_at']).execute();
  await db.schema
    .createIndex('api_logs_channel_created_idx')
    .on('api_logs')
    .columns(['channel_id', 'created_at'])
    .execute();
  await db.schema.createIndex('api_logs_order_no_idx').on('api_logs').columns(['order_no']).execute();
}
