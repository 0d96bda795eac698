import type { Kysely } from 'kysely';

/**
 * A bill line billed on a label voided meanwhile (issue 15, docs/bills.md) waits for staff: charged to the
 * merchant after all, or written off as a claim against the carrier with a reason. The line keeps which
 * ('' none yet, 'charged', 'writtenOff'), the reason, who decided and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'text' | 'bigint', boolean][] = [
    ['resolution', 'text', true],
    ['resolution_note', 'text', true],
    ['resolved_by', 'bigint', false],
    ['resolved_at', 'bigint', false],
  ];
  for (const [name, type, text] of columns)
    await db.schema
      .alterTable('carrier_bill_lines')
      .addColumn(name, type, (c) => (text ? c.notNull().defaultTo('') : c))
      .execute();
}
