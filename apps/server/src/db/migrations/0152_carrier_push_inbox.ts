import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * The carriers' verified tracking pushes, stored as they are taken (issue 29: tracking at volume): the push is
 * answered once its row is committed, and the instances' appliers take the rows in groups, apply them many to
 * a transaction and delete them in it (modules/tracking/push-inbox.ts). One row per tracking number a push
 * names, its events as JSON. A row that failed to apply stays, with its reason and its next try (`run_after`);
 * one given up on (`gave_up_at`) stays too, to be looked at. `claimed_by`/`claimed_until`: the instance
 * applying it and until when its claim holds (a dead instance's lapses).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'carrier_pushes')
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('tracking_no', 'varchar(100)', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_until', 'bigint')
    .addColumn('error', 'text')
    .addColumn('gave_up_at', 'bigint')
    .execute();
  // The pushes still to apply of the numbers a group names (their order across instances).
  await db.schema
    .createIndex('carrier_pushes_tracking_no_idx')
    .on('carrier_pushes')
    .columns(['tracking_no', 'id'])
    .execute();
}
