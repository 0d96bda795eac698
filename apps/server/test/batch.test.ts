import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { applyMovement } from '../src/modules/funds/ledger.ts';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp, waitForJob } from './helpers.ts';
import { RECIPIENT, SENDER } from './parties.ts';

const from = SENDER;
const to = RECIPIENT;

async function drafts(app: FastifyInstance, token: string, count: number, recipient = to) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(app, token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from, to: recipient, parcels: [{ length: 6, width: 6, height: 6, weight: 1 }], reference1: `R${i}` },
    });
    ids.push(res.json().data.orderId);
  }
  return ids;
}

async function ledgerWhole(t: { ctx: TestApp['ctx'] }, userId: number) {
  const wallet = await t.ctx.db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', 'USD')
    .executeTakeFirstOrThrow();
  const sum = await t.ctx.db
    .selectFrom('balance_logs')
    .select((eb) => eb.fn.sum<number>('amount').as('s'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(Number(sum.s)).toBe(wallet.balance);
}

describe('batch labels as a durable job', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ jobPollMs: 20 });
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => t.close());

  test('buys every order it can, charges each once, and lists each failure with its reason', async () => {
    const customer = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '150.00', remark: 'x' },
    });
    const good = await drafts(t.app, customer.token, 12);
    const [unknownZip] = await drafts(t.app, customer.token, 1, { ...SENDER, zipCode: '00000', city: 'Nowhere' });
    const ids = [...good, unknownZip as number];
    const res = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/batchCreateMix',
      payload: { ids, strategy: 'cheapest' },
    });
    expect(res.statusCode).toBe(200);
    const job = await waitForJob(t.app, customer.token, res.json().data.jobId);
    expect(job.total).toBe(13);
    expect(job.done + job.failed).toBe(13);
    expect(job.left).toBe(0);
    expect(job.failed).toBeGreaterThanOrEqual(1);

    const failures = (
      await call(t.app, customer.token, { method: 'GET', url: `/api/app/jobs/${job.id}/items?status=failed` })
    ).json().data.list;
    expect(failures.map((f: { orderId: number }) => f.orderId)).toContain(unknownZip);
    for (const failure of failures) expect(failure.message).not.toBe('');

    const bought = await t.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', customer.id)
      .where('status', '=', 1)
      .execute();
    expect(bought).toHaveLength(job.done);
    const charges = await t.ctx.db
      .selectFrom('balance_logs')
      .select('reference_id')
      .where('user_id', '=', customer.id)
      .where('type', '=', 1)
      .execute();
    expect(charges).toHaveLength(job.done);
    expect(new Set(charges.map((c) => c.reference_id)).size).toBe(job.done);
    await ledgerWhole(t, customer.id);
  });

  test('when the funds run out mid-batch, the orders they cover are bought and the rest fail for want of funds', async () => {
    const customer = await createActiveCustomer(t, admin);
    const ids = await drafts(t.app, customer.token, 10);
    const quote = (
      await call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/order/estimateRateMix',
        payload: { orderId: ids[0] },
      })
    ).json().data as { total: string; cheapest: boolean }[];
    const cheapestCents = Math.round(Number(quote.find((line) => line.cheapest)?.total) * 100);
    // Enough for five of the ten identical orders and half of a sixth.
    const funds = 5 * cheapestCents + Math.floor(cheapestCents / 2);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: (funds / 100).toFixed(2), remark: 'x' },
    });
    const res = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/batchCreateMix',
      payload: { ids, strategy: 'cheapest' },
    });
    const job = await waitForJob(t.app, customer.token, res.json().data.jobId);
    expect(job).toMatchObject({ total: 10, done: 5, failed: 5 });
    const failures = (
      await call(t.app, customer.token, { method: 'GET', url: `/api/app/jobs/${job.id}/items?status=failed` })
    ).json().data.list as { message: string }[];
    expect(failures.map((failure) => failure.message)).toEqual(Array(5).fill('Insufficient funds'));
    const wallet = await t.ctx.db
      .selectFrom('wallets')
      .select('balance')
      .where('user_id', '=', customer.id)
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(funds - 5 * cheapestCents);
    const drafted = await t.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('id', 'in', ids)
      .where('status', '!=', 1)
      .execute();
    expect(drafted).toHaveLength(5);
    await ledgerWhole(t, customer.id);
  });

  test('tracking numbers stay unique while batches and single purchases run at the same time', async () => {
    const buyers = [await createActiveCustomer(t, admin), await createActiveCustomer(t, admin)];
    const batches: number[][] = [];
    for (const buyer of buyers) {
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/balance/adjust',
        payload: { userId: buyer.id, currency: 'USD', amount: '900.00', remark: 'x' },
      });
      batches.push(await drafts(t.app, buyer.token, 40));
    }
    const [single, singleToken] = [await drafts(t.app, buyers[0]!.token, 3), buyers[0]!.token];
    const jobs = await Promise.all(
      buyers.map((buyer, i) =>
        call(t.app, buyer.token, {
          method: 'POST',
          url: '/api/app/order/label/batchCreateMix',
          payload: { ids: batches[i], strategy: 'cheapest' },
        }),
      ),
    );
    for (const orderId of single) {
      const [line] = (
        await call(t.app, singleToken, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } })
      ).json().data as { serviceId: number; cheapest: boolean }[];
      await call(t.app, singleToken, {
        method: 'POST',
        url: '/api/app/order/label/create',
        payload: { orderId, serviceId: line!.serviceId },
      });
    }
    for (const [i, res] of jobs.entries()) {
      const job = await waitForJob(t.app, buyers[i]!.token, res.json().data.jobId);
      expect(job.done).toBe(40);
    }
    const numbers = await t.ctx.db
      .selectFrom('parcels')
      .innerJoin('orders', 'orders.id', 'parcels.order_id')
      .select('parcels.tracking_no')
      .where(
        'orders.user_id',
        'in',
        buyers.map((buyer) => buyer.id),
      )
      .where('parcels.tracking_no', 'is not', null)
      .execute();
    expect(numbers).toHaveLength(83);
    expect(new Set(numbers.map((row) => row.tracking_no)).size).toBe(83);
  });

  test("staff batch-buy several customers' orders; each is charged to its owner", async () => {
    const buyers = [await createActiveCustomer(t, admin), await createActiveCustomer(t, admin)];
    const ids: number[] = [];
    for (const buyer of buyers) {
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/balance/adjust',
        payload: { userId: buyer.id, currency: 'USD', amount: '50.00', remark: 'x' },
      });
      ids.push(...(await drafts(t.app, buyer.token, 2)));
    }
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/label/batchCreate',
      payload: { ids, strategy: 'cheapest' },
    });
    expect(res.statusCode).toBe(200);
    const job = await waitForJob(t.app, admin, res.json().data.jobId);
    expect(job).toMatchObject({ total: 4, done: 4, failed: 0 });
    for (const buyer of buyers) {
      const charges = await t.ctx.db
        .selectFrom('balance_logs')
        .select(['actor_id'])
        .where('user_id', '=', buyer.id)
        .where('type', '=', 1)
        .execute();
      expect(charges).toHaveLength(2);
      // The staff member who started the job is recorded as the actor of each charge.
      expect(charges.every((charge) => charge.actor_id === 1)).toBe(true);
      await ledgerWhole(t, buyer.id);
    }
    const customer = buyers[0] as (typeof buyers)[number];
    const refused = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/admin/order/label/batchCreate',
      payload: { ids },
    });
    expect(refused.statusCode).toBe(403);
  });

  test("a job over someone else's orders is refused", async () => {
    const owner = await createActiveCustomer(t, admin);
    const other = await createActiveCustomer(t, admin);
    const ids = await drafts(t.app, owner.token, 1);
    const res = await call(t.app, other.token, {
      method: 'POST',
      url: '/api/app/order/label/batchCreateMix',
      payload: { ids },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.ids).toBe('Order not found');
  });

  test('batch rating answers every order’s services with the cheapest marked', async () => {
    const customer = await createActiveCustomer(t, admin);
    const ids = await drafts(t.app, customer.token, 3);
    const jobId = (
      await call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/order/batchEstimateRateMix',
        payload: { ids },
      })
    ).json().data.jobId;
    const job = await waitForJob(t.app, customer.token, jobId);
    expect(job).toMatchObject({ done: 3, failed: 0 });
    const items = (await call(t.app, customer.token, { method: 'GET', url: `/api/app/jobs/${jobId}/items` })).json()
      .data.list;
    for (const item of items) {
      const lines = JSON.parse(item.message);
      expect(lines).toHaveLength(5);
      expect(lines.filter((line: { cheapest: boolean }) => line.cheapest)).toHaveLength(1);
    }
  });
});

