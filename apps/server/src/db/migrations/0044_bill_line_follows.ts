import type { Kysely } from 'kysely';

/**
 * A FedEx invoice's row for a parcel an earlier invoice billed whole is a change (docs/bills.md, "Later
 * invoices"): the line keeps which line it follows, "bill:row" ('' for any other line), the evidence shown
 * beside it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('carrier_bill_lines')
    .addColumn('follows', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
