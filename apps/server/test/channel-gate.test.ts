import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Shipment } from '../src/carriers/contract/shipment.ts';
import { easypostAdapter } from '../src/carriers/easypost/adapter.ts';
import { adapterDeps } from '../src/modules/channels/adapter-deps.ts';
import { channelGate } from '../src/modules/channels/gate.ts';
import { channelConfig } from '../src/modules/channels/repo.ts';
import { UpstreamError } from '../src/outbound/types.ts';
import { type EasyPostStandIn, startEasyPostStandIn } from '../standins/easypost.ts';
import { ADMIN, call, loginToken, startApp, type TestApp } from './helpers.ts';
import { address, EASYPOST_KEY, easypostChannel, merchantOn } from './upstream-fixtures.ts';
import { until } from './waits.ts';

let t: TestApp;
let easypost: EasyPostStandIn;
let admin: string;

beforeAll(async () => {
  [t, easypost] = await Promise.all([startApp({ jobPollMs: 20 }), startEasyPostStandIn({ apiKey: EASYPOST_KEY })]);
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await easypost.close();
  await t.close();
});

const shipment: Shipment = {
  from: address('90210', 'Beverly Hills', 'CA', 'Ada Shipper'),
  to: address('10118', 'New York', 'NY', 'Grace Buyer'),
  parcels: [{ length: 10, width: 8, height: 4, weight: 1, massUnit: 'lb', distanceUnit: 'in' }],
  residential: true,
  batteryType: 'none',
};