describe('a batch interrupted by a crash resumes without charging twice', () => {
  let first: Awaited<ReturnType<typeof buildApp>>;
  let second: Awaited<ReturnType<typeof buildApp>> | null = null;
  let cleanup: TestApp;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-batch-'));
    // startApp gives the database (and its clean-up); the crashed instance runs no worker.
    cleanup = await startApp({ dataDir, sqliteFile: path.join(dataDir, 'batch.db'), jobPollMs: 20, jobLockMs: 500 });
    await cleanup.ctx.db.updateTable('jobs').set({ status: 'done' }).execute();
    first = await buildApp(cleanup.config, { logger: false, worker: false });
  });
  afterAll(async () => {
    await second?.app.close();
    await first.app.close();
    await cleanup.close();
  });

  test('finished items are kept, the half-bought one is undone and bought again, the rest are bought', async () => {
    const app = first.app;
    const admin = await loginToken(app, ADMIN.username, ADMIN.password);
    const customer = await createActiveCustomer({ ...cleanup, app, ctx: first.ctx }, admin);
    await call(app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '300.00', remark: 'x' },
    });
    const ids = await drafts(app, customer.token, 8);
    // Stop the test app's own worker from taking the job: only the crashed and the restarted instance run it.
    await cleanup.app.close();
    const jobId = (
      await call(app, customer.token, { method: 'POST', url: '/api/app/order/label/batchCreateMix', payload: { ids } })
    ).json().data.jobId;

    // What the crashed worker had done: three orders bought and recorded, the fourth charged but not finished.
    const usps = (
      await call(app, customer.token, {
        method: 'POST',
        url: '/api/app/order/estimateRateMix',
        payload: { orderId: ids[0] },
      })
    )
      .json()
      .data.find((line: { cheapest: boolean }) => line.cheapest);
    for (const [seq, orderId] of ids.slice(0, 3).entries()) {
      await call(app, customer.token, {
        method: 'POST',
        url: '/api/app/order/label/create',
        payload: { orderId, serviceId: usps.serviceId },
      });
      await first.ctx.db
        .updateTable('job_items')
        .set({ status: 1, message: 'bought' })
        .where('job_id', '=', jobId)
        .where('seq', '=', seq)
        .execute();
    }
    const halfway = ids[3] as number;
    await first.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ status: 17, rate: 1234 }).where('id', '=', halfway).execute();
      await applyMovement(trx, {
        userId: customer.id,
        currency: 'USD',
        type: 1,
        amount: -1234,
        reference: { type: 'order', id: halfway },
        actorId: null,
      });
    });
    await first.ctx.db
      .updateTable('jobs')
      .set({ status: 'running', done: 3, locked_by: 'crashed-worker', locked_until: Date.now() - 1 })
      .where('id', '=', jobId)
      .execute();

    second = await buildApp(cleanup.config, { logger: false });
    const job = await waitForJob(second.app, customer.token, jobId);
    expect(job).toMatchObject({ total: 8, done: 8, failed: 0, left: 0 });

    const orders = await second.ctx.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(orders.every((order) => order.status === 1)).toBe(true);
    const net = await second.ctx.db
      .selectFrom('balance_logs')
      .select(['reference_id', 'type', 'amount'])
      .where('user_id', '=', customer.id)
      .where('type', 'in', [1, 2])
      .execute();
    for (const orderId of ids) {
      const rows = net.filter((row) => row.reference_id === orderId);
      const charges = rows.filter((row) => row.type === 1).length;
      const refunds = rows.filter((row) => row.type === 2).length;
      expect(charges - refunds).toBe(1);
    }
    expect(net.filter((row) => row.reference_id === halfway && row.type === 2)).toHaveLength(1);
    await ledgerWhole(second, customer.id);
  });
});

