import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { claimJobs, enqueueTask } from '../src/jobs/queue.ts';
import { startTaskWorker, type TaskHandler } from '../src/jobs/tasks.ts';
import { startApp, type TestApp } from './helpers.ts';

/** A task type only the workers of this file run (the app's own task worker does not know it). */
const TASK = 'test-task';
const LANES = 4;

describe('the task worker', () => {
  let t: TestApp;
  let userId: number;

  beforeAll(async () => {
    t = await startApp({ jobPollMs: 20 });
    const admin = await t.ctx.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    userId = admin.id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function enqueue(count: number, type = TASK): Promise<number[]> {
    const ids: number[] = [];
    for (let n = 0; n < count; n++) ids.push(await enqueueTask(t.ctx.db, { userId, type, payload: { n } }));
    return ids;
  }

  test('claims as many due tasks as it asks for in one go, and a second worker never gets one of them', async () => {
    const ids = await enqueue(7, 'test-claim');
    const first = await claimJobs(t.ctx.db, t.ctx.dialect, 'worker-a', 60_000, ['test-claim'], 5);
    const [second, third] = await Promise.all([
      claimJobs(t.ctx.db, t.ctx.dialect, 'worker-b', 60_000, ['test-claim'], 5),
      claimJobs(t.ctx.db, t.ctx.dialect, 'worker-c', 60_000, ['test-claim'], 5),
    ]);
    expect(first.map((job) => job.id)).toEqual(ids.slice(0, 5));
    expect(first.every((job) => job.status === 'running' && job.locked_by === 'worker-a' && job.attempts === 1)).toBe(
      true,
    );
    // The other two split the remaining two between them, none taken twice.
    const rest = [...second, ...third].map((job) => job.id).sort((a, b) => a - b);
    expect(rest).toEqual(ids.slice(5));
    expect(await claimJobs(t.ctx.db, t.ctx.dialect, 'worker-d', 60_000, ['test-claim'], 5)).toEqual([]);
  });

  test('a task whose lock lapsed is claimed again by another worker, and the attempt is counted', async () => {
    const [id] = await enqueue(1, 'test-lapse');
    const [taken] = await claimJobs(t.ctx.db, t.ctx.dialect, 'worker-a', 60_000, ['test-lapse'], 3);
    expect(taken?.id).toBe(id);
    await t.ctx.db
      .updateTable('jobs')
      .set({ locked_until: Date.now() - 1 })
      .where('id', '=', id as number)
      .execute();
    const [again] = await claimJobs(t.ctx.db, t.ctx.dialect, 'worker-b', 60_000, ['test-lapse'], 3);
    expect(again).toMatchObject({ id, locked_by: 'worker-b', attempts: 2 });
  });

  test('two workers on one database run every task exactly once, with all their lanes busy at once', async () => {
    const runs: { id: number; worker: string }[] = [];
    const busy = new Map<string, number>();
    let mostBusyAtOnce = 0;
    // The first tasks wait until every lane of both workers holds one, so both must have filled their lanes.
    let lanesFull!: () => void;
    const allLanesBusy = new Promise<void>((resolve) => {
      lanesFull = resolve;
    });
    const handler = (worker: string): TaskHandler => ({
      timeoutMs: 600_000,
      attempts: 1,
      retryMs: 1,
      async run(_ctx, job) {
        runs.push({ id: job.id, worker });
        busy.set(worker, (busy.get(worker) ?? 0) + 1);
        const total = [...busy.values()].reduce((sum, count) => sum + count, 0);
        mostBusyAtOnce = Math.max(mostBusyAtOnce, total);
        if (total === 2 * LANES) lanesFull();
        await allLanesBusy;
        busy.set(worker, (busy.get(worker) ?? 0) - 1);
        return 'ran';
      },
    });
    const ids = await enqueue(40);
    const log = { error: vi.fn(), warn: vi.fn() } as never;
    const workers = ['a', 'b'].map((worker) =>
      startTaskWorker(t.ctx, { [TASK]: handler(worker) }, log, {
        pollMs: 20,
        lockMs: 600_000,
        concurrency: LANES,
      }),
    );
    try {
      await vi.waitFor(
        async () => {
          const done = await t.ctx.db
            .selectFrom('jobs')
            .select('id')
            .where('type', '=', TASK)
            .where('status', '=', 'done')
            .execute();
          expect(done).toHaveLength(ids.length);
        },
        { timeout: 60_000, interval: 50 },
      );
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(runs.map((run) => run.id).sort((a, b) => a - b)).toEqual(ids);
    expect(mostBusyAtOnce).toBe(2 * LANES);
    // Both took part.
    expect(new Set(runs.map((run) => run.worker))).toEqual(new Set(['a', 'b']));
    const jobs = await t.ctx.db.selectFrom('jobs').select(['attempts', 'result']).where('type', '=', TASK).execute();
    expect(jobs.every((job) => job.attempts === 1 && job.result === 'ran')).toBe(true);
  });
  test('lanes left empty while calls are answered are filled as soon as the calls are done, not at the next poll', async () => {
    const started: number[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handler: TaskHandler = {
      timeoutMs: 600_000,
      attempts: 1,
      retryMs: 1,
      async run(_ctx, job) {
        started.push(job.id);
        await released;
        return 'ran';
      },
    };
    const ids = await enqueue(3, 'test-yield');
    let busy = true;
    const log = { error: vi.fn(), warn: vi.fn() } as never;
    // No poll within the test: only the worker's start and `resume` may claim.
    const worker = startTaskWorker(t.ctx, { 'test-yield': handler }, log, {
      pollMs: 600_000,
      lockMs: 600_000,
      concurrency: LANES,
      yieldTo: { busy: () => busy, concurrency: 1 },
    });
    // vitest's waitFor gives up after 1 s, which a loaded machine overruns.
    const wait = { timeout: 60_000, interval: 20 };
    try {
      await vi.waitFor(() => expect(started).toHaveLength(1), wait);
      busy = false;
      worker.resume();
      await vi.waitFor(() => expect([...started].sort((a, b) => a - b)).toEqual(ids), wait);
    } finally {
      release();
      await worker.stop();
    }
  });
});
