import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isPublicAddress } from '../src/outbound/target.ts';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  expectFieldError,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

/**
 * The webhook targets here listen on 127.0.0.2, the one host the operator allows (WEBHOOK_ALLOWED_HOSTS):
 * every other loopback or private address stays refused, 127.0.0.1 included.
 */
const ALLOWED = '127.0.0.2';
const REFUSED =
  'The webhook URL must be a public http(s) address: loopback, private, link-local and multicast addresses are refused';

interface Received {
  body: string;
  /** The delivery's connection was closed (by an answer or by the sender giving up). */
  closed: boolean;
}

/** A local HTTP target that records each POST and answers it with `answer` (or never, if it does nothing). */
async function webhookTarget(host: string, answer: (res: ServerResponse, req: IncomingMessage) => void) {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const entry = { body: await text(req), closed: false };
    received.push(entry);
    res.on('close', () => {
      entry.closed = true;
    });
    answer(res, req);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}/hook?secret=s3cr3t`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Target = Awaited<ReturnType<typeof webhookTarget>>;

async function fundedCustomer(t: TestApp) {
  const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  const customer = await createActiveCustomer(t, admin);
  await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId: customer.id, currency: 'USD', amount: '100', remark: 'x' },
  });
  return customer;
}

const subscribe = (t: TestApp, token: string, trackingNo: string, webhookUrl: string) =>
  call(t.app, token, { method: 'POST', url: '/api/app/tracking/subscribe', payload: { trackingNo, webhookUrl } });

/** What a merchant's tracking query with refresh does: every parcel on its way is refreshed. */
const refresh = (t: TestApp, token: string, trackingNo: string) =>
  call(t.app, token, { method: 'GET', url: `/api/app/tracking/query?numbers=${trackingNo}&refresh=true` });

/** The webhook job that tells of `trackingNo`, once it is queued. */
async function webhookJob(t: TestApp, trackingNo: string) {
  const jobs = await t.ctx.db.selectFrom('jobs').selectAll().where('type', '=', 'webhook').execute();
  return jobs.find((job) => JSON.parse(job.payload).body.includes(trackingNo));
}

async function finishedJob(t: TestApp, trackingNo: string) {
  return vi.waitFor(
    async () => {
      const job = await webhookJob(t, trackingNo);
      if (!job?.finished_at) throw new Error('the webhook job has not finished yet');
      return job;
    },
    { timeout: 20_000, interval: 20 },
  );
}

describe('webhook targets', () => {
  test('an address outside private networks is public, whatever form it is written in', () => {
    for (const address of ['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '64:ff9b::7f00:1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('webhook subscriptions and deliveries', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
  const targets: Target[] = [];
  const target = async (answer: (res: ServerResponse) => void, host = ALLOWED) => {
    const created = await webhookTarget(host, answer);
    targets.push(created);
    return created;
  };

  beforeAll(async () => {
    t = await startApp({
      webhookAllowedHosts: [ALLOWED],
      // A slow target is held as long as a test needs it: an attempt's limit is far away here.
      webhookTimeoutMs: 3_600_000,
      jobLockMs: 7_200_000,
      webhookAttempts: 3,
      webhookRetryMs: 1,
      jobPollMs: 20,
      // Labels stay 'information received' for the whole file: each is one change of state, one delivery.
      trackingStepMs: 3_600_000,
    });
    customer = await fundedCustomer(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(targets.map((created) => created.close()));
  });

  test('a loopback, private, link-local or unresolvable target is refused when saved, and nothing is saved', async () => {
    const { tracking } = await buyLabel(t.app, customer.token, true);
    const before = await t.ctx.db.selectFrom('tracking_subscriptions').selectAll().execute();
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://100.64.1.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd12::1]/hook',
      'http://0.0.0.0/hook',
      'http://224.0.0.1/hook',
      // Other spellings of 127.0.0.1
      'http://2130706433/hook',
      'http://0x7f.1/hook',
    ]) {
      const res = await subscribe(t, customer.token, tracking, url);
      expect(expectFieldError(res, 'webhookUrl'), url).toBe(REFUSED);
    }
    const unresolved = await subscribe(t, customer.token, tracking, 'http://no-such-host.invalid/hook');
    expect(expectFieldError(unresolved, 'webhookUrl')).toBe('The webhook host name does not resolve');
    expectFieldError(await subscribe(t, customer.token, tracking, 'ftp://example.com/hook'), 'webhookUrl');
    expect(await t.ctx.db.selectFrom('tracking_subscriptions').selectAll().execute()).toEqual(before);
  });

  test('a host the operator allows is accepted, and its delivery is a queued job that posts the change', async () => {
    const fast = await target((res) => res.writeHead(204).end());
    const { tracking } = await buyLabel(t.app, customer.token, true);
    expect((await subscribe(t, customer.token, tracking, fast.url)).statusCode).toBe(200);

    expect((await refresh(t, customer.token, tracking)).json().data[0]).toMatchObject({ status: 1 });
    const job = await finishedJob(t, tracking);
    expect(job).toMatchObject({ status: 'done', user_id: customer.id, attempts: 1, result: 'delivered (HTTP 204)' });
    expect(fast.received).toHaveLength(1);
    expect(JSON.parse(fast.received[0]?.body ?? '')).toMatchObject({ trackingNo: tracking, status: 1 });
  });

  test('a slow target holds back neither the tracking refresh nor the deliveries to other targets', async () => {
    const slow = await target(() => undefined);
    const fast = await target((res) => res.writeHead(200).end('ok'));
    const first = await buyLabel(t.app, customer.token, true);
    const second = await buyLabel(t.app, customer.token, true);
    expect((await subscribe(t, customer.token, first.tracking, slow.url)).statusCode).toBe(200);
    expect((await subscribe(t, customer.token, second.tracking, fast.url)).statusCode).toBe(200);

    // Both parcels change state in this refresh; it answers while the slow target still holds its delivery.
    const answer = (await refresh(t, customer.token, `${first.tracking},${second.tracking}`)).json().data;
    expect(answer.map((parcel: { status: number }) => parcel.status)).toEqual([1, 1]);
    await vi.waitFor(() => expect(slow.received).toHaveLength(1), { timeout: 20_000, interval: 20 });
    expect(await finishedJob(t, second.tracking)).toMatchObject({ status: 'done' });
    expect(fast.received).toHaveLength(1);
    // The slow delivery is still waiting for its answer, on its own.
    expect(slow.received[0]?.closed).toBe(false);
    expect(await webhookJob(t, first.tracking)).toMatchObject({ status: 'running' });
  });

  test('a failing target is retried with backoff, then given up and recorded on the job', async () => {
    const failing = await target((res) => res.writeHead(500).end());
    const { tracking } = await buyLabel(t.app, customer.token, true);
    expect((await subscribe(t, customer.token, tracking, failing.url)).statusCode).toBe(200);
    await refresh(t, customer.token, tracking);
    const job = await finishedJob(t, tracking);
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 3,
      failed: 1,
      result: 'gave up after 3 attempts: answered HTTP 500',
    });
    expect(failing.received).toHaveLength(3);
  });

  test('a redirect is not followed', async () => {
    const elsewhere = await target((res) => res.writeHead(204).end());
    const redirecting = await target((res) => res.writeHead(302, { location: elsewhere.url }).end());
    const { tracking } = await buyLabel(t.app, customer.token, true);
    expect((await subscribe(t, customer.token, tracking, redirecting.url)).statusCode).toBe(200);
    await refresh(t, customer.token, tracking);
    expect(await finishedJob(t, tracking)).toMatchObject({
      status: 'failed',
      result: 'gave up after 3 attempts: answered HTTP 302',
    });
    expect(redirecting.received).toHaveLength(3);
    expect(elsewhere.received).toHaveLength(0);
  });

  test('the target is checked again when called: one saved before the check is refused and never reached', async () => {
    const loopback = await target((res) => res.writeHead(204).end(), '127.0.0.1');
    const { tracking } = await buyLabel(t.app, customer.token, true);
    // As a subscription saved before targets were checked (or while the operator allowed the host) is kept.
    await t.ctx.db
      .insertInto('tracking_subscriptions')
      .values({
        user_id: customer.id,
        tracking_no: tracking,
        email: null,
        webhook_url: loopback.url,
        created_at: Date.now(),
      })
      .execute();
    await refresh(t, customer.token, tracking);
    expect(await finishedJob(t, tracking)).toMatchObject({
      status: 'failed',
      result: 'gave up after 3 attempts: refused: the host is a private, loopback, link-local or multicast address',
    });
    expect(loopback.received).toHaveLength(0);
  });
});

describe('a webhook target that never answers', () => {
  let t: TestApp;
  let silent: Target;

  beforeAll(async () => {
    silent = await webhookTarget(ALLOWED, () => undefined);
    t = await startApp({
      webhookAllowedHosts: [ALLOWED],
      webhookTimeoutMs: 100,
      webhookAttempts: 2,
      webhookRetryMs: 1,
      jobPollMs: 20,
      trackingStepMs: 3_600_000,
    });
  });
  afterAll(async () => {
    await t.close();
    await silent.close();
  });

  test('is given up after the attempts, each cut off at its time limit', async () => {
    const customer = await fundedCustomer(t);
    const { tracking } = await buyLabel(t.app, customer.token, true);
    expect((await subscribe(t, customer.token, tracking, silent.url)).statusCode).toBe(200);
    await refresh(t, customer.token, tracking);
    expect(await finishedJob(t, tracking)).toMatchObject({
      status: 'failed',
      attempts: 2,
      result: 'gave up after 2 attempts: no answer in time',
    });
    // Whatever reached the target was hung up on, not left open.
    await vi.waitFor(() => expect(silent.received.every((delivery) => delivery.closed)).toBe(true), {
      timeout: 20_000,
      interval: 20,
    });
  });
});
