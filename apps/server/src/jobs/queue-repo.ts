/**
 * The durable queue's SQL (`jobs`, `job_items`): putting jobs and tasks on it, claiming them, their items and
 * their ends. jobs/queue.ts is the queue as the workers and modules use it.
 */
import type { JobStatus } from '@parcelport/shared/contracts/volume/schemas';
import { type ExpressionBuilder, sql, type Updateable } from 'kysely';
import { valuesByKey } from '../db/bulk.ts';
import type { Db, DialectName } from '../db/index.ts';
import type { Database, JobsTable } from '../db/schema.ts';

/** The job states by name (packages/shared's JOB_STATUSES). */
export const JOB_STATUS = {
  queued: 'queued',
  running: 'running',
  done: 'done',
  cancelled: 'cancelled',
  failed: 'failed',
} as const satisfies Record<JobStatus, JobStatus>;
export const ITEM_STATUS = { pending: 0, done: 1, failed: 2 } as const;

/**
 * A job's pending items, as the partial index of them is written (migration 0157): the status a literal, since
 * SQLite uses a partial index only for a term that matches its own as written, and a bound value does not.
 */
const PENDING = sql.lit(ITEM_STATUS.pending);

/** A job's row, queued now with its `total` items; answers its id. */
export async function insertJob(
  db: Db,
  job: { userId: number; type: string; total: number; payload: Record<string, unknown> },
  now: number,
): Promise<number> {
  const { id } = await db
    .insertInto('jobs')
    .values({
      user_id: job.userId,
      type: job.type,
      status: JOB_STATUS.queued,
      total: job.total,
      payload: JSON.stringify(job.payload),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A job's items, one per order, numbered from `firstSeq`. */
export async function insertJobItems(db: Db, jobId: number, firstSeq: number, orderIds: readonly number[]) {
  await db
    .insertInto('job_items')
    .values(orderIds.map((orderId, index) => ({ job_id: jobId, seq: firstSeq + index, order_id: orderId })))
    .execute();
}

/** Tasks queued now, in one statement; answers their rows' ids (in no particular order). */
export async function insertTasks(
  db: Db,
  tasks: readonly { userId: number; type: string; payload: Record<string, unknown> }[],
  now: number,
) {
  return db
    .insertInto('jobs')
    .values(
      tasks.map((task) => ({
        user_id: task.userId,
        type: task.type,
        status: JOB_STATUS.queued,
        total: 1,
        payload: JSON.stringify(task.payload),
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
}

/** Jobs a worker may take now: queued and not held back for a retry, or running under a lapsed lock. */
function claimable(eb: ExpressionBuilder<Database, 'jobs'>, now: number) {
  return eb.or([
    eb.and([eb('status', '=', JOB_STATUS.queued), eb.or([eb('run_after', 'is', null), eb('run_after', '<=', now)])]),
    eb.and([eb('status', '=', JOB_STATUS.running), eb('locked_until', '<', now)]),
  ]);
}

/**
 * Takes up to `limit` of the oldest jobs of `types` that may run now (queued and not held back for a
 * retry, or running under a lock that expired: their worker died) for this worker, counting an attempt
 * on each, in one statement. The claim is a conditional update, so two workers never take the same job:
 * on SQLite the statement runs alone; on PostgreSQL the candidates are locked as they are picked and rows
 * another worker is taking are skipped (`FOR UPDATE SKIP LOCKED`), so concurrent claims neither wait for
 * each other nor return the same job, and the condition is checked again on the locked row.
 */
export async function claimJobs(
  db: Db,
  dialect: DialectName,
  workerId: string,
  lockMs: number,
  types: readonly string[],
  limit: number,
) {
  if (limit < 1 || types.length === 0) return [];
  const now = Date.now();
  const oldest = db
    .selectFrom('jobs')
    .select('id')
    .where('type', 'in', types)
    .where((eb) => claimable(eb, now))
    .orderBy('id')
    .limit(limit);
  // SQLite answers the OR of claimable() by reading every queued row of jobs_status_idx and sorting them
  // (4 ms with 8,000 queued, in every claim); each state's oldest are read in id order from the index
  // instead, a few rows each, and the two short lists merged.
  const inState = (state: 'queued' | 'running') =>
    db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', JOB_STATUS[state])
      .where('type', 'in', types)
      .where((eb) =>
        state === 'queued'
          ? eb.or([eb('run_after', 'is', null), eb('run_after', '<=', now)])
          : eb('locked_until', '<', now),
      )
      .orderBy('id')
      .limit(limit);
  const candidates =
    dialect === 'postgres'
      ? oldest.forUpdate().skipLocked()
      : db
          .selectFrom(inState('queued').as('q'))
          .select('q.id')
          .unionAll(db.selectFrom(inState('running').as('r')).select('r.id'))
          .orderBy('id')
          .limit(limit);
  // A CTE, so PostgreSQL picks the candidates once: as `id IN (subquery)` the planner may run the
  // subquery again per row, each run skipping other rows, and claim more than `limit`.
  const claimed = await db
    .with('picked', () => candidates)
    .updateTable('jobs')
    .set((eb) => ({
      status: JOB_STATUS.running,
      locked_by: workerId,
      locked_until: now + lockMs,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
    // Checked again on the locked row on PostgreSQL. SQLite runs the statement alone, so its candidates
    // are still claimable; written here, the condition would have it read the queued rows again.
    .$if(dialect === 'postgres', (qb) => qb.where((eb) => claimable(eb, now)))
    .returningAll()
    .execute();
  // RETURNING keeps no order: the oldest first, as they were picked.
  return claimed.sort((a, b) => a.id - b.id);
}

/** Extends this worker's lock; false when the job was cancelled or taken over meanwhile. */
export async function heartbeat(db: Db, jobId: number, workerId: string, lockMs: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: Date.now() + lockMs, updated_at: Date.now() })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('status', '=', JOB_STATUS.running)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The job's next pending items that may run now (not waiting for their channel), in order; only those after
 * `afterSeq` when given (the worker's read of a chunk while the chunk before it is still being recorded).
 */
export async function pendingItems(
  db: Db,
  jobId: number,
  limit: number,
  { now = Date.now(), afterSeq }: { now?: number; afterSeq?: number } = {},
) {
  return db
    .selectFrom('job_items')
    .select(['seq', 'order_id'])
    .where('job_id', '=', jobId)
    .where('status', '=', PENDING)
    .$if(afterSeq !== undefined, (qb) => qb.where('seq', '>', afterSeq as number))
    .where((eb) => eb.or([eb('not_before', 'is', null), eb('not_before', '<=', now)]))
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** An item that waits (its channel is paused): kept pending, not run before `until`, the reason on it. */
export async function deferItem(db: Db, jobId: number, item: { seq: number; until: number; message: string }) {
  await db
    .updateTable('job_items')
    .set({ not_before: item.until, message: item.message.slice(0, 4000) })
    .where('job_id', '=', jobId)
    .where('seq', '=', item.seq)
    .where('status', '=', ITEM_STATUS.pending)
    .execute();
}

/** When the job's earliest waiting item may run, or null when none is pending. */
export async function nextWaitingItem(db: Db, jobId: number): Promise<number | null> {
  const row = await db
    .selectFrom('job_items')
    .select((eb) => eb.fn.min('not_before').as('until'))
    .where('job_id', '=', jobId)
    .where('status', '=', PENDING)
    .executeTakeFirst();
  return row?.until === null || row?.until === undefined ? null : Number(row.until);
}

/**
 * Records the outcomes of a few items still pending (a resumed run may repeat one), in one statement;
 * answers the states of those it finished.
 */
export function finishPendingItems(
  db: Db,
  jobId: number,
  outcomes: readonly { seq: number; ok: boolean; message: string }[],
) {
  return db
    .updateTable('job_items')
    .set(
      valuesByKey(
        'seq',
        outcomes,
        (outcome) => outcome.seq,
        (outcome) => ({
          status: outcome.ok ? ITEM_STATUS.done : ITEM_STATUS.failed,
          message: outcome.message.slice(0, 4000),
        }),
      ),
    )
    .where('job_id', '=', jobId)
    .where(
      'seq',
      'in',
      outcomes.map((outcome) => outcome.seq),
    )
    .where('status', '=', ITEM_STATUS.pending)
    .returning('status')
    .execute();
}

/** Adds finished items to the job's counters. */
export async function countFinishedItems(db: Db, jobId: number, done: number, failed: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({ done: eb('done', '+', done), failed: eb('failed', '+', failed) }))
    .where('id', '=', jobId)
    .execute();
}

/**
 * Lets go of a running job this worker holds, with its new state: the one update every way out of
 * `running` shares, conditional on the claim, so a worker whose lock lapsed meanwhile changes nothing.
 */
export async function releaseJob(
  db: Db,
  jobId: number,
  workerId: string,
  changes: Updateable<JobsTable>,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...changes, locked_by: null, locked_until: null, updated_at: Date.now() })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('status', '=', JOB_STATUS.running)
    .execute();
}

/**
 * Lets go of several running tasks this worker holds, each with its own end (releaseJob for each), in one
 * statement. Every row must set the same columns: finished ones `status, done, failed, result,
 * finished_at`, retried ones `status, run_after, result`.
 */
export async function releaseJobs(
  db: Db,
  workerId: string,
  rows: readonly { jobId: number; changes: Record<string, string | number | null> }[],
): Promise<void> {
  if (rows.length === 0) return;
  const now = Date.now();
  await db
    .updateTable('jobs')
    .set({
      ...valuesByKey(
        'id',
        rows,
        (row) => row.jobId,
        (row) => row.changes,
      ),
      locked_by: null,
      locked_until: null,
      updated_at: now,
    })
    .where(
      'id',
      'in',
      rows.map((row) => row.jobId),
    )
    .where('locked_by', '=', workerId)
    .where('status', '=', JOB_STATUS.running)
    .execute();
}

/** Stops a queued or running job: items not yet started are left undone. */
export async function cancelJob(db: Db, jobId: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: JOB_STATUS.cancelled, finished_at: Date.now(), updated_at: Date.now() })
    .where('id', '=', jobId)
    .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
    .execute();
}