describe("a channel's quota, shared by every app instance through the database", () => {
  test('requests per minute, the last 60 s counted: the calls beyond it wait, on every instance', async () => {
    const { channelId } = await easypostChannel(t, admin, {
      apiKey: EASYPOST_KEY,
      baseUrl: easypost.url,
      requestsPerSecond: 0,
      requestsPerMinute: 3,
      concurrency: 0,
    });
    const channel = await channelConfig(t.ctx.db, channelId);
    if (!channel) throw new Error('no channel');
    // Two instances' gates, on one clock that stands still a few seconds into a minute.
    let now = Date.UTC(2026, 10, 24, 8, 0, 5);
    const timing = { now: () => now, maxWaitMs: 1000 };
    const first = channelGate(t.ctx, channel, 10_000, timing);
    const second = channelGate(t.ctx, channel, 10_000, timing);
    const request = { operation: 'rate' as const, method: 'POST' as const, path: '/v2/shipments' };
    for (const gate of [first, second, first]) await (await gate.enter(request)).leave('ok');
    for (const gate of [first, second]) {
      const refused = await gate.enter(request).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(UpstreamError);
      expect((refused as UpstreamError).kind).toBe('rateLimited');
      // The wait is until the three calls are a minute old: 60 s.
      expect((refused as UpstreamError).details.retryAfterMs).toBeGreaterThanOrEqual(60_000);
      expect((refused as UpstreamError).details.pausedUntil).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 24, 8, 1, 5));
    }
    // The turn of the minute frees nothing: the three calls are not a minute old until 08:01:05.
    now = Date.UTC(2026, 10, 24, 8, 1, 3, 500);
    const early = await second.enter(request).then(
      () => null,
      (error: unknown) => error as UpstreamError,
    );
    expect(early?.kind).toBe('rateLimited');
    expect(early?.details.pausedUntil).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 24, 8, 1, 5));
    now = Date.UTC(2026, 10, 24, 8, 1, 5);
    for (const gate of [second, first, second]) await (await gate.enter(request)).leave('ok');
  });

  test('requests per hour (USPS grants 60): the hour used up refuses calls until the next, as a pause nothing was sent in', async () => {
    const { channelId } = await easypostChannel(t, admin, {
      apiKey: EASYPOST_KEY,
      baseUrl: easypost.url,
      requestsPerSecond: 0,
      requestsPerMinute: 0,
      requestsPerHour: 2,
      concurrency: 0,
    });
    const channel = await channelConfig(t.ctx.db, channelId);
    if (!channel) throw new Error('no channel');
    let now = Date.UTC(2026, 10, 24, 8, 50, 0);
    const timing = { now: () => now, maxWaitMs: 60_000 };
    const gate = channelGate(t.ctx, channel, 10_000, timing);
    const request = { operation: 'purchase' as const, method: 'POST' as const, path: '/v2/shipments' };
    for (let i = 0; i < 2; i++) await (await gate.enter(request)).leave('ok');
    const refused = await gate.enter(request).then(
      () => null,
      (error: unknown) => error as UpstreamError,
    );
    // Told to come back at the next hour: a purchase refused so is not charged, a batch item waits for it.
    expect(refused?.kind).toBe('rateLimited');
    expect(refused?.details.pausedUntil).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 24, 9, 0, 0));
    expect(refused?.details.retryAfterMs).toBeGreaterThanOrEqual(10 * 60_000);
    now = Date.UTC(2026, 10, 24, 9, 0, 1);
    await (await gate.enter(request)).leave('ok');
  });

  test("a channel created without limits keeps to its platform's published ones (EasyPost: 20 a second)", async () => {
    // As the API takes a channel: only the settings given are stored; the limits are the adapter's defaults.
    const { channelId } = await easypostChannel(t, admin, { apiKey: EASYPOST_KEY, baseUrl: easypost.url });
    const channel = await channelConfig(t.ctx.db, channelId);
    if (!channel) throw new Error('no channel');
    expect(channel.settings.requestsPerSecond).toBeUndefined();
    const now = Date.UTC(2026, 10, 24, 10, 0, 0);
    const gate = channelGate(t.ctx, channel, 10_000, { now: () => now, maxWaitMs: 500 });
    const request = { operation: 'track' as const, method: 'POST' as const, path: '/v2/trackers' };
    for (let i = 0; i < 20; i++) await (await gate.enter(request)).leave('ok');
    const refused = await gate.enter(request).then(
      () => null,
      (error: unknown) => error as UpstreamError,
    );
    // The 21st in the same second waits for the next one, longer than this test's gate may wait.
    expect(refused?.kind).toBe('rateLimited');
  });

  test('calls at once: never more in flight than the channel allows, and every call is made', async () => {
    const standIn = await startEasyPostStandIn({ apiKey: EASYPOST_KEY });
    try {
      const { channelId, serviceId } = await easypostChannel(t, admin, {
        apiKey: EASYPOST_KEY,
        baseUrl: standIn.url,
        concurrency: 2,
      });
      const channel = await channelConfig(t.ctx.db, channelId);
      if (!channel) throw new Error('no channel');
      standIn.fail('POST /v2/shipments', { kind: 'delay', ms: 300 }, 6);
      const service = (await t.ctx.db
        .selectFrom('carrier_services')
        .selectAll()
        .where('id', '=', serviceId)
        .executeTakeFirstOrThrow()) as { id: number; code: string; name: string };
      const rated = await Promise.all(
        Array.from({ length: 6 }, () =>
          easypostAdapter.rate(
            {
              channel,
              services: [
                {
                  id: service.id,
                  channelId,
                  code: service.code,
                  name: service.name,
                  carrierCode: 'USPS',
                  settings: { carrier: 'USPS', service: 'Priority' },
                  version: 1,
                },
              ],
              shipment,
            },
            adapterDeps(t.ctx, easypostAdapter, channel),
          ),
        ),
      );
      expect(rated.every((results) => results[0]?.ok)).toBe(true);
      expect(standIn.requests.filter((request) => request === 'POST /v2/shipments')).toHaveLength(6);
      expect(standIn.peakInFlight).toBe(2);
    } finally {
      await standIn.close();
    }
  });
});

