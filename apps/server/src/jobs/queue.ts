/**
 * The durable queue as workers and modules use it: jobs (a batch, one item per order) and tasks (one unit of
 * work, tasks.ts) put on it, claimed, run and ended. Its SQL is in queue-repo.ts.
 */
import type { Db, DialectName } from '../db/index.ts';
import {
  claimJobs,
  countFinishedItems,
  deferItem,
  finishPendingItems,
  ITEM_STATUS,
  insertJob,
  insertJobItems,
  insertTasks,
  JOB_STATUS,
  releaseJob,
  releaseJobs,
} from './queue-repo.ts';

export {
  cancelJob,
  claimJobs,
  heartbeat,
  ITEM_STATUS,
  nextWaitingItem,
  pendingItems,
} from './queue-repo.ts';

/** Puts a job and one item per order on the durable queue, in one transaction. */
export async function enqueueJob(
  db: Db,
  job: { userId: number; type: string; orderIds: number[]; payload: Record<string, unknown> },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const id = await insertJob(trx, { ...job, total: job.orderIds.length }, now);
    for (let start = 0; start < job.orderIds.length; start += 500) {
      await insertJobItems(trx, id, start, job.orderIds.slice(start, start + 500));
    }
    return id;
  });
}

/**
 * Puts a job that is one task (a webhook delivery) on the durable queue; the task worker runs it, and
 * retries it with backoff when it fails (tasks.ts).
 */
export async function enqueueTask(
  db: Db,
  task: { userId: number; type: string; payload: Record<string, unknown> },
): Promise<number> {
  return (await enqueueTasks(db, [task]))[0] as number;
}

/** Puts tasks on the queue, 500 to a statement (a fan-out's deliveries); answers their ids in order. */
export async function enqueueTasks(
  db: Db,
  tasks: readonly { userId: number; type: string; payload: Record<string, unknown> }[],
): Promise<number[]> {
  const now = Date.now();
  const ids: number[] = [];
  for (let start = 0; start < tasks.length; start += 500) {
    const rows = await insertTasks(db, tasks.slice(start, start + 500), now);
    // Ids rise in the order the rows were given (one statement, one writer of them).
    ids.push(...rows.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

/** Takes the oldest job of `types` that may run now for this worker (claimJobs with one lane). */
export async function claimJob(
  db: Db,
  dialect: DialectName,
  workerId: string,
  lockMs: number,
  types: readonly string[],
) {
  return (await claimJobs(db, dialect, workerId, lockMs, types, 1))[0];
}

/** Items that wait (their channel is paused): kept pending, not run before `until`, the reason on them. */
export async function deferItems(db: Db, jobId: number, items: { seq: number; until: number; message: string }[]) {
  for (const item of items) await deferItem(db, jobId, item);
}

export interface ItemOutcome {
  seq: number;
  ok: boolean;
  message: string;
}

/**
 * Records the outcomes of a few items and the job's counters together, in one transaction. An item
 * already finished (by a worker that took the job over) is left as it was and not counted again.
 */
export async function finishItems(db: Db, jobId: number, outcomes: ItemOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    // One statement for the lane's outcomes; only items still pending count (a resumed run may repeat one).
    const finished = await finishPendingItems(trx, jobId, outcomes);
    const done = finished.filter((item) => item.status === ITEM_STATUS.done).length;
    const failed = finished.length - done;
    if (done + failed === 0) return;
    await countFinishedItems(trx, jobId, done, failed);
  });
}

export async function completeJob(db: Db, jobId: number, workerId: string): Promise<void> {
  await releaseJob(db, jobId, workerId, { status: JOB_STATUS.done, finished_at: Date.now() });
}

/** Puts a job whose remaining items all wait back on the queue, to be claimed again at `runAfter`. */
export async function deferJob(db: Db, jobId: number, workerId: string, runAfter: number): Promise<void> {
  await releaseJob(db, jobId, workerId, { status: JOB_STATUS.queued, run_after: runAfter });
}

/** A task's end: done, failed for good (given up) with its outcome, or put back to be retried at `retryAt`. */
export type TaskEnd =
  | { jobId: number; ok: boolean; outcome: string }
  | { jobId: number; retryAt: number; reason: string };

/**
 * Records the ends of tasks this worker holds, in at most two statements (the finished, the retried): a
 * failed task goes back on the queue, not to be claimed before its `retryAt`, its reason kept meanwhile; a
 * finished one is done or failed, its outcome in `result`. Run it in a transaction for several.
 */
export async function endTasks(db: Db, workerId: string, ends: readonly TaskEnd[]): Promise<void> {
  const finished = [];
  const retried = [];
  for (const end of ends) {
    if ('retryAt' in end)
      retried.push({
        jobId: end.jobId,
        changes: { status: JOB_STATUS.queued, run_after: end.retryAt, result: end.reason.slice(0, 4000) },
      });
    else
      finished.push({
        jobId: end.jobId,
        changes: {
          status: end.ok ? JOB_STATUS.done : JOB_STATUS.failed,
          done: end.ok ? 1 : 0,
          failed: end.ok ? 0 : 1,
          result: end.outcome.slice(0, 4000),
          finished_at: Date.now(),
        },
      });
  }
  await releaseJobs(db, workerId, finished);
  await releaseJobs(db, workerId, retried);
}
