import { randomUUID } from 'node:crypto';
import type { Locale } from '@parcelport/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../core/errors.ts';
import type { Db } from '../db/index.ts';
import { isMessageKey, translate } from '../i18n/messages.ts';
import type { Memo } from '../lib/memo.ts';
import {
  claimJob,
  completeJob,
  deferItems,
  deferJob,
  finishItems,
  heartbeat,
  type ItemOutcome,
  nextWaitingItem,
  pendingItems,
} from './queue.ts';

/**
 * What a job type does with one item (an order); it answers the item's outcome message. Items run again
 * after a crash until their outcome is recorded, so a handler must find and keep what an earlier run of
 * the same item finished. `memo` is shared by the items of the current chunk (see lib/memo.ts), whose orders
 * are `chunk`.
 */
export type ItemHandler = (
  ctx: AppContext,
  job: { id: number; userId: number; payload: Record<string, unknown>; memo: Memo; chunk: readonly number[] },
  orderId: number,
) => Promise<string>;

/**
 * Thrown by a handler for an item that cannot run yet but has not failed (its carrier channel is paused):
 * the item stays pending and runs again from `until`; the job meanwhile goes on with its other items.
 */
export class ItemDeferred extends Error {
  readonly until: number;

  constructor(until: number, message: string) {
    super(message);
    this.name = 'ItemDeferred';
    this.until = until;
  }
}

/** A failed item's reason in the language of whoever started the job. */
function failureMessage(error: unknown, locale: Locale = 'zh-CN'): string {
  if (error instanceof AppError) {
    const message = translate(error.key, locale, error.params);
    // A 400 names its fields, as the single call's answer does: "Invalid request: to.zipCode: …".
    const fields = Object.entries((error.data as { fields?: Record<string, string> } | null)?.fields ?? {});
    if (fields.length === 0) return message;
    const named = fields.map(([field, key]) => `${field}: ${isMessageKey(key) ? translate(key, locale) : key}`);
    return `${message}: ${named.join('; ')}`;
  }
  return error instanceof Error ? error.message : String(error);
}

export interface WorkerOptions {
  pollMs: number;
  lockMs: number;
  /** Items processed at once within a job. */
  concurrency: number;
  /** Told of each job completed, after its completion is written (the batch.completed webhook event). */
  completed?: (db: Db, jobId: number) => Promise<void>;
}

export interface Worker {
  /** Look for work now (after an enqueue in this process). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The background worker of one app instance: claims jobs from the durable queue, runs their pending items
 * a few at a time, records each outcome, and keeps its lock alive. Items already finished are never run
 * again, so a job resumes where a crashed worker left it once the lock expires.
 */
export function startWorker(
  ctx: AppContext,
  handlers: Record<string, ItemHandler>,
  log: FastifyBaseLogger,
  options: WorkerOptions,
): Worker {
  const workerId = randomUUID();
  const types = Object.keys(handlers);
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  /** The job's lock kept, then its next chunk of items (after `afterSeq` when given); null: the lock was lost. */
  async function nextChunk(jobId: number, afterSeq?: number) {
    if (!(await heartbeat(ctx.db, jobId, workerId, options.lockMs))) return null;
    return pendingItems(ctx.db, jobId, options.concurrency * 4, { afterSeq });
  }

  async function runJob(job: NonNullable<Awaited<ReturnType<typeof claimJob>>>): Promise<void> {
    const handler = handlers[job.type] as ItemHandler;
    const payload = JSON.parse(job.payload) as Record<string, unknown>;
    // The next chunk is read while the chunk before is still being recorded (the reads and the writes of a
    // chunk otherwise wait for each other, one round trip and commit after another), past that chunk's items:
    // a seek on the job's item order, not a walk over the items done. A chunk with an item deferred for its
    // channel (paused, out of quota) is followed by a read from the start once recorded, as every read was
    // before, so that deferred items are taken up again as soon as their wait ends.
    let afterSeq: number | undefined;
    let reading = nextChunk(job.id);
    for (;;) {
      let items = await reading;
      if (stopped) return handBack(job.id);
      if (items === null) return;
      if (items.length === 0 && afterSeq !== undefined) {
        // None after the chunk before: a read from the start, for an item whose wait for its channel ended
        // meanwhile, as every read was before.
        afterSeq = undefined;
        items = await nextChunk(job.id);
        if (items === null) return;
      }
      if (items.length === 0) break;
      const chunk = items.map((item) => item.order_id);
      const context = { id: job.id, userId: job.user_id, payload, memo: new Map() as Memo, chunk };
      // Outcomes are recorded in order, one transaction at a time, once a lane's worth is in. A write waiting
      // for the one before takes every outcome in by the time it starts: when commits are slow (PostgreSQL's
      // fsync) a chunk of quick items is two transactions rather than one per lane's worth.
      const outcomes: ItemOutcome[] = [];
      const deferred: { seq: number; until: number; message: string }[] = [];
      let recorded = Promise.resolve();
      let writeWaiting = false;
      const record = () => {
        if (outcomes.length === 0 || writeWaiting) return recorded;
        writeWaiting = true;
        recorded = recorded.then(() => {
          writeWaiting = false;
          return finishItems(ctx.db, job.id, outcomes.splice(0));
        });
        return recorded;
      };
      let next = 0;
      const lane = async () => {
        while (next < items.length && !stopped) {
          const item = items[next++] as (typeof items)[number];
          try {
            outcomes.push({ seq: item.seq, ok: true, message: await handler(ctx, context, item.order_id) });
          } catch (error) {
            if (error instanceof ItemDeferred) {
              deferred.push({ seq: item.seq, until: error.until, message: error.message });
              continue;
            }
            const message = failureMessage(error, payload.locale as Locale | undefined);
            outcomes.push({ seq: item.seq, ok: false, message });
          }
          if (outcomes.length >= options.concurrency) await record();
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, lane));
      afterSeq = stopped || deferred.length > 0 ? undefined : (items.at(-1) as (typeof items)[number]).seq;
      const ahead = afterSeq === undefined ? null : nextChunk(job.id, afterSeq);
      // (handled here so that it cannot go unhandled while the writes below fail; awaited at the top)
      ahead?.catch(() => undefined);
      await record();
      await deferItems(ctx.db, job.id, deferred);
      reading = ahead ?? (stopped ? Promise.resolve([]) : nextChunk(job.id));
    }
    if (stopped) return handBack(job.id);
    // Items left waiting for their channel: the job goes back on the queue until the first may run.
    const waiting = await nextWaitingItem(ctx.db, job.id);
    if (waiting !== null) await deferJob(ctx.db, job.id, workerId, waiting);
    else {
      await completeJob(ctx.db, job.id, workerId);
      await options.completed?.(ctx.db, job.id);
    }
  }

  /**
   * A stopping instance (SIGTERM, a rolling restart) gives its job back once the items in hand are recorded,
   * so another instance goes on with it at once instead of after the lock lapses.
   */
  async function handBack(jobId: number): Promise<void> {
    await deferJob(ctx.db, jobId, workerId, Date.now());
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      const job = await claimJob(ctx.db, ctx.dialect, workerId, options.lockMs, types);
      if (!job) return;
      await runJob(job);
    }
  }

  function tick(): void {
    if (stopped || running) return;
    running = drain()
      .catch((error) => log.error({ err: error }, 'job worker failed'))
      .finally(() => {
        running = null;
      });
  }

  timer = setInterval(tick, options.pollMs);
  timer.unref();
  tick();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
