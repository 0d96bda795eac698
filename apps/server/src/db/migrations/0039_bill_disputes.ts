import type { Kysely } from 'kysely';

/**
 * A merchant disputes a posted bill line through a work order (issue 15): the line keeps the dispute's
 * state ('' none, open, accepted, rejected), the merchant's reason, staff's answer and the work order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'text' | 'bigint', boolean][] = [
    ['dispute', 'text', true],
    ['dispute_reason', 'text', true],
    ['dispute_answer', 'text', true],
    ['work_order_id', 'bigint', false],
    ['disputed_at', 'bigint', false],
    ['settled_by', 'bigint', false],
    ['settled_at', 'bigint', false],
  ];
  for (const [name, type, text] of columns)
    await db.schema
      .alterTable('carrier_bill_lines')
      .addColumn(name, type, (c) => (text ? c.notNull().defaultTo('') : c))
      .execute();
  await db.schema
    .createIndex('carrier_bill_lines_user_idx')
    .on('carrier_bill_lines')
    .columns(['user_id', 'posted_at'])
    .execute();
}