describe("a channel's circuit breaker", () => {
  test('after repeated failures the channel pauses: nothing is charged or sent; a batch waits and then buys', async () => {
    const { channelId, serviceId } = await easypostChannel(t, admin, {
      apiKey: EASYPOST_KEY,
      baseUrl: easypost.url,
      timeoutMs: 1000,
      breakerFailures: 2,
      breakerPauseSeconds: 3,
    });
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    easypost.fail('POST /v2/shipments', { kind: 'status', status: 500 }, 2);

    // Two failures in a row pause the channel; the retry that would have been the third is never sent.
    const failed = await merchant.buy(serviceId);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toContain('paused');
    expect(await merchant.balance()).toBe(10_000);
    const sent = easypost.requests.length;
    const refused = await merchant.buy(serviceId);
    expect(refused.statusCode).toBe(503);
    expect(easypost.requests.length).toBe(sent);
    expect(await merchant.balance()).toBe(10_000);

    // A batch on the paused channel keeps its item queued, with the reason, until the pause is over.
    const started = await call(t.app, merchant.customer.token, {
      method: 'POST',
      url: '/api/app/order/label/batchCreateMix',
      payload: { ids: [merchant.orderId], strategy: 'cheapest' },
    });
    const jobId = started.json().data.jobId as number;
    const item = () =>
      t.ctx.db.selectFrom('job_items').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
    const waiting = await until(item, (row) => row.not_before !== null, 'the item to wait');
    expect(waiting.status).toBe(0);
    expect(waiting.message).toContain('paused');
    const job = await t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.failed).toBe(0);

    // Once the pause is over a probe call gets an answer, the channel closes and the item is bought.
    const done = await until(item, (row) => row.status !== 0, 'the item to be bought');
    expect(done.status).toBe(1);
    expect((await merchant.order()).status).toBe(1);
    const gate = await t.ctx.db
      .selectFrom('channel_gates')
      .selectAll()
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(gate).toMatchObject({ failures: 0, paused_until: 0 });
  });

  test('only failures in a row pause it: an answer in between starts the count again, whenever its call entered', async () => {
    const { channelId } = await easypostChannel(t, admin, {
      apiKey: EASYPOST_KEY,
      baseUrl: easypost.url,
      requestsPerSecond: 0,
      concurrency: 0,
      breakerFailures: 2,
    });
    const channel = await channelConfig(t.ctx.db, channelId);
    if (!channel) throw new Error('no channel');
    const gate = channelGate(t.ctx, channel, 10_000);
    const request = { operation: 'rate' as const, method: 'POST' as const, path: '/v2/shipments' };
    // Calls in flight together, as a batch's are: the answer comes after a failure counted meanwhile.
    const answered = await gate.enter(request);
    await (await gate.enter(request)).leave('transient');
    await answered.leave('ok');
    // One failure since that answer: not two in a row, so the channel is not paused.
    await (await gate.enter(request)).leave('transient');
    const next = await gate.enter(request).then(
      (pass) => pass,
      (error: unknown) => error,
    );
    expect(next).not.toBeInstanceOf(UpstreamError);
    const row = await t.ctx.db
      .selectFrom('channel_gates')
      .selectAll()
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ failures: 1, paused_until: 0 });
  });

  test('credentials the carrier refuses mark the channel failing and alert channel staff once; working ones clear it', async () => {
    const { channelId, serviceId } = await easypostChannel(t, admin, {
      apiKey: 'EZTKwrongkey000000000',
      baseUrl: easypost.url,
    });
    const merchant = await merchantOn(t, admin, channelId, { funds: '100.00', weights: [1] });
    const quote = () =>
      call(t.app, merchant.customer.token, {
        method: 'POST',
        url: '/api/app/order/estimateRateMix',
        payload: { orderId: merchant.orderId },
      });
    for (let i = 0; i < 2; i++) {
      const line = (await quote()).json().data.find((entry: { serviceId: number }) => entry.serviceId === serviceId);
      expect(line.available).toBe(false);
    }
    const gate = () =>
      t.ctx.db.selectFrom('channel_gates').selectAll().where('channel_id', '=', channelId).executeTakeFirstOrThrow();
    expect((await gate()).auth_failed_at).not.toBeNull();
    expect((await gate()).auth_error).toContain('invalid or inactive');
    const adminId = (
      await t.ctx.db.selectFrom('users').select('id').where('username', '=', ADMIN.username).executeTakeFirstOrThrow()
    ).id;
    const alerts = await t.ctx.db
      .selectFrom('user_messages')
      .selectAll()
      .where('user_id', '=', adminId)
      .where('title', 'like', '%easypost%')
      .execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.type).toBe('todo');
    // Staff see it on the channel list, as every instance recorded it.
    const listed = await call(t.app, admin, { method: 'GET', url: '/api/admin/channel/channel?page=1&pageSize=100' });
    const health = listed.json().data.list.find((entry: { id: number }) => entry.id === channelId).health;
    expect(health).toMatchObject({ pausedUntil: null, authError: expect.stringContaining('invalid or inactive') });
    expect(health.authFailedAt).not.toBeNull();

    const fixed = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/channel/update/${channelId}`,
      payload: { settings: { apiKey: EASYPOST_KEY, baseUrl: easypost.url } },
    });
    expect(fixed.statusCode).toBe(200);
    const line = (await quote()).json().data.find((entry: { serviceId: number }) => entry.serviceId === serviceId);
    expect(line.available).toBe(true);
    expect((await gate()).auth_failed_at).toBeNull();
  });
});
