import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { applyMovement } from '../src/modules/funds/ledger.ts';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';
import { RECIPIENT, SENDER } from './parties.ts';
import { untilSome } from './waits.ts';

const from = SENDER;
const to = RECIPIENT;
const DAY = 24 * 3_600_000;

/** Two app instances on one database, each running its worker and its sweeps (every 20 ms). */
let one: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
let admin: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-interrupted-'));
  one = await startApp({ dataDir, sqliteFile: path.join(dataDir, 'interrupted.db'), jobPollMs: 20, sweepMs: 20 });
  other = await buildApp(one.config, { logger: false });
  admin = await loginToken(one.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await other.app.close();
  await one.close();
});

async function fundedCustomer(amount: string) {
  const customer = await createActiveCustomer(one, admin);
  await call(one.app, admin, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId: customer.id, currency: 'USD', amount, remark: 'x' },
  });
  return customer;
}

async function draft(app: FastifyInstance, token: string): Promise<{ orderId: number; orderNo: string }> {
  const res = await call(app, token, {
    method: 'POST',
    url: '/api/app/order/draft',
    payload: { from, to, parcels: [{ length: 6, width: 6, height: 6, weight: 1 }] },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function cheapestService(app: FastifyInstance, token: string, orderId: number): Promise<number> {
  const lines = (
    await call(app, token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } })
  ).json().data as { serviceId: number; cheapest: boolean }[];
  return (lines.find((line) => line.cheapest) as { serviceId: number }).serviceId;
}

/** What an instance that stopped mid-purchase leaves: the order in 17, charged, its claim until `until`. */
async function leftPlacing(userId: number, order: { orderId: number; orderNo: string }, until: number) {
  await one.ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({ status: 17, rate: 900, placing_until: until })
      .where('id', '=', order.orderId)
      .execute();
    await applyMovement(trx, {
      userId,
      currency: 'USD',
      type: 1,
      amount: -900,
      reference: { type: 'order', id: order.orderId, no: order.orderNo },
      actorId: null,
    });
  });
}

async function ledgerWhole(userId: number) {
  const wallet = await one.ctx.db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', 'USD')
    .executeTakeFirstOrThrow();
  const sum = await one.ctx.db
    .selectFrom('balance_logs')
    .select((eb) => eb.fn.sum<number>('amount').as('s'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(Number(sum.s)).toBe(wallet.balance);
  return wallet;
}

const detail = async (app: FastifyInstance, token: string, id: number) =>
  (await call(app, token, { method: 'GET', url: `/api/app/order/detail/${id}` })).json().data;

describe('a purchase an instance left in 17', () => {
  test('is refunded by a running instance once its claim lapses, exactly once; a held claim is left alone', async () => {
    const customer = await fundedCustomer('30.00');
    // The held one first: a sweep reaches it before the lapsed one, so when the lapsed one is refunded the
    // held one has been looked at too.
    const held = await draft(one.app, customer.token);
    const lapsed = await draft(one.app, customer.token);
    await leftPlacing(customer.id, held, Date.now() + 10 * 60_000);
    await leftPlacing(customer.id, lapsed, Date.now() - 1);

    const failed = await untilSome(async () => {
      const order = await detail(other.app, customer.token, lapsed.orderId);
      return order.status === 5 ? order : null;
    }, 'the lapsed purchase is refunded');
    expect(failed.failReason).toBe('interrupted');
    expect((await detail(other.app, customer.token, held.orderId)).status).toBe(17);

    const refunds = await one.ctx.db
      .selectFrom('balance_logs')
      .select(['reference_id', 'amount'])
      .where('user_id', '=', customer.id)
      .where('type', '=', 2)
      .execute();
    expect(refunds).toEqual([{ reference_id: lapsed.orderId, amount: 900 }]);
    const wallet = await ledgerWhole(customer.id);
    expect(wallet.balance).toBe(3000 - 900);
  });

  test('a batch item whose order another instance is still buying waits for it instead of failing', async () => {
    const customer = await fundedCustomer('30.00');
    const order = await draft(one.app, customer.token);
    // Another instance holds the purchase for a few seconds yet (a ratecard label: refunded once it lapses).
    await leftPlacing(customer.id, order, Date.now() + 3_000);
    const jobId = (
      await call(other.app, customer.token, {
        method: 'POST',
        url: '/api/app/order/label/batchCreateMix',
        payload: { ids: [order.orderId], strategy: 'cheapest' },
      })
    ).json().data.jobId;
    const waiting = await untilSome(async () => {
      const item = await one.ctx.db.selectFrom('job_items').selectAll().where('job_id', '=', jobId).executeTakeFirst();
      return item?.not_before ? item : null;
    }, 'the item to wait');
    expect(waiting).toMatchObject({
      status: 0,
      message: 'An interrupted purchase of this order is being settled; the item goes on by itself',
    });
    const job = await untilSome(async () => {
      const answer = (await call(one.app, customer.token, { method: 'GET', url: `/api/app/jobs/${jobId}` })).json()
        .data;
      return answer.status === 'done' ? answer : null;
    }, 'the batch finishes');
    expect(job).toMatchObject({ done: 1, failed: 0 });
    // The lapsed purchase was refunded once, and the order bought again once.
    expect((await detail(one.app, customer.token, order.orderId)).status).toBe(1);
    await ledgerWhole(customer.id);
  });

  test('a batch running beside the sweeps buys every order once, none swept away', async () => {
    const customer = await fundedCustomer('100.00');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await draft(one.app, customer.token)).orderId);
    const jobId = (
      await call(other.app, customer.token, {
        method: 'POST',
        url: '/api/app/order/label/batchCreateMix',
        payload: { ids, strategy: 'cheapest' },
      })
    ).json().data.jobId;
    const job = await untilSome(async () => {
      const answer = (await call(one.app, customer.token, { method: 'GET', url: `/api/app/jobs/${jobId}` })).json()
        .data;
      return answer.status === 'done' ? answer : null;
    }, 'the batch finishes');
    expect(job).toMatchObject({ done: 6, failed: 0 });
    const refunds = await one.ctx.db
      .selectFrom('balance_logs')
      .select('id')
      .where('user_id', '=', customer.id)
      .where('type', '=', 2)
      .execute();
    expect(refunds).toEqual([]);
    await ledgerWhole(customer.id);
  });
});

