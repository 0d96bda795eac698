import type { TrackingEvent } from '../../core/tracking.ts';
import type { Db, DialectName } from '../../db/index.ts';

/**
 * `carrier_pushes`: the carriers' verified pushes, one row per tracking number, until the push applier has
 * applied them (modules/tracking/push-inbox.ts).
 */

/** What a push tells of one number, on the channel it came to. */
export interface StoredPush {
  channelId: number;
  trackingNo: string;
  events: readonly TrackingEvent[];
}

/** Stores pushes (a statement per 500), each due at once. */
export async function insertPushes(db: Db, pushes: readonly StoredPush[], now = Date.now()): Promise<void> {
  for (let start = 0; start < pushes.length; start += 500)
    await db
      .insertInto('carrier_pushes')
      .values(
        pushes.slice(start, start + 500).map((push) => ({
          channel_id: push.channelId,
          tracking_no: push.trackingNo,
          events: JSON.stringify(push.events),
          received_at: now,
          run_after: now,
        })),
      )
      .execute();
}

/**
 * Claims up to `limit` of the oldest pushes due (not given up on, not held back for a retry, unclaimed or
 * under a claim that lapsed, and the first of their number still to apply) for `workerId` until `now + leaseMs`, in one statement: on PostgreSQL the
 * candidates are locked as they are picked and those another worker is taking skipped (`FOR UPDATE SKIP
 * LOCKED`), the condition checked again on the locked row; SQLite runs the statement alone.
 */
export async function claimPushes(
  db: Db,
  dialect: DialectName,
  options: { workerId: string; leaseMs: number; limit: number; now: number },
) {
  const { now } = options;
  const candidates = db
    .selectFrom('carrier_pushes as p')
    .select('p.id')
    .where('p.gave_up_at', 'is', null)
    .where('p.run_after', '<=', now)
    .where((eb) => eb.or([eb('p.claimed_until', 'is', null), eb('p.claimed_until', '<', now)]))
    // The first push of its number still to apply: the pushes of a number are applied in the order they came.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('carrier_pushes as before')
            .select('before.id')
            .whereRef('before.tracking_no', '=', 'p.tracking_no')
            .whereRef('before.id', '<', 'p.id')
            .where('before.gave_up_at', 'is', null),
        ),
      ),
    )
    .orderBy('p.id')
    .limit(options.limit);
  // A CTE, so PostgreSQL picks the candidates once (as in jobs/queue-repo.ts claimJobs).
  const claimed = await db
    .with('picked', () => (dialect === 'postgres' ? candidates.forUpdate('p').skipLocked() : candidates))
    .updateTable('carrier_pushes')
    .set({ claimed_by: options.workerId, claimed_until: now + options.leaseMs })
    .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
    .$if(dialect === 'postgres', (qb) =>
      qb.where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)])),
    )
    .returning(['id', 'channel_id', 'tracking_no', 'events', 'attempts'])
    .execute();
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * Locks the orders of the parcels with these numbers until the transaction ends, in id order (so two groups
 * never wait for each other in a circle): a group applying pushes of an order waits for another group applying
 * some of the same order, and then reads what that one committed. PostgreSQL only (SQLite has one writer).
 */
export async function lockOrdersOfNumbers(db: Db, trackingNos: readonly string[]): Promise<void> {
  if (trackingNos.length === 0) return;
  await db
    .selectFrom('orders')
    .innerJoin('parcels', 'parcels.order_id', 'orders.id')
    .select('orders.id')
    .where('parcels.tracking_no', 'in', [...new Set(trackingNos)])
    .orderBy('orders.id')
    .forUpdate('orders')
    .execute();
}

/** The pushes of these numbers still to apply, whoever holds them (those given up on aside). */
export function pendingPushesOf(db: Db, trackingNos: readonly string[]) {
  return db
    .selectFrom('carrier_pushes')
    .select(['id', 'tracking_no'])
    .where('tracking_no', 'in', [...new Set(trackingNos)])
    .where('gave_up_at', 'is', null)
    .execute();
}

/**
 * Takes the pushes this worker still holds out of the inbox, in the transaction that applies them: answers the
 * ids deleted (a push whose claim lapsed and was taken by another worker meanwhile is not among them).
 */
export async function takePushes(db: Db, ids: readonly number[], workerId: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const taken = await db
    .deleteFrom('carrier_pushes')
    .where('id', 'in', [...ids])
    .where('claimed_by', '=', workerId)
    .returning('id')
    .execute();
  return new Set(taken.map((row) => row.id));
}

/** Lets go of pushes this worker holds, to be claimed again at once (a push of the same number before them is pending). */
export async function releasePushes(db: Db, ids: readonly number[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('carrier_pushes')
    .set({ claimed_by: null, claimed_until: null })
    .where('id', 'in', [...ids])
    .where('claimed_by', '=', workerId)
    .execute();
}

/**
 * A push this worker holds failed to apply: its attempts counted, its reason kept, and it is let go, to be
 * tried again at `runAfter`, or given up on (`gaveUpAt`: kept, with its reason, no longer tried).
 */
export async function pushFailed(
  db: Db,
  id: number,
  workerId: string,
  failure: { attempts: number; error: string; runAfter: number; gaveUpAt: number | null },
): Promise<void> {
  await db
    .updateTable('carrier_pushes')
    .set({
      attempts: failure.attempts,
      error: failure.error.slice(0, 4000),
      run_after: failure.runAfter,
      gave_up_at: failure.gaveUpAt,
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', workerId)
    .execute();
}

/** The pushes in the inbox, oldest first (what is waiting, what failed and why). */
export function storedPushes(db: Db) {
  return db.selectFrom('carrier_pushes').selectAll().orderBy('id').execute();
}
