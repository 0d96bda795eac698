import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { enqueueJob } from '../src/jobs/queue.ts';
import { ITEM_STATUS, JOB_STATUS } from '../src/jobs/queue-repo.ts';
import { ItemDeferred, type ItemHandler, startWorker } from '../src/jobs/worker.ts';
import { startApp, type TestApp } from './helpers.ts';

/**
 * The job worker (jobs/worker.ts) on its own, with handlers of this file: it reads a job's next chunk of items
 * while the chunk before is still being recorded, past that chunk's items; after a chunk with an item deferred,
 * from the start once it is recorded.
 */
const LANES = 4; // chunks of 16
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await startApp({ jobPollMs: 20 });
  userId = (await t.ctx.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

/** Runs a job of `orderIds` with `handler` under a worker of its own type, until the job is done. */
async function runJob(type: string, orderIds: number[], handler: ItemHandler) {
  const worker = startWorker(t.ctx, { [type]: handler }, t.app.log, { pollMs: 20, lockMs: 60_000, concurrency: LANES });
  try {
    const jobId = await enqueueJob(t.ctx.db, { userId, type, orderIds, payload: {} });
    worker.wake();
    await vi.waitFor(
      async () => {
        const job = await t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
        expect(job.status).toBe(JOB_STATUS.done);
      },
      { timeout: 60_000, interval: 20 },
    );
    const job = await t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    const items = await t.ctx.db
      .selectFrom('job_items')
      .select(['order_id', 'status', 'message'])
      .where('job_id', '=', jobId)
      .orderBy('seq')
      .execute();
    return { job, items };
  } finally {
    await worker.stop();
  }
}

test('a job of many chunks runs each item once and records each outcome', async () => {
  const orderIds = Array.from({ length: 75 }, (_, k) => 5_000 + k);
  const runs: number[] = [];
  const { job, items } = await runJob('test-chunks', orderIds, async (_ctx, _job, orderId) => {
    runs.push(orderId);
    if (orderId % 10 === 3) throw new Error(`no label for ${orderId}`);
    return `label for ${orderId}`;
  });
  expect([...runs].sort((a, b) => a - b)).toEqual(orderIds);
  expect(items).toEqual(
    orderIds.map((id) =>
      id % 10 === 3
        ? { order_id: id, status: ITEM_STATUS.failed, message: expect.stringContaining(`no label for ${id}`) }
        : { order_id: id, status: ITEM_STATUS.done, message: `label for ${id}` },
    ),
  );
  expect(job.attempts).toBe(1);
});

test('an item whose channel wait is over runs again in the same claim, not after the job is put back', async () => {
  const orderIds = Array.from({ length: 40 }, (_, k) => 6_000 + k);
  const runs: number[] = [];
  const { job, items } = await runJob('test-wait-over', orderIds, async (_ctx, _job, orderId) => {
    runs.push(orderId);
    // the first chunk's third item waits for its channel, a wait already over when it is read again
    if (orderId === 6_002 && runs.filter((id) => id === orderId).length === 1)
      throw new ItemDeferred(Date.now(), 'channel paused');
    return 'ok';
  });
  expect(runs.filter((id) => id === 6_002)).toHaveLength(2);
  expect(runs).toHaveLength(41);
  expect(items.every((item) => item.status === ITEM_STATUS.done)).toBe(true);
  expect(job.attempts).toBe(1);
});
