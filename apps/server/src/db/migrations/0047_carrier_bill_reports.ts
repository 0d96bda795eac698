import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * Bills asked of a channel's carrier through its API (docs/bills.md, "From the carrier"): the carrier's id of
 * the report, the span of days, where it stands (`requested`, `previewed` into `bill_id`, `empty`, `failed`
 * with the carrier's words), who asked and when; a task reads it once made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'carrier_bill_reports')
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('channels.id'))
    .addColumn('upstream_id', 'text', (c) => c.notNull())
    .addColumn('date_from', 'text', (c) => c.notNull())
    .addColumn('date_to', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bill_id', 'bigint', (c) => c.references('carrier_bills.id'))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('requested_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('carrier_bill_reports_channel_idx')
    .on('carrier_bill_reports')
    .columns(['channel_id', 'id'])
    .execute();
}
