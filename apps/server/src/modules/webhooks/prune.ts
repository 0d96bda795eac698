import { DAY_MS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { Sweep } from '../../jobs/sweeper.ts';
import {
  deleteAttemptsOf,
  deleteDeliveries,
  deleteUnusedEventsBefore,
  finishedDeliveriesBefore,
} from './prune-repo.ts';

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
    const old = await finishedDeliveriesBefore(db, cutoff, CHUNK);
    if (old.length === 0) break;
    const ids = old.map((row) => row.id);
    await db.transaction().execute(async (trx) => {
      await deleteAttemptsOf(trx, ids);
      await deleteDeliveries(trx, ids);
    });
    removed += ids.length;
  }
  return removed + (await deleteUnusedEventsBefore(db, cutoff));
}

export const pruneWebhookLogSweep: Sweep = {
  name: 'forgot webhook deliveries older than 30 days',
  run: ({ db }) => pruneWebhookLog(db),
};
