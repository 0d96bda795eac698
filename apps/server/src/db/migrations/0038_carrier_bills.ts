import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * Carrier bills (issue 15): a bill or adjustment file of a channel, each of its lines matched to a label and
 * classified, then posted to the merchant's wallet. A file is kept once per channel (its SHA-256), and a line
 * once posted holds its `posted_key` (channel, tracking number, amount kind, amount and reference), unique:
 * the same line in another file, or the same file twice, charges nothing twice. Each channel keeps the
 * preset and column mapping its bills were last read with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'carrier_bills')
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('channels.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('preset', 'text', (c) => c.notNull())
    .addColumn('amount_kind', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    /** JSON: the rows that could not be read (row, column, message key); a bill with any is not posted. */
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('posted_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('posted_at', 'bigint')
    .addUniqueConstraint('carrier_bills_file_unique', ['channel_id', 'file_sha256'])
    .execute();

  await createTableWithId(db, 'carrier_bill_lines')
    .addColumn('bill_id', 'bigint', (c) => c.notNull().references('carrier_bills.id').onDelete('cascade'))
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('tracking_no', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** The change to the carrier's charge; for a whole charge, the charge recorded when it was classified. */
    .addColumn('cost_change', 'bigint', (c) => c.notNull())
    .addColumn('cost_before', 'bigint')
    .addColumn('billed_oz', 'integer')
    .addColumn('billed_size', 'text', (c) => c.notNull())
    .addColumn('billed_zone', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('line_key', 'text', (c) => c.notNull())
    .addColumn('duplicate_of', 'text', (c) => c.notNull())
    .addColumn('posted_key', 'text', (c) => c.unique())
    .addColumn('posted_at', 'bigint')
    .addColumn('merchant_change', 'bigint')
    .addColumn('penalty', 'bigint')
    .addColumn('taken', 'bigint')
    .addColumn('owed', 'bigint')
    .execute();
  await db.schema
    .createIndex('carrier_bill_lines_bill_idx')
    .on('carrier_bill_lines')
    .columns(['bill_id', 'kind', 'row_no'])
    .execute();
  await db.schema.createIndex('carrier_bill_lines_order_idx').on('carrier_bill_lines').column('order_id').execute();
  await db.schema
    .createIndex('carrier_bill_lines_owed_idx')
    .on('carrier_bill_lines')
    .columns(['user_id', 'owed'])
    .execute();

  await db.schema
    .createTable('carrier_bill_mappings')
    .addColumn('channel_id', 'bigint', (c) => c.primaryKey().references('channels.id').onDelete('cascade'))
    .addColumn('preset', 'text', (c) => c.notNull())
    .addColumn('amount_kind', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