describe('an instance stopped mid-batch (SIGTERM, a rolling restart)', () => {
  let cleanup: TestApp;
  let stopping: Awaited<ReturnType<typeof buildApp>>;
  let next: Awaited<ReturnType<typeof buildApp>> | null = null;
  let reader: Awaited<ReturnType<typeof buildApp>>; // no worker: reads the job between the two

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-handback-'));
    // A lock far longer than the test: only a job given back can be taken over in time.
    cleanup = await startApp({
      dataDir,
      sqliteFile: path.join(dataDir, 'handback.db'),
      jobPollMs: 20,
      jobLockMs: 600_000,
      jobConcurrency: 1,
    });
    await cleanup.app.close(); // its worker must not take the job: only the stopping and the next instance run it
    stopping = await buildApp(cleanup.config, { logger: false });
    reader = await buildApp(cleanup.config, { logger: false, worker: false });
  });
  afterAll(async () => {
    await next?.app.close();
    await reader.app.close();
    await cleanup.close();
  });

  test('gives its job back once the item in hand is recorded; the next instance finishes it, each order charged once', async () => {
    const app = stopping.app;
    const admin = await loginToken(app, ADMIN.username, ADMIN.password);
    const customer = await createActiveCustomer({ ...cleanup, app, ctx: stopping.ctx }, admin);
    await call(app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '2000.00', remark: 'x' },
    });
    const ids = await drafts(app, customer.token, 60);
    const jobId = (
      await call(app, customer.token, { method: 'POST', url: '/api/app/order/label/batchCreateMix', payload: { ids } })
    ).json().data.jobId;
    for (let i = 0; i < 400; i++) {
      const job = (await call(app, customer.token, { method: 'GET', url: `/api/app/jobs/${jobId}` })).json().data;
      if (job.done > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await app.close();

    const handedBack = await reader.ctx.db
      .selectFrom('jobs')
      .select(['status', 'locked_by', 'done'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(handedBack).toMatchObject({ status: 'queued', locked_by: null });
    expect(handedBack.done).toBeLessThan(60);

    next = await buildApp(cleanup.config, { logger: false });
    const job = await waitForJob(next.app, customer.token, jobId);
    expect(job).toMatchObject({ total: 60, done: 60, failed: 0, left: 0 });
    const charges = await next.ctx.db
      .selectFrom('balance_logs')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('reference_id').distinct().as('orders')])
      .where('user_id', '=', customer.id)
      .where('type', '=', 1)
      .executeTakeFirstOrThrow();
    expect({ n: Number(charges.n), orders: Number(charges.orders) }).toEqual({ n: 60, orders: 60 });
    await ledgerWhole(next, customer.id);
    // Two instances, 60 purchases and a restart: on a machine whose two cores are shared, more than the default.
  }, 120_000);
});
