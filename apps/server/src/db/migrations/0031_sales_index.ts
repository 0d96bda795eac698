import type { Kysely } from 'kysely';

/**
 * The statistics and the workplace (issue 13) read the labels bought in a period: an index on the purchase
 * time that also holds what they sum, so a period's figures are read from the index alone (no table rows)
 * over a million orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_label_created_idx')
    .on('orders')
    .columns(['label_created_at', 'status', 'user_id', 'rate', 'insurance_fee'])
    .execute();
}
