import { DAY_MS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { Sweep } from '../../jobs/sweeper.ts';

/** How long the webhook delivery log is kept: finished deliveries, their attempts, and their events. */
export const WEBHOOK_LOG_DAYS = 30;
const CHUNK = 1000;

/**
 * Forgets finished deliveries (succeeded or failed) made more than WEBHOOK_LOG_DAYS ago with their attempts,
 * a chunk per transaction, then the events of that age no delivery refers to any more. A delivery still
 * pending is kept whatever its age. Answers how many rows went.
 */
export async function pruneWebhookLog(db: Db, now = Date.now()): Promise<number> {
  const cutoff = now - WEBHOOK_LOG_DAYS * DAY_MS;
  let removed = 0;
  for (;;) {
    const old = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('created_at', '<', cutoff)
      .where('status', '!=', 'pending')
      .orderBy('id')
      .limit(CHUNK)
      .execute();
    if (old.length === 0) break;
    const ids = old.map((row) => row.id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
      await trx.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
    });
    removed += ids.length;
  }
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
  return removed + Number(events.numDeletedRows);
}

export const pruneWebhookLogSweep: Sweep = {
  name: 'forgot webhook deliveries older than 30 days',
  run: ({ db }) => pruneWebhookLog(db),
};
