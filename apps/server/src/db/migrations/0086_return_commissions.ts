import type { Kysely } from 'kysely';

/**
 * A proxy's commission on a pay-on-use return (issue 28): the label is free when bought, so the commission its
 * quote held is kept here, unpaid (`proxy_id`, `commission` in cents), and credited to the proxy at the first
 * scan with the customer's charge (modules/returns/first-scan.ts). Never shown to the customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('returns').addColumn('proxy_id', 'bigint').execute();
  await db.schema
    .alterTable('returns')
    .addColumn('commission', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
