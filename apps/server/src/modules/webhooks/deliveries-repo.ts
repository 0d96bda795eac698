/**
 * The webhook deliveries' SQL as they are made and sent (`webhook_deliveries`, `webhook_attempts`): one
 * delivery per event and endpoint, its task, each attempt, its end. log-repo.ts reads them for the log.
 */
import type { Insertable } from 'kysely';
import { valuesByKey } from '../../db/bulk.ts';
import type { Db } from '../../db/index.ts';
import type { WebhookAttemptsTable, WebhookDeliveriesTable } from '../../db/schema.ts';

/** Remembers each delivery's task (a few hundred at most), in one statement. */
export async function setDeliveryJobs(db: Db, rows: readonly { deliveryId: number; jobId: number }[]) {
  await db
    .updateTable('webhook_deliveries')
    .set(
      valuesByKey(
        'id',
        rows,
        (row) => row.deliveryId,
        (row) => ({ job_id: row.jobId }),
      ),
    )
    .where(
      'id',
      'in',
      rows.map((row) => row.deliveryId),
    )
    .execute();
}

/** Makes deliveries, one statement; one an endpoint already has for the event is skipped. Answers the new ids. */
export function insertDeliveries(db: Db, deliveries: readonly Insertable<WebhookDeliveriesTable>[]) {
  return db
    .insertInto('webhook_deliveries')
    .values(deliveries)
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_row_id']).doNothing())
    .returning('id')
    .execute();
}

/** Makes one delivery (a sample to an endpoint); answers its id. */
export async function insertDelivery(db: Db, delivery: Insertable<WebhookDeliveriesTable>): Promise<number> {
  const { id } = await db.insertInto('webhook_deliveries').values(delivery).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** What sending a delivery needs: its state and task, its endpoint (URL, secrets, failures) and its event's body. */
export function deliveryToSend(db: Db, deliveryId: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_row_id')
    .select([
      'd.id',
      'd.status',
      'd.user_id',
      'd.job_id',
      'e.id as endpoint_id',
      'e.url',
      'e.enabled',
      'e.secret',
      'e.previous_secret',
      'e.previous_secret_until',
      'e.failing_since',
      'v.event_id',
      'v.body',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

/** Fails a delivery (its endpoint is off). */
export async function failDelivery(db: Db, deliveryId: number): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('id', '=', deliveryId).execute();
}

/** Counts an attempt on the delivery (succeeded when `ok`); answers how many it has had. */
export async function countAttempt(
  db: Db,
  deliveryId: number,
  attempt: { statusCode: number | null; at: number; ok: boolean },
): Promise<number> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_code: attempt.statusCode,
      last_at: attempt.at,
      ...(attempt.ok ? { status: 'succeeded' } : {}),
    }))
    .where('id', '=', deliveryId)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Logs one attempt. */
export async function insertAttempt(db: Db, attempt: Insertable<WebhookAttemptsTable>): Promise<void> {
  await db.insertInto('webhook_attempts').values(attempt).execute();
}

/** Fails the delivery if it is still pending under this task; answers its endpoint and merchant when it did. */
export function giveUpDelivery(db: Db, deliveryId: number, jobId: number) {
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed' })
    .where('id', '=', deliveryId)
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .returning(['endpoint_id', 'user_id'])
    .executeTakeFirst();
}

/** When the delivery's task was queued (its row in `jobs`). */
export async function taskQueuedAt(db: Db, jobId: number): Promise<number> {
  const { created_at } = await db
    .selectFrom('jobs')
    .select('created_at')
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
  return created_at;
}

/** When the delivery's first attempt since `since` was made, or null for none. */
export async function firstAttemptSince(db: Db, deliveryId: number, since: number): Promise<number | null> {
  const first = await db
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.min('at').as('at'))
    .where('delivery_id', '=', deliveryId)
    .where('at', '>=', since)
    .executeTakeFirst();
  return first?.at === null || first?.at === undefined ? null : Number(first.at);
}

/** Moves a finished delivery back to pending, to be sent again; false when it is pending already. */
export async function reopenDelivery(db: Db, deliveryId: number): Promise<boolean> {
  const moved = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending' })
    .where('id', '=', deliveryId)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) !== 0;
}
