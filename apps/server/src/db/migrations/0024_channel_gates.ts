import type { Kysely } from 'kysely';

/**
 * What every app instance shares about a channel's upstream API (modules/channels/gate.ts): the current
 * second's, minute's and hour's request counts against the channel's quota (and the minute before, for a
 * sliding minute), the circuit breaker (consecutive transient failures, and until when the channel is paused), and the concurrency slots, one row per slot,
 * held by a call until it ends or its lease lapses. A batch item waiting for a paused channel keeps its
 * place with `not_before`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('channel_gates')
    .addColumn('channel_id', 'bigint', (c) => c.primaryKey().references('channels.id').onDelete('cascade'))
    .addColumn('second_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('second_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minute_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('minute_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prev_minute_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hour_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('hour_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('auth_failed_at', 'bigint')
    .addColumn('auth_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('channel_slots')
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('held_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('holder', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('channel_slots_pk', ['channel_id', 'slot'])
    .execute();
  await db.schema.alterTable('job_items').addColumn('not_before', 'bigint').execute();
}
