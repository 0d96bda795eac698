import { DAY_MS } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DELIVERY_ATTEMPTS, retryDelayMs } from '../src/modules/webhooks/deliver.ts';
import { emitWebhookEvent } from '../src/modules/webhooks/events.ts';
import { pruneWebhookLog } from '../src/modules/webhooks/prune.ts';
import { sign } from '../src/modules/webhooks/signing.ts';
import vectors from './fixtures/standard-webhooks/vectors.json' with { type: 'json' };
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
import { verifyStandardWebhook } from './standard-webhooks-verifier.ts';
import { ALLOWED, type Received, type Receiver, receiver } from './webhook-receiver.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

const wait = { timeout: 20_000, interval: 20 };

describe('Standard Webhooks signatures', () => {
  test("our signer reproduces the spec's published test vector", () => {
    const v = vectors.signing;
    expect(sign(v.secret, v.msgId, v.timestamp, v.payload)).toBe(v.signature);
    // A secret written without its prefix is the same key.
    expect(sign(v.secret.replace('whsec_', ''), v.msgId, v.timestamp, v.payload)).toBe(v.signature);
  });

  test('the verifier written from the spec text accepts the vector, alone or among other signatures', () => {
    const v = vectors.signing;
    const headers = { 'webhook-id': v.msgId, 'webhook-timestamp': String(v.timestamp) };
    const verify = (signature: string, payload = v.payload) =>
      verifyStandardWebhook(v.secret, { ...headers, 'webhook-signature': signature }, payload, v.timestamp);
    expect(verify(v.signature)).toBeNull();
    expect(verify([...vectors.multiSignatureDecoys, v.signature].join(' '))).toBeNull();
    expect(verify(vectors.multiSignatureDecoys.join(' '))).toBe('no matching signature');
    expect(verify(v.signature, `${v.payload} `)).toBe('no matching signature');
    expect(
      verifyStandardWebhook(
        v.secret,
        { ...headers, 'webhook-signature': v.signature },
        v.payload,
        v.timestamp + vectors.toleranceSeconds + 1,
      ),
    ).toBe('timestamp out of tolerance');
  });

  test('the retry waits grow from 30 s to 12 h with jitter that only adds, spanning more than three days', () => {
    const waits = (random: () => number) =>
      Array.from({ length: DELIVERY_ATTEMPTS - 1 }, (_, index) => retryDelayMs(index + 1, random));
    const least = waits(() => 0);
    const most = waits(() => 0.999);
    expect(least.slice(0, 3)).toEqual([30_000, 90_000, 270_000]);
    expect(least.at(-1)).toBe(12 * 3_600_000);
    expect(least.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(3 * DAY_MS);
    for (const [index, wait] of most.entries())
      expect(wait).toBeLessThanOrEqual(Math.round((least[index] ?? 0) * 1.25));
  });
});

describe('webhook endpoints', () => {
  let t: TestApp;
  let admin: string;
  let merchant: Awaited<ReturnType<typeof createActiveCustomer>>;
  let other: Awaited<ReturnType<typeof createActiveCustomer>>;
  const receivers: Receiver[] = [];
  const newReceiver = async (host = ALLOWED) => {
    const made = await receiver(host);
    receivers.push(made);
    return made;
  };

  beforeAll(async () => {
    t = await startApp({
      webhookAllowedHosts: [ALLOWED],
      jobPollMs: 20,
      // Test labels stay 'information received' for the whole file: one change of state each.
      trackingStepMs: 3_600_000,
    });
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    merchant = await createActiveCustomer(t, admin);
    other = await createActiveCustomer(t, admin);
    for (const user of [merchant, other])
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/balance/adjust',
        payload: { userId: user.id, currency: 'USD', amount: '200', remark: 'x' },
      });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(receivers.map((made) => made.close()));
  });

  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    call(t.app, token, { method, url: `/api/app/webhooks${url}`, ...(payload ? { payload } : {}) });

  /** A new endpoint; `test` for one that hears of test labels (a signed-in merchant chooses the mode). */
  async function endpoint(token: string, url: string, eventTypes: string[], test?: boolean) {
    const payload = { url, eventTypes, description: 'orders system', ...(test === undefined ? {} : { test }) };
    const res = await api(token, 'POST', '/endpoints', payload);
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; secret: string; secretPrefix: string; mode: 'test' | 'live' };
  }

  /** The endpoint's newest deliveries as the log answers them. */
  const log = async (token: string, id: number) => (await api(token, 'GET', `/endpoints/${id}/deliveries`)).json().data;

  /** Makes the delivery's queued retry due now: the clock of the queue, driven instead of waited for. */
  async function retryNow(deliveryId: number) {
    const delivery = await t.ctx.db
      .selectFrom('webhook_deliveries')
      .select('job_id')
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    // The attempt is recorded, and its task queued again, once the task ends: after the receiver has answered.
    await vi.waitFor(async () => {
      const job = await t.ctx.db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', Number(delivery.job_id))
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('queued');
    }, wait);
    await t.ctx.db
      .updateTable('jobs')
      .set({ run_after: Date.now() })
      .where('id', '=', Number(delivery.job_id))
      .where('status', '=', 'queued')
      .execute();
    t.ctx.wakeWorker();
  }

  test('an endpoint is made with its secret shown once; unsafe URLs and unknown event types are refused', async () => {
    // A public address, written as one (no name to resolve here); it is switched off before anything is sent.
    const made = await endpoint(merchant.token, 'https://93.184.215.14/parcelport', ['label.created']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.secret.slice(6), 'base64')).toHaveLength(32);
    const listed = (await api(merchant.token, 'GET', '/endpoints')).json().data;
    expect(listed[0]).toMatchObject({ id: made.id, enabled: true, eventTypes: ['label.created'] });
    expect(listed[0].secret).toBeUndefined();
    expect(made.secret.startsWith(listed[0].secretPrefix.replace('…', ''))).toBe(true);

    const before = await t.ctx.db.selectFrom('webhook_endpoints').select('id').execute();
    for (const url of ['http://127.0.0.1:9/hook', 'http://169.254.169.254/latest', 'http://[::1]/hook'])
      expect(
        expectFieldError(
          await api(merchant.token, 'POST', '/endpoints', { url, eventTypes: ['label.created'] }),
          'url',
        ),
      ).toMatch(/must be a public http\(s\) address/);
    expectFieldError(
      await api(merchant.token, 'POST', '/endpoints', {
        url: 'https://93.184.215.14/',
        eventTypes: ['label.eaten'],
      }),
      'eventTypes.0',
    );
    expectFieldError(
      await api(merchant.token, 'POST', '/endpoints', { url: 'https://93.184.215.14/', eventTypes: [] }),
      'eventTypes',
    );
    expectFieldError(
      await api(merchant.token, 'POST', '/endpoints', { url: 'ftp://x.example.com/', eventTypes: ['label.created'] }),
      'url',
    );
    expect(await t.ctx.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual(before);
    const off = { url: 'https://93.184.215.14/parcelport', eventTypes: ['label.created'], enabled: false };
    expect((await api(merchant.token, 'PUT', `/endpoints/${made.id}`, off)).json().data).toMatchObject({
      enabled: false,
      disabledReason: 'merchant',
    });
  });

  test('a bought label reaches the endpoint signed; a receiver following the spec verifies it', async () => {
    const target = await newReceiver();
    const made = await endpoint(merchant.token, target.url, ['label.created', 'tracking.updated'], true);
    const { orderId, tracking } = await buyLabel(t.app, merchant.token, true);
    await vi.waitFor(() => expect(target.received.length).toBeGreaterThanOrEqual(1), wait);
    const [delivery] = target.received as [Received];
    expect(verifyStandardWebhook(made.secret, delivery.headers, delivery.body, nowSeconds())).toBeNull();
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({ type: 'label.created', data: { orderId, trackingNo: tracking, test: true } });
    expect(delivery.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]+$/);

    // The log shows the attempt: answer code, time, attempt number, duration, and the body as sent.
    await vi.waitFor(async () => expect((await log(merchant.token, made.id))[0]?.status).toBe('succeeded'), wait);
    const [row] = await log(merchant.token, made.id);
    expect(row).toMatchObject({
      eventType: 'label.created',
      attempts: 1,
      lastCode: 204,
      eventId: delivery.headers['webhook-id'],
    });
    const detail = (await api(merchant.token, 'GET', `/endpoints/${made.id}/deliveries/${row.id}`)).json().data;
    expect(detail.body).toBe(delivery.body);
    expect(detail.attemptsLog).toEqual([
      expect.objectContaining({
        attempt: 1,
        trigger: 'auto',
        statusCode: 204,
        error: null,
        durationMs: expect.any(Number),
      }),
    ]);

    // A change of the parcel's state is tracking.updated (the refresh moves it to 'information received').
    await call(t.app, merchant.token, {
      method: 'GET',
      url: `/api/app/tracking/query?numbers=${tracking}&refresh=true`,
    });
    await vi.waitFor(
      () => expect(target.received.map((r) => JSON.parse(r.body).type)).toContain('tracking.updated'),
      wait,
    );
    const update = target.received.find((r) => JSON.parse(r.body).type === 'tracking.updated') as Received;
    expect(JSON.parse(update.body).data).toMatchObject({ orderId, trackingNo: tracking, status: 1 });
    expect(verifyStandardWebhook(made.secret, update.headers, update.body, nowSeconds())).toBeNull();
    await api(merchant.token, 'PUT', `/endpoints/${made.id}`, {
      url: target.url,
      eventTypes: ['label.created'],
      enabled: false,
    });
  });

  test('an endpoint that never answers does not hold up buying', async () => {
    const silent = await newReceiver();
    silent.answerWith(() => undefined);
    const made = await endpoint(merchant.token, silent.url, ['label.created'], true);
    await buyLabel(t.app, merchant.token, true);
    await vi.waitFor(() => expect(silent.received).toHaveLength(1), wait);
    // While that delivery waits for its answer, the next purchase is made and answered.
    const next = await buyLabel(t.app, merchant.token, true);
    expect(next.tracking).toBeTruthy();
    expect(silent.received[0]?.closed).toBe(false);
    await api(merchant.token, 'PUT', `/endpoints/${made.id}`, {
      url: silent.url,
      eventTypes: ['label.created'],
      enabled: false,
    });
  });

  test('one source makes one event: emitted again it records nothing and is delivered once', async () => {
    const target = await newReceiver();
    const made = await endpoint(merchant.token, target.url, ['order.imported']);
    const event = {
      userId: merchant.id,
      type: 'order.imported' as const,
      source: 'order:999999',
      data: { orderId: 999999 },
      test: false,
    };
    const first = await emitWebhookEvent(t.ctx.db, event);
    const again = await t.ctx.db.transaction().execute((trx) => emitWebhookEvent(trx, event));
    expect(first).toMatch(/^msg_/);
    expect(again).toBeNull();
    await vi.waitFor(async () => expect((await log(merchant.token, made.id))[0]?.status).toBe('succeeded'), wait);
    expect(target.received).toHaveLength(1);
    expect(target.received[0]?.headers['webhook-id']).toBe(first);
    // A merchant with no endpoint for the type has nothing recorded.
    expect(await emitWebhookEvent(t.ctx.db, { ...event, userId: other.id, source: 'order:1' })).toBeNull();
    await api(merchant.token, 'PUT', `/endpoints/${made.id}`, {
      url: target.url,
      eventTypes: ['order.imported'],
      enabled: false,
    });
  });

  test('a rotated secret signs beside the new one for a day, then the new one alone', async () => {
    const target = await newReceiver();
    const made = await endpoint(merchant.token, target.url, ['label.created']);
    const rotated = (await api(merchant.token, 'POST', `/endpoints/${made.id}/rotate`)).json().data;
    expect(rotated.secret).not.toBe(made.secret);
    expect(Date.parse(rotated.previousSecretValidUntil) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);

    const test1 = await api(merchant.token, 'POST', `/endpoints/${made.id}/test`, { eventType: 'label.created' });
    expect(test1.statusCode).toBe(200);
    await vi.waitFor(() => expect(target.received).toHaveLength(1), wait);
    const during = target.received[0] as Received;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyStandardWebhook(made.secret, during.headers, during.body, nowSeconds())).toBeNull();
    expect(verifyStandardWebhook(rotated.secret, during.headers, during.body, nowSeconds())).toBeNull();

    // A day later (the clock driven on the row), the old secret no longer signs.
    await t.ctx.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_until: Date.now() - 1 })
      .where('id', '=', made.id)
      .execute();
    await api(merchant.token, 'POST', `/endpoints/${made.id}/test`, { eventType: 'label.created' });
    await vi.waitFor(() => expect(target.received).toHaveLength(2), wait);
    const after = target.received[1] as Received;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifyStandardWebhook(rotated.secret, after.headers, after.body, nowSeconds())).toBeNull();
    expect(verifyStandardWebhook(made.secret, after.headers, after.body, nowSeconds())).toBe('no matching signature');
    const body = JSON.parse(after.body);
    expect(body).toMatchObject({ type: 'label.created', data: { test: true, orderNo: expect.any(String) } });
  });

  test('a failing delivery is retried with growing, jittered waits and succeeds once answered', async () => {
    const flaky = await newReceiver();
    flaky.answerWith((res) => res.writeHead(503).end('busy'));
    const made = await endpoint(merchant.token, flaky.url, ['label.created']);
    const sent = (await api(merchant.token, 'POST', `/endpoints/${made.id}/test`, {})).json().data;
    const job = async () => {
      const row = await t.ctx.db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('jobs as j', 'j.id', 'd.job_id')
        .select(['j.status', 'j.run_after', 'j.attempts', 'd.last_at'])
        .where('d.id', '=', sent.id)
        .executeTakeFirstOrThrow();
      return row;
    };
    for (const [attempt, least] of [
      [1, 30_000],
      [2, 90_000],
    ] as const) {
      await vi.waitFor(async () => {
        const row = await job();
        expect([row.status, row.attempts]).toEqual(['queued', attempt]);
      }, wait);
      const row = await job();
      const waited = Number(row.run_after) - Number(row.last_at);
      expect(waited).toBeGreaterThanOrEqual(least);
      expect(waited).toBeLessThanOrEqual(least * 1.25 + 1000);
      const listed = (await log(merchant.token, made.id))[0];
      expect(listed).toMatchObject({ status: 'pending', attempts: attempt, lastCode: 503 });
      expect(listed.nextAt).not.toBeNull();
      if (attempt === 2) flaky.answerWith((res) => res.writeHead(200).end('ok'));
      await retryNow(sent.id);
    }
    await vi.waitFor(async () => expect((await log(merchant.token, made.id))[0]?.status).toBe('succeeded'), wait);
    const detail = (await api(merchant.token, 'GET', `/endpoints/${made.id}/deliveries/${sent.id}`)).json().data;
    expect(detail.attemptsLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 503, 200]);
    expect(new Set(flaky.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(
      (await api(merchant.token, 'GET', '/endpoints')).json().data.find((e: { id: number }) => e.id === made.id),
    ).toMatchObject({
      enabled: true,
      failingSince: null,
    });
  });

  test('an endpoint failing through a whole retry schedule is switched off and its merchant told; replays follow', async () => {
    const broken = await newReceiver();
    broken.answerWith((res) => res.writeHead(500).end());
    const made = await endpoint(merchant.token, broken.url, ['label.created']);
    const sent = (await api(merchant.token, 'POST', `/endpoints/${made.id}/test`, {})).json().data;
    let waited = 0;
    for (let attempt = 1; attempt < DELIVERY_ATTEMPTS; attempt++) {
      await vi.waitFor(async () => expect(broken.received).toHaveLength(attempt), wait);
      await vi.waitFor(async () => {
        const row = await t.ctx.db
          .selectFrom('webhook_deliveries as d')
          .innerJoin('jobs as j', 'j.id', 'd.job_id')
          .select(['j.status', 'j.run_after', 'd.last_at'])
          .where('d.id', '=', sent.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('queued');
        waited += Number(row.run_after) - Number(row.last_at);
      }, wait);
      await retryNow(sent.id);
    }
    expect(waited).toBeGreaterThan(3 * DAY_MS);
    await vi.waitFor(async () => expect((await log(merchant.token, made.id))[0]?.status).toBe('failed'), wait);
    expect(broken.received).toHaveLength(DELIVERY_ATTEMPTS);
    const listed = (await api(merchant.token, 'GET', '/endpoints'))
      .json()
      .data.find((e: { id: number }) => e.id === made.id);
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'failures' });
    const messages = (await call(t.app, merchant.token, { method: 'GET', url: '/api/user/messages' })).json().data;
    expect(messages.filter((m: { title: string }) => m.title === 'Webhook endpoint switched off')).toHaveLength(1);
    expect(JSON.stringify(messages)).not.toContain('token=abc');

    // Off, it takes no replay; switched on and fixed, the delivery goes again with the same id and body.
    expect((await api(merchant.token, 'POST', `/endpoints/${made.id}/deliveries/${sent.id}/replay`)).statusCode).toBe(
      409,
    );
    await api(merchant.token, 'PUT', `/endpoints/${made.id}`, {
      url: broken.url,
      eventTypes: ['label.created'],
      enabled: true,
    });
    broken.answerWith((res) => res.writeHead(202).end());
    const replayed = await api(merchant.token, 'POST', `/endpoints/${made.id}/deliveries/${sent.id}/replay`);
    expect(replayed.json().data).toMatchObject({ id: sent.id, status: 'pending' });
    await vi.waitFor(async () => expect((await log(merchant.token, made.id))[0]?.status).toBe('succeeded'), wait);
    const last = broken.received.at(-1) as Received;
    expect(last.headers['webhook-id']).toBe(broken.received[0]?.headers['webhook-id']);
    expect(last.body).toBe(broken.received[0]?.body);
    const detail = (await api(merchant.token, 'GET', `/endpoints/${made.id}/deliveries/${sent.id}`)).json().data;
    expect(detail.attemptsLog.at(-1)).toMatchObject({
      attempt: DELIVERY_ATTEMPTS + 1,
      trigger: 'replay',
      statusCode: 202,
    });
  });

  test('replay all failed since a time sends those again and leaves older ones', async () => {
    const target = await newReceiver();
    const made = await endpoint(merchant.token, target.url, ['label.created']);
    target.answerWith((res) => res.writeHead(500).end());
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await api(merchant.token, 'POST', `/endpoints/${made.id}/test`, {})).json().data.id);
    await vi.waitFor(() => expect(target.received).toHaveLength(3), wait);
    // Switched off by the merchant meanwhile, their retries fail at once without an attempt.
    await api(merchant.token, 'PUT', `/endpoints/${made.id}`, {
      url: target.url,
      eventTypes: ['label.created'],
      enabled: false,
    });
    for (const id of ids) await retryNow(id);
    await vi.waitFor(async () => {
      const rows = await log(merchant.token, made.id);
      expect(rows.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed', 'failed']);
    }, wait);
    // The oldest was made two days ago.
    await t.ctx.db
      .updateTable('webhook_deliveries')
      .set({ created_at: Date.now() - 2 * DAY_MS })
      .where('id', '=', ids[0] as number)
      .execute();
    await api(merchant.token, 'PUT', `/endpoints/${made.id}`, {
      url: target.url,
      eventTypes: ['label.created'],
      enabled: true,
    });
    target.answerWith((res) => res.writeHead(200).end());
    const since = new Date(Date.now() - DAY_MS).toISOString();
    expectFieldError(
      await api(merchant.token, 'POST', `/endpoints/${made.id}/replay-failed`, { since: 'yesterday' }),
      'since',
    );
    const res = await api(merchant.token, 'POST', `/endpoints/${made.id}/replay-failed`, { since });
    expect(res.json().data).toEqual({ replayed: 2 });
    await vi.waitFor(async () => {
      const rows = await log(merchant.token, made.id);
      expect(rows.map((r: { status: string }) => r.status)).toEqual(['succeeded', 'succeeded', 'failed']);
    }, wait);
    expect(target.received).toHaveLength(5);
  });

  test("a merchant never sees or acts on another's endpoints and deliveries; staff acting as one cannot take secrets", async () => {
    const target = await newReceiver();
    const made = await endpoint(merchant.token, target.url, ['label.created']);
    const sent = (await api(merchant.token, 'POST', `/endpoints/${made.id}/test`, {})).json().data;
    await vi.waitFor(async () => expect((await log(merchant.token, made.id))[0]?.status).toBe('succeeded'), wait);
    expect((await api(other.token, 'GET', '/endpoints')).json().data).toEqual([]);
    const body = { url: target.url, eventTypes: ['label.created'], enabled: true };
    for (const [method, url, payload] of [
      ['GET', `/endpoints/${made.id}/deliveries`],
      ['GET', `/endpoints/${made.id}/deliveries/${sent.id}`],
      ['PUT', `/endpoints/${made.id}`, body],
      ['POST', `/endpoints/${made.id}/rotate`],
      ['POST', `/endpoints/${made.id}/test`, {}],
      ['POST', `/endpoints/${made.id}/deliveries/${sent.id}/replay`],
      ['POST', `/endpoints/${made.id}/replay-failed`, { since: new Date(0).toISOString() }],
    ] as const) {
      expect((await api(other.token, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await api(admin, method, url, payload)).statusCode, `admin ${method} ${url}`).toBe(404);
    }
    // A delivery is found only under its own endpoint.
    const mine = await endpoint(other.token, target.url, ['label.created']);
    expect((await api(other.token, 'GET', `/endpoints/${mine.id}/deliveries/${sent.id}`)).statusCode).toBe(404);

    const acting = (await call(t.app, admin, { method: 'POST', url: `/api/admin/token/build/${merchant.id}` })).json()
      .data;
    expect((await api(acting, 'GET', '/endpoints')).json().data.length).toBeGreaterThan(0);
    expect((await api(acting, 'POST', `/endpoints/${made.id}/rotate`)).statusCode).toBe(403);
    expect((await api(acting, 'POST', '/endpoints', body)).statusCode).toBe(403);
    expect((await api(acting, 'POST', '/tracking-key/rotate')).statusCode).toBe(403);

    // An API key acts for its owner: it registers endpoints of the owner's; a read-only key only reads them.
    const keyOf = async (readOnly: boolean) =>
      (
        await call(t.app, merchant.token, {
          method: 'POST',
          url: '/api/app/user/apiKey',
          payload: { name: `hooks ${readOnly}`, readOnly },
        })
      ).json().data.key as string;
    const key = await keyOf(false);
    const byKey = await api(key, 'POST', '/endpoints', body);
    expect(byKey.statusCode).toBe(200);
    expect((await api(merchant.token, 'GET', '/endpoints')).json().data.map((e: { id: number }) => e.id)).toContain(
      byKey.json().data.id,
    );
    const reader = await keyOf(true);
    expect((await api(reader, 'GET', '/endpoints')).statusCode).toBe(200);
    expect((await api(reader, 'POST', '/endpoints', body)).statusCode).toBe(403);
    await api(key, 'PUT', `/endpoints/${byKey.json().data.id}`, { ...body, enabled: false });
  });

  test("an endpoint is test or live: each hears only its mode's events, and an API key reaches only its mode's endpoints", async () => {
    const owner = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: owner.id, currency: 'USD', amount: '50', remark: 'x' },
    });
    const keyOf = async (mode: 'test' | 'live') =>
      (
        await call(t.app, owner.token, {
          method: 'POST',
          url: '/api/app/user/apiKey',
          payload: { name: `hooks ${mode}`, mode },
        })
      ).json().data.key as string;
    const [testKey, liveKey] = [await keyOf('test'), await keyOf('live')];
    const [testTarget, liveTarget, chosenTarget] = [await newReceiver(), await newReceiver(), await newReceiver()];

    // A key's endpoint takes the key's mode; a signed-in merchant chooses; a live key cannot make a test one.
    const byTestKey = await endpoint(testKey, testTarget.url, ['label.created']);
    const byLiveKey = await endpoint(liveKey, liveTarget.url, ['label.created']);
    const chosen = await endpoint(owner.token, chosenTarget.url, ['label.created'], true);
    expect([byTestKey.mode, byLiveKey.mode, chosen.mode]).toEqual(['test', 'live', 'test']);
    expect(
      expectFieldError(
        await api(liveKey, 'POST', '/endpoints', { url: liveTarget.url, eventTypes: ['label.created'], test: true }),
        'test',
      ),
    ).toBe('A live API key registers live webhook endpoints only; register test ones with a test key (pp_test_…)');
    expect((await endpoint(testKey, testTarget.url, ['label.voided'], false)).mode).toBe('test');

    // Lists keep to the key's mode (asked the other: empty); the signed-in merchant's shows the live ones
    // unless asked the test ones, never both mixed, each with its mode.
    const listed = async (token: string, query = '') =>
      (await api(token, 'GET', `/endpoints${query}`)).json().data as { id: number; mode: string }[];
    const ids = async (token: string, query = '') => (await listed(token, query)).map((e) => e.id);
    expect(await ids(testKey)).not.toContain(byLiveKey.id);
    expect(await ids(testKey)).toEqual(expect.arrayContaining([byTestKey.id, chosen.id]));
    expect(await ids(testKey, '?mode=test')).toEqual(expect.arrayContaining([byTestKey.id, chosen.id]));
    expect(await ids(testKey, '?mode=live')).toEqual([]);
    expect(await ids(liveKey)).toEqual([byLiveKey.id]);
    expect(await ids(liveKey, '?mode=test')).toEqual([]);
    expect(await ids(owner.token)).toEqual([byLiveKey.id]);
    expect(await ids(owner.token, '?mode=live')).toEqual([byLiveKey.id]);
    const testOnes = await listed(owner.token, '?mode=test');
    expect(testOnes.map((e) => e.id)).toEqual(expect.arrayContaining([byTestKey.id, chosen.id]));
    expect(testOnes.map((e) => e.id)).not.toContain(byLiveKey.id);
    expect(new Set(testOnes.map((e) => e.mode))).toEqual(new Set(['test']));

    // A test label is heard by the test endpoints only, a live label by the live one only.
    const testLabel = await buyLabel(t.app, testKey);
    const liveLabel = await buyLabel(t.app, liveKey);
    await vi.waitFor(() => expect(testTarget.received.length).toBeGreaterThanOrEqual(1), wait);
    await vi.waitFor(() => expect(chosenTarget.received.length).toBeGreaterThanOrEqual(1), wait);
    await vi.waitFor(() => expect(liveTarget.received.length).toBeGreaterThanOrEqual(1), wait);
    const heard = (target: Receiver) => target.received.map((r) => JSON.parse(r.body).data.orderId as number);
    expect(heard(testTarget)).toEqual([testLabel.orderId]);
    expect(heard(chosenTarget)).toEqual([testLabel.orderId]);
    expect(heard(liveTarget)).toEqual([liveLabel.orderId]);
    // ... and no delivery was made to an endpoint of the other mode (none pending either).
    const deliveredTo = async (endpointId: number) =>
      (
        await t.ctx.db
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_events as v', 'v.id', 'd.event_row_id')
          .select('v.body')
          .where('d.endpoint_id', '=', endpointId)
          .execute()
      ).map((row) => JSON.parse(row.body).data.orderId as number);
    expect(await deliveredTo(byTestKey.id)).toEqual([testLabel.orderId]);
    expect(await deliveredTo(byLiveKey.id)).toEqual([liveLabel.orderId]);

    // The test key neither sees nor changes the live endpoint or its deliveries; the live key likewise the test one.
    const [liveDelivery] = await log(liveKey, byLiveKey.id);
    const [testDelivery] = await log(testKey, byTestKey.id);
    expect(liveDelivery?.eventType).toBe('label.created');
    const body = { url: liveTarget.url, eventTypes: ['label.created'], enabled: false };
    for (const [key, made, delivery] of [
      [testKey, byLiveKey, liveDelivery],
      [liveKey, byTestKey, testDelivery],
    ] as const) {
      for (const [method, url, payload] of [
        ['GET', `/endpoints/${made.id}/deliveries`],
        ['GET', `/endpoints/${made.id}/deliveries/${delivery?.id}`],
        ['PUT', `/endpoints/${made.id}`, body],
        ['POST', `/endpoints/${made.id}/rotate`],
        ['POST', `/endpoints/${made.id}/test`, {}],
        ['POST', `/endpoints/${made.id}/deliveries/${delivery?.id}/replay`],
        ['POST', `/endpoints/${made.id}/replay-failed`, { since: new Date(0).toISOString() }],
      ] as const) {
        expect((await api(key, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const stored = await t.ctx.db
      .selectFrom('webhook_endpoints')
      .select(['enabled', 'previous_secret'])
      .where('id', '=', byLiveKey.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ enabled: 1, previous_secret: null });
    for (const made of [byTestKey, byLiveKey, chosen])
      await api(owner.token, 'PUT', `/endpoints/${made.id}`, { ...body, enabled: false });
  });

  test('each place that does something tells its event: bill, void, refund, batch, import', async () => {
    const target = await newReceiver();
    const all = [
      'label.created',
      'label.voided',
      'refund.completed',
      'bill.adjusted',
      'batch.completed',
      'order.imported',
    ];
    const made = await endpoint(other.token, target.url, all);
    const heard = (type: string) =>
      target.received.map((r) => JSON.parse(r.body)).filter((body: { type: string }) => body.type === type);
    const until = async (type: string, count = 1) => {
      await vi.waitFor(() => expect(heard(type).length).toBeGreaterThanOrEqual(count), wait);
      return heard(type);
    };

    // A live label, billed by the carrier at 10.00 more than it cost: the merchant is charged the difference.
    const { orderId, tracking } = await buyLabel(t.app, other.token);
    const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect((await until('label.created'))[0].data).toMatchObject({ orderId, trackingNo: tracking, test: false });
    const billed = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/billed',
      payload: { id: orderId, cost: (((order.cost as number) + 1000) / 100).toFixed(2) },
    });
    const { difference } = billed.json().data;
    expect((await until('bill.adjusted'))[0].data).toMatchObject({ orderId, currency: 'USD', amount: difference });

    // Another label voided: the void and its refund are told, once each.
    const second = await buyLabel(t.app, other.token);
    await call(t.app, other.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [second.orderId] },
    });
    const approved = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: second.orderId, approve: true },
    });
    expect(approved.statusCode).toBe(200);
    expect((await until('label.voided'))[0].data).toMatchObject({
      orderId: second.orderId,
      trackingNo: second.tracking,
    });
    expect((await until('refund.completed'))[0].data).toMatchObject({ orderId: second.orderId, currency: 'USD' });

    // A file import: one event per draft.
    const SENDER = 'Ada,Shop,310-555-0100,9450 Wilshire Blvd,,Beverly Hills,CA,90210,US';
    const csv = [
      'Order group,Sender name,Sender company,Sender phone,Sender address 1,Sender address 2,Sender city,Sender state,Sender ZIP,Sender country,Recipient name,Recipient address 1,Recipient city,Recipient state,Recipient ZIP,Length,Width,Height,Weight,Declared value',
      `1,${SENDER},Grace,350 5th Ave,New York,NY,10118,10,8,4,2,0`,
      `2,${SENDER},Ed,4 Main St,Austin,TX,78701,10,8,4,1,0`,
    ].join('\n');
    const boundary = '----pp-hooks';
    const imported = await call(t.app, other.token, {
      method: 'POST',
      url: '/api/app/order/import',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    const { batchNo } = imported.json().data;
    const drafts = await until('order.imported', 2);
    expect(drafts.map((body: { data: { source: string; batchNo: string } }) => body.data)).toEqual([
      expect.objectContaining({ source: 'file', batchNo }),
      expect.objectContaining({ source: 'file', batchNo }),
    ]);

    // The two drafts bought as a batch: the batch's end is told with its counts.
    const ids = drafts.map((body: { data: { orderId: number } }) => body.data.orderId);
    const batch = await call(t.app, other.token, {
      method: 'POST',
      url: '/api/app/order/label/batchCreateMix',
      payload: { ids, strategy: 'cheapest' },
    });
    const { jobId } = batch.json().data;
    expect((await until('batch.completed'))[0].data).toMatchObject({ jobId, type: 'labels', total: 2 });

    // Nothing was told twice.
    const ids2 = target.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids2).size).toBe(ids2.length);
    await api(other.token, 'PUT', `/endpoints/${made.id}`, { url: target.url, eventTypes: all, enabled: false });
  });

  test('the delivery log forgets finished deliveries after 30 days, never a pending one', async () => {
    const target = await newReceiver();
    const made = await endpoint(merchant.token, target.url, ['label.created']);
    const done = (await api(merchant.token, 'POST', `/endpoints/${made.id}/test`, {})).json().data;
    await vi.waitFor(async () => expect((await log(merchant.token, made.id))[0]?.status).toBe('succeeded'), wait);
    target.answerWith(() => undefined);
    const waiting = (await api(merchant.token, 'POST', `/endpoints/${made.id}/test`, {})).json().data;
    await vi.waitFor(() => expect(target.received).toHaveLength(2), wait);
    // 31 days on (the clock driven on the rows): the finished one goes with its attempts, the pending one stays.
    const old = Date.now() - 31 * DAY_MS;
    await t.ctx.db
      .updateTable('webhook_deliveries')
      .set({ created_at: old })
      .where('id', 'in', [done.id, waiting.id])
      .execute();
    await t.ctx.db.updateTable('webhook_events').set({ created_at: old }).execute();
    expect(await pruneWebhookLog(t.ctx.db)).toBeGreaterThanOrEqual(2);
    expect((await log(merchant.token, made.id)).map((d: { id: number }) => d.id)).toEqual([waiting.id]);
    const attempts = await t.ctx.db
      .selectFrom('webhook_attempts')
      .select('id')
      .where('delivery_id', '=', done.id)
      .execute();
    expect(attempts).toEqual([]);
    expect(
      (await api(merchant.token, 'GET', `/endpoints/${made.id}/deliveries/${waiting.id}`)).json().data.body,
    ).toContain('label.created');
    await api(merchant.token, 'PUT', `/endpoints/${made.id}`, {
      url: target.url,
      eventTypes: ['label.created'],
      enabled: false,
    });
  });

  test('tracking subscription webhooks keep their body and are signed with the tracking secret', async () => {
    const target = await newReceiver();
    const key = (await api(merchant.token, 'POST', '/tracking-key/rotate')).json().data;
    expect(key.secret).toMatch(/^whsec_/);
    expect((await api(merchant.token, 'GET', '/tracking-key')).json().data.secretPrefix).toBe(key.secretPrefix);
    const { tracking } = await buyLabel(t.app, merchant.token, true);
    await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/tracking/subscribe',
      payload: { trackingNo: tracking, webhookUrl: target.url },
    });
    await call(t.app, merchant.token, {
      method: 'GET',
      url: `/api/app/tracking/query?numbers=${tracking}&refresh=true`,
    });
    await vi.waitFor(() => expect(target.received).toHaveLength(1), wait);
    const delivery = target.received[0] as Received;
    expect(JSON.parse(delivery.body)).toMatchObject({ trackingNo: tracking, status: 1 });
    expect(verifyStandardWebhook(key.secret, delivery.headers, delivery.body, nowSeconds())).toBeNull();
  });
});