describe('Idempotency-Key', () => {
  const buy = (app: FastifyInstance, token: string, orderId: number, serviceId: number, key: string) =>
    call(app, token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId },
      headers: { 'idempotency-key': key },
    });
  const requestHash = async (orderId: number, serviceId: number) => {
    const { createHash } = await import('node:crypto');
    return createHash('sha256').update(JSON.stringify({ orderId, serviceId })).digest('hex');
  };

  test('a key a crash left in progress is released when its claim lapses; a held one still answers 409', async () => {
    const customer = await fundedCustomer('30.00');
    const order = await draft(one.app, customer.token);
    const serviceId = await cheapestService(one.app, customer.token, order.orderId);
    const hash = await requestHash(order.orderId, serviceId);
    // A call under 'held' is still running somewhere; the one under 'crashed' stopped without an answer.
    await one.ctx.db
      .insertInto('idempotency_keys')
      .values([
        {
          user_id: customer.id,
          key: 'held',
          request_hash: hash,
          created_at: Date.now(),
          locked_until: Date.now() + DAY,
        },
        {
          user_id: customer.id,
          key: 'crashed',
          request_hash: hash,
          created_at: Date.now(),
          locked_until: Date.now() - 1,
        },
      ])
      .execute();
    expect((await buy(other.app, customer.token, order.orderId, serviceId, 'held')).statusCode).toBe(409);
    const retried = await buy(other.app, customer.token, order.orderId, serviceId, 'crashed');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.status).toBe(1);
    const again = await buy(one.app, customer.token, order.orderId, serviceId, 'crashed');
    expect(again.json()).toEqual(retried.json());
    await ledgerWhole(customer.id);
  });

  test('a key is forgotten after 24 hours: a new call with it runs anew, and the sweep deletes it', async () => {
    const customer = await fundedCustomer('30.00');
    const first = await draft(one.app, customer.token);
    const second = await draft(one.app, customer.token);
    const serviceId = await cheapestService(one.app, customer.token, first.orderId);
    expect((await buy(one.app, customer.token, first.orderId, serviceId, 'daily')).statusCode).toBe(200);
    // Within the day the key still means the first call.
    expect((await buy(one.app, customer.token, second.orderId, serviceId, 'daily')).statusCode).toBe(422);
    const dayAgo = Date.now() - DAY - 1000;
    await one.ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: dayAgo })
      .where('user_id', '=', customer.id)
      .execute();
    const anew = await buy(other.app, customer.token, second.orderId, serviceId, 'daily');
    expect(anew.statusCode).toBe(200);
    expect(anew.json().data).toMatchObject({ id: second.orderId, status: 1 });

    // A key nobody uses again is deleted by a sweep once it is a day old.
    await one.ctx.db
      .insertInto('idempotency_keys')
      .values({
        user_id: customer.id,
        key: 'stale',
        request_hash: 'x',
        status_code: 200,
        response: '{}',
        created_at: dayAgo,
      })
      .execute();
    await untilSome(
      async () =>
        !(await one.ctx.db
          .selectFrom('idempotency_keys')
          .select('key')
          .where('user_id', '=', customer.id)
          .where('key', '=', 'stale')
          .executeTakeFirst()),
      'the stale key is deleted',
    );
    const kept = await one.ctx.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', customer.id)
      .execute();
    expect(kept).toEqual([{ key: 'daily' }]);
    await ledgerWhole(customer.id);
  });
});
