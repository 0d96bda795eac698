import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * A merchant's webhook endpoints and what they are sent (issue 28, docs/api.md "Webhook endpoints"): each
 * event is recorded once (unique per owner, type and source), fanned out to a delivery per subscribed
 * endpoint, and every attempt of a delivery is logged. The signing secrets are sealed (lib/sealed.ts); a
 * rotated-out secret stays valid until `previous_secret_until`. Tracking subscriptions (SPEC §7) are signed
 * with a per-merchant secret of the same kind (`tracking_webhook_keys`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'webhook_endpoints')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of event types.
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // Why it is off: 'merchant' (switched off) or 'failures' (the platform switched it off).
    .addColumn('disabled_reason', 'text')
    .addColumn('disabled_at', 'bigint')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'bigint')
    // The first failed attempt since the last successful one; null while the endpoint answers.
    .addColumn('failing_since', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_user_idx').on('webhook_endpoints').columns(['user_id']).execute();

  await createTableWithId(db, 'webhook_events')
    // The id a receiver sees (webhook-id), the same on every attempt and replay.
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // What the event is about (`order:12`, `refund:7`…): an event is recorded once per owner, type and source.
    .addColumn('source_key', 'text', (c) => c.notNull())
    // The exact JSON text sent, so that every attempt signs and sends the same bytes.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_events_source_idx')
    .on('webhook_events')
    .columns(['user_id', 'type', 'source_key'])
    .unique()
    .execute();

  await createTableWithId(db, 'webhook_deliveries')
    .addColumn('endpoint_id', 'bigint', (c) => c.notNull())
    .addColumn('event_row_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    // 'pending', 'succeeded' or 'failed' (given up, or the endpoint was off).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_code', 'integer')
    .addColumn('last_at', 'bigint')
    // The task (jobs row) now sending it: its run_after is when the next retry is due.
    .addColumn('job_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_event_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'event_row_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_status_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'status', 'created_at'])
    .execute();

  // The log's pruning (webhooks/prune.ts) goes by age.
  await db.schema
    .createIndex('webhook_deliveries_created_idx')
    .on('webhook_deliveries')
    .columns(['created_at'])
    .execute();
  await db.schema.createIndex('webhook_events_created_idx').on('webhook_events').columns(['created_at']).execute();

  await createTableWithId(db, 'webhook_attempts')
    .addColumn('delivery_id', 'bigint', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    // 'auto' (first send and retries), 'replay' or 'test'.
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // The HTTP status answered; null when none came (refused, unreachable, timed out).
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['delivery_id', 'attempt'])
    .execute();

  await db.schema
    .createTable('tracking_webhook_keys')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
