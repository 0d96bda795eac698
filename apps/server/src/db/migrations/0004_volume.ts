import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Batch address validation marks each order: 0 unchecked, 1 valid, 2 valid with corrections, 3 invalid.
  await db.schema
    .alterTable('orders')
    .addColumn('address_status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('address_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('parcels').addColumn('tracking_updated_at', 'bigint').execute();
  // Whether the live tracking provider has been told of this parcel's number.
  await db.schema
    .alterTable('parcels')
    .addColumn('tracking_registered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Durable background work (batch labels, imports): the job and one row per item, so a restart resumes
  // exactly where the last run stopped.
  await createTableWithId(db, 'jobs')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('result', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'id']).execute();
  await db.schema.createIndex('jobs_user_idx').on('jobs').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('job_items')
    .addColumn('job_id', 'bigint', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('job_items_pk', ['job_id', 'seq'])
    .execute();

  await createTableWithId(db, 'tracking_events')
    .addColumn('parcel_id', 'bigint', (c) => c.notNull().references('parcels.id').onDelete('cascade'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tracking_events_parcel_idx')
    .on('tracking_events')
    .columns(['parcel_id', 'occurred_at'])
    .execute();

  await createTableWithId(db, 'tracking_subscriptions')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tracking_no', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('webhook_url', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tracking_subscriptions_no_idx')
    .on('tracking_subscriptions')
    .column('tracking_no')
    .execute();
}
