import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per balance change: the deltas of each wallet component and the components after it.
  await createTableWithId(db, 'balance_logs')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('earnest_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deposit_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('earnest_after', 'bigint', (c) => c.notNull())
    .addColumn('deposit_after', 'bigint', (c) => c.notNull())
    .addColumn('reference_type', 'text')
    .addColumn('reference_id', 'bigint')
    .addColumn('reference_no', 'text')
    .addColumn('actor_id', 'bigint')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('balance_logs_user_idx').on('balance_logs').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('balance_logs_type_idx').on('balance_logs').columns(['type', 'created_at']).execute();
  await db.schema
    .createIndex('balance_logs_reference_idx')
    .on('balance_logs')
    .columns(['reference_type', 'reference_id'])
    .execute();

  await createTableWithId(db, 'attachments')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'recharges')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('forecast_amount', 'bigint', (c) => c.notNull())
    .addColumn('actual_amount', 'bigint')
    .addColumn('voucher_id', 'bigint', (c) => c.references('attachments.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auditor_id', 'bigint')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('arrived_at', 'bigint')
    .addColumn('audited_at', 'bigint')
    .execute();
  await db.schema.createIndex('recharges_user_idx').on('recharges').columns(['user_id', 'submitted_at']).execute();
  await db.schema.createIndex('recharges_status_idx').on('recharges').columns(['status', 'submitted_at']).execute();

  await db.schema
    .createTable('configs')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
