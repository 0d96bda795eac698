import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sequences')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();

  // A channel picks a carrier platform (adapter) and holds its credentials and settings (JSON).
  await createTableWithId(db, 'channels')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('platform_code', 'text', (c) => c.notNull())
    .addColumn('carrier_code', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    // Allotted to every new customer at registration, so a new account can ship at once.
    .addColumn('auto_allot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'carrier_services')
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('carrier_code', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('carrier_services_channel_code_uq', ['channel_id', 'code'])
    .execute();

  // ratecard platform: price per (service, zone, weight bracket up to max_oz).
  await db.schema
    .createTable('rate_tables')
    .addColumn('service_id', 'bigint', (c) => c.notNull().references('carrier_services.id').onDelete('cascade'))
    .addColumn('zone', 'integer', (c) => c.notNull())
    .addColumn('max_oz', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_tables_pk', ['service_id', 'zone', 'max_oz'])
    .execute();

  await db.schema
    .createTable('zone_charts')
    .addColumn('origin_zip3', 'text', (c) => c.notNull())
    .addColumn('dest_zip3', 'text', (c) => c.notNull())
    .addColumn('zone', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('zone_charts_pk', ['origin_zip3', 'dest_zip3'])
    .execute();

  await db.schema
    .createTable('user_channels')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_channels_pk', ['user_id', 'channel_id'])
    .execute();

  // Markups: percentage (basis points) and/or fixed cents, for a channel or a service, applied to the
  // users related to the rule (or to everyone when is_default).
  await createTableWithId(db, 'price_rules')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.references('channels.id').onDelete('cascade'))
    .addColumn('service_id', 'bigint', (c) => c.references('carrier_services.id').onDelete('cascade'))
    .addColumn('percent_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fixed_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_price_rules')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rule_id', 'bigint', (c) => c.notNull().references('price_rules.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_price_rules_pk', ['user_id', 'rule_id'])
    .execute();

  await createTableWithId(db, 'orders')
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('batch_no', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_id', 'bigint', (c) => c.references('channels.id'))
    .addColumn('service_id', 'bigint', (c) => c.references('carrier_services.id'))
    .addColumn('carrier_code', 'text')
    .addColumn('service_code', 'text')
    .addColumn('service_name', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_zip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('to_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('to_zip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reference1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reference2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('battery_type', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('insurance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('insurance_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('residential', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('label_size', 'text', (c) => c.notNull().defaultTo('4x6'))
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate', 'bigint')
    .addColumn('cost', 'bigint')
    .addColumn('earnest', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('zone', 'integer')
    .addColumn('billable_oz', 'integer')
    .addColumn('tracking_no', 'text')
    .addColumn('audit_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ship_date', 'text')
    .addColumn('estimate', 'text')
    .addColumn('billed_cost', 'bigint')
    .addColumn('billed_oz', 'integer')
    .addColumn('billed_at', 'bigint')
    .addColumn('earnest_released_at', 'bigint')
    .addColumn('refunded_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('label_created_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_status_idx').on('orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'id']).execute();
  await db.schema.createIndex('orders_tracking_idx').on('orders').column('tracking_no').execute();
  await db.schema.createIndex('orders_batch_idx').on('orders').column('batch_no').execute();

  await createTableWithId(db, 'parcels')
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('length', 'real', (c) => c.notNull())
    .addColumn('width', 'real', (c) => c.notNull())
    .addColumn('height', 'real', (c) => c.notNull())
    .addColumn('weight', 'real', (c) => c.notNull())
    .addColumn('mass_unit', 'text', (c) => c.notNull())
    .addColumn('distance_unit', 'text', (c) => c.notNull())
    .addColumn('package_code', 'text', (c) => c.notNull())
    .addColumn('package_num', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('package_amount', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('insured_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reference2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tracking_no', 'text')
    .addColumn('barcode', 'text')
    .addColumn('tracking_status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('parcels_order_idx').on('parcels').columns(['order_id', 'seq']).execute();
  await db.schema.createIndex('parcels_tracking_idx').on('parcels').column('tracking_no').execute();

  await createTableWithId(db, 'order_events')
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

  // A retried purchase with the same Idempotency-Key answers what the first one answered.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}
