import type { Kysely } from 'kysely';

/**
 * Refunds that follow the carrier: what the carrier answered when a label bought upstream was voided
 * (`pending` while it reviews the refund, `refunded`, `rejected`, or `unasked` when the void could not be
 * sent yet), with its note and when it was last asked. The merchant's refund waits for `refunded` unless
 * the channel refunds first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('carrier_refund', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('carrier_refund_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('orders').addColumn('carrier_refund_checked_at', 'bigint').execute();
  await db.schema.createIndex('orders_carrier_refund_idx').on('orders').column('carrier_refund').execute();
}
