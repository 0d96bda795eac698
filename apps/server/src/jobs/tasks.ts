import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { groupCommit } from '../db/group-commit.ts';
import type { Db } from '../db/index.ts';
import { claimJobs, endTasks, type TaskEnd } from './queue.ts';
import type { Worker } from './worker.ts';

/**
 * A job type that is one task (a webhook delivery) rather than a list of orders. `run` makes one attempt
 * (`job.attempt`, from 1) and stops at `signal` (the attempt's timeout); it throws to have the task retried,
 * up to `attempts` in all, the n-th retry `retryAfterMs(n)` after the failure (by default
 * `retryMs * 2^(n-1)`). It answers the outcome kept in `jobs.result`, or that and writes of its own
 * (`TaskWrites`: what the attempt did, to be committed with the task's end); to fail with such writes it
 * throws a TaskFailed. `gaveUp` runs once the last attempt failed.
 */
export interface TaskHandler {
  timeoutMs: number;
  attempts: number;
  retryMs: number;
  retryAfterMs?: (failedAttempt: number) => number;
  run(
    ctx: AppContext,
    job: { id: number; userId: number; payload: Record<string, unknown>; attempt: number },
    signal: AbortSignal,
  ): Promise<string | TaskWrites>;
  gaveUp?: (ctx: AppContext, job: { id: number; userId: number; payload: Record<string, unknown> }) => Promise<void>;
}

/**
 * An attempt's outcome and its own writes, made in the transaction that records the task's end, together
 * with the ends of the other tasks that finished meanwhile: on SQLite (one writer) tasks that write after
 * their work (a delivery's attempt, after its HTTP answer) then share a commit instead of queueing for one
 * each. The writes are made again, alone, if their group fails, so they must not depend on each other.
 */
export interface TaskWrites {
  outcome: string;
  write: (db: Db) => Promise<void>;
}

/** Thrown by `run` for a failed attempt whose writes are to be committed with its retry (or its end). */
export class TaskFailed extends Error {
  readonly write: (db: Db) => Promise<void>;

  constructor(message: string, write: (db: Db) => Promise<void>) {
    super(message);
    this.name = 'TaskFailed';
    this.write = write;
  }
}

export interface TaskWorker extends Worker {
  /** The calls being answered are done: fill the lanes left empty for them, if any were (`yieldTo`). */
  resume(): void;
}

type ClaimedJob = Awaited<ReturnType<typeof claimJobs>>[number];

export interface TaskWorkerOptions {
  pollMs: number;
  lockMs: number;
  /** Tasks run at once: a slow target holds one of them, never the others. */
  concurrency: number;
  /** While `busy()` (calls are being answered), no more than `concurrency` of them are started. */
  yieldTo?: { busy: () => boolean; concurrency: number };
}

