/** The webhook log's pruning SQL: finished deliveries of an age, their attempts, and the events left unused. */
import type { Db } from '../../db/index.ts';

/** Up to `limit` of the oldest finished deliveries (succeeded or failed) made before `cutoff`. */
export function finishedDeliveriesBefore(db: Db, cutoff: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('created_at', '<', cutoff)
    .where('status', '!=', 'pending')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Deletes the deliveries' attempts. */
export async function deleteAttemptsOf(db: Db, deliveryIds: readonly number[]): Promise<void> {
  await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveryIds).execute();
}

/** Deletes the deliveries. */
export async function deleteDeliveries(db: Db, deliveryIds: readonly number[]): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('id', 'in', deliveryIds).execute();
}

/** Deletes the events made before `cutoff` that no delivery refers to; answers how many went. */
export async function deleteUnusedEventsBefore(db: Db, cutoff: number): Promise<number> {
  const events = await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', cutoff)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries')
            .select('webhook_deliveries.id')
            .whereRef('webhook_deliveries.event_row_id', '=', 'webhook_events.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(events.numDeletedRows);
}
