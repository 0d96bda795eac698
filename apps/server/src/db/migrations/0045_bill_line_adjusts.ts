import { type Kysely, sql } from 'kysely';

/**
 * Whether a bill line is a change billed apart from the label's whole charge (a UPS ADJ row, a FedEx later
 * invoice's row: `adjusts`, docs/bills.md), as a column of its own: it was read back from the third part of
 * the line's key (`channel|tracking|adjustment|amount|reference`), which no query could filter on. The lines
 * of invoices (`total` bills) kept before are given it from that key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('carrier_bill_lines')
    .addColumn('adjusts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await markAdjustingLines(db);
}

/** Sets `adjusts` on the invoice lines whose key says they adjust (exported for the test of it). */
export async function markAdjustingLines(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; line_key: string }>`
    SELECT line.id, line.line_key FROM carrier_bill_lines line
    JOIN carrier_bills bill ON bill.id = line.bill_id
    WHERE bill.amount_kind = 'total' AND line.line_key LIKE '%|adjustment|%'`.execute(db);
  const ids = rows.filter((row) => row.line_key.split('|')[2] === 'adjustment').map((row) => Number(row.id));
  for (let i = 0; i < ids.length; i += 500)
    await sql`UPDATE carrier_bill_lines SET adjusts = 1 WHERE id IN (${sql.join(ids.slice(i, i + 500))})`.execute(db);
}