/** An attempt ends at its timeout even if the handler does not watch its signal. */
function attempt<T>(run: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => reject(new Error('no answer in time'));
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    run.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * The task worker of one app instance: claims tasks of its types from the durable queue, runs up to
 * `concurrency` at once, each attempt under its timeout, and puts a failed one back with a backoff until
 * its attempts are used up; then the job is failed with the last reason (and a warning logged). A task
 * whose worker died is claimed again once its lock lapses, which counts as an attempt.
 */
export function startTaskWorker(
  ctx: AppContext,
  handlers: Record<string, TaskHandler>,
  log: FastifyBaseLogger,
  options: TaskWorkerOptions,
): TaskWorker {
  const workerId = randomUUID();
  const types = Object.keys(handlers);
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  let stopped = false;
  let claiming = false;
  let again = false;
  /** Lanes were left empty for the calls being answered while tasks may be due: taken up once they are. */
  let heldBack = false;

  /**
   * A task's end with its writes, in one transaction. On SQLite (one writer) the ends that come in while one
   * group is written go together in the next; on PostgreSQL each lane commits its own, side by side on the
   * pool's connections (in series, a group's statements would each wait for the one before).
   */
  const writeEnds = async (items: readonly { end: TaskEnd; write?: (db: Db) => Promise<void> }[]) => {
    await ctx.db.transaction().execute(async (trx) => {
      for (const item of items) await item.write?.(trx);
      await endTasks(
        trx,
        workerId,
        items.map((item) => item.end),
      );
    });
    return items.map(() => undefined);
  };
  const settle =
    ctx.dialect === 'sqlite'
      ? groupCommit(writeEnds)
      : async (item: { end: TaskEnd; write?: (db: Db) => Promise<void> }) => {
          await writeEnds([item]);
        };

  async function runTask(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.type] as TaskHandler;
    // An attempt never outlives the claim on its job, or another worker could take the job meanwhile.
    const timeout = AbortSignal.timeout(Math.min(handler.timeoutMs, options.lockMs / 2));
    const signal = AbortSignal.any([timeout, stopping.signal]);
    const payload = JSON.parse(job.payload) as Record<string, unknown>;
    try {
      const done = await attempt(
        handler.run(ctx, { id: job.id, userId: job.user_id, payload, attempt: job.attempts }, signal),
        signal,
      );
      const outcome = typeof done === 'string' ? done : done.outcome;
      await settle({
        end: { jobId: job.id, ok: true, outcome },
        write: typeof done === 'string' ? undefined : done.write,
      });
    } catch (error) {
      // Cut short by a shutdown: left running, so it is taken again once its lock lapses.
      if (stopped) return;
      const reason = error instanceof Error ? error.message : String(error);
      const write = error instanceof TaskFailed ? error.write : undefined;
      // Writes that fail (their row went meanwhile) do not keep the task from its retry or its end.
      const end = (taskEnd: TaskEnd) => settle({ end: taskEnd, write }).catch(() => settle({ end: taskEnd }));
      if (job.attempts >= handler.attempts) {
        await end({ jobId: job.id, ok: false, outcome: `gave up after ${job.attempts} attempts: ${reason}` });
        log.warn({ jobId: job.id, type: job.type, attempts: job.attempts, reason }, 'task given up');
        await handler.gaveUp?.(ctx, { id: job.id, userId: job.user_id, payload });
      } else {
        const delay = handler.retryAfterMs?.(job.attempts) ?? handler.retryMs * 2 ** (job.attempts - 1);
        await end({ jobId: job.id, retryAt: Date.now() + delay, reason });
      }
    }
  }

  /**
   * Claims as many due tasks as there are free lanes, in one statement, until the lanes are full or none
   * is due. One claimer at a time in this process: a lane freed while a claim is under way asks for
   * another round (`again`), so lanes are refilled as tasks finish, not only at the next poll.
   */
  async function fill(): Promise<void> {
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        for (;;) {
          const lanes = options.yieldTo?.busy() ? options.yieldTo.concurrency : options.concurrency;
          if (stopped || running.size >= lanes) {
            if (lanes < options.concurrency) heldBack = true;
            break;
          }
          const free = lanes - running.size;
          const jobs = await claimJobs(ctx.db, ctx.dialect, workerId, options.lockMs, types, free);
          for (const job of jobs) start(job);
          if (jobs.length < free) break;
        }
      } while (again && !stopped);
    } finally {
      claiming = false;
    }
  }

  function start(job: ClaimedJob): void {
    const run: Promise<void> = runTask(job)
      .catch((error) => log.error({ err: error, jobId: job.id }, 'task worker failed'))
      .finally(() => {
        running.delete(run);
        tick();
      });
    running.add(run);
  }

  function tick(): void {
    if (stopped) return;
    fill().catch((error) => log.error({ err: error }, 'task worker failed'));
  }

  const timer = setInterval(tick, options.pollMs);
  timer.unref();
  tick();
  return {
    wake: tick,
    resume() {
      if (!heldBack) return;
      heldBack = false;
      tick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await Promise.all(running);
    },
  };
}
