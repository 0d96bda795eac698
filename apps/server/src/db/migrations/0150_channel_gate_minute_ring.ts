import type { AlterTableColumnAlteringBuilder, Kysely } from 'kysely';
import { isSqlite } from '../columns.ts';

/**
 * The channel gate's minute, counted exactly (issue 29: the sliding-minute estimate of 0024 let 207-209
 * ShipEngine calls into 60 s against its 200 a minute). For each of the last 61 seconds, in a ring of slots
 * in the gate row (the second, epoch seconds, modulo 61), the requests counted in it and the time of the
 * latest of them: a turn is one conditional update of the row, so instances never race past the limit.
 * The columns are named here, not taken from the gate's code, so this migration stays as it ran.
 *
 * 0024's minute columns are left in place: an instance of the version before, still running during a
 * rolling restart, keeps counting in them.
 */
const SLOTS = Array.from({ length: 61 }, (_, slot) => String(slot).padStart(2, '0'));

const COLUMNS = SLOTS.flatMap((slot) => [
  { name: `minute_count_${slot}`, type: 'integer' as const },
  { name: `minute_last_${slot}`, type: 'bigint' as const },
]);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    // SQLite adds one column a statement.
    for (const { name, type } of COLUMNS) {
      await db.schema
        .alterTable('channel_gates')
        .addColumn(name, type, (c) => c.notNull().defaultTo(0))
        .execute();
    }
    return;
  }
  let alter: AlterTableColumnAlteringBuilder | null = null;
  for (const { name, type } of COLUMNS) {
    alter = (alter ?? db.schema.alterTable('channel_gates')).addColumn(name, type, (c) => c.notNull().defaultTo(0));
  }
  await alter?.execute();
}
