import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRACKING_STATUS } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sharedPace } from '../src/modules/tracking/pace.ts';
import { trackingProviders } from '../src/modules/tracking/providers.ts';
import {
  carrierRoundSize,
  refreshTracking,
  startTrackingRefresh,
  type TrackingProviders,
} from '../src/modules/tracking/service.ts';
import { TRACK17_REQUESTS_PER_SECOND, track17Provider, track17Signature } from '../src/modules/tracking/track17.ts';
import { ADMIN, buyLabel, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';
import { DOCUMENTED_PUSH, type Track17Scan, track17StandIn, trackInfoOf } from './track17-standin.ts';
import { EASYPOST_KEY, easypostChannel } from './upstream-fixtures.ts';

const STEP = 60_000;
const API_KEY = 'test-17track-key';

let t: TestApp;
let admin: string;
let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
let standIn: ReturnType<typeof track17StandIn>;
const liveEvents = new Map<string, Track17Scan[]>();

beforeAll(async () => {
  standIn = track17StandIn(API_KEY, liveEvents);
  await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
  const port = (standIn.server.address() as AddressInfo).port;
  t = await startApp({
    trackingStepMs: STEP,
    trackingProvider: '17track',
    track17ApiUrl: `http://127.0.0.1:${port}`,
    track17ApiKey: API_KEY,
  });
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  customer = await createActiveCustomer(t, admin);
  await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId: customer.id, currency: 'USD', amount: '500', remark: 'x' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => (standIn.server as Server).close(resolve));
});

const buy = (isTest: boolean) => buyLabel(t.app, customer.token, isTest);

const query = async (tracking: string) =>
  (
    await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/tracking/query?numbers=${tracking}&refresh=true`,
    })
  ).json().data[0];
/** A 17TRACK push of `payload` to the platform's webhook, signed with the configured key as 17TRACK signs it. */
const pushSigned = (payload: string) =>
  call(t.app, null, {
    method: 'POST',
    url: '/api/tracking/webhook/17track',
    payload,
    headers: { 'content-type': 'application/json', sign: track17Signature(payload, API_KEY) },
  });
const orderStatus = async (orderId: number) =>
  (await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/detail/${orderId}` })).json().data;

describe('tracking', () => {
  test("a label just bought reads 'Label created' until the carrier's first scan; a stranger's number 'Not found'", async () => {
    const { tracking } = await buy(false);
    const answer = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/tracking/query?numbers=${tracking},1Z999AA10000000000`,
    });
    expect(
      answer
        .json()
        .data.map((parcel: { found: boolean; status: number; state: string }) => [
          parcel.found,
          parcel.status,
          parcel.state,
        ]),
    ).toEqual([
      [true, 0, 'Label created'],
      [false, 0, 'Not found'],
    ]);
  });

  test('a test label walks through the states on the schedule; the order follows; subscribers are mailed', async () => {
    const { orderId, tracking } = await buy(true);
    const subscribed = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/tracking/subscribe',
      payload: { trackingNo: tracking, email: 'watcher@shop.test' },
    });
    expect(subscribed.statusCode).toBe(200);

    const ago = (steps: number) => Date.now() - steps * STEP - 1000;
    await t.ctx.db
      .updateTable('orders')
      .set({ label_created_at: ago(1) })
      .where('id', '=', orderId)
      .execute();
    const moving = await query(tracking);
    expect(moving).toMatchObject({ found: true, status: 2, state: 'In transit' });
    expect(moving.events.map((e: { status: number }) => e.status)).toEqual([2, 1]);
    expect((await orderStatus(orderId)).status).toBe(2);

    await t.ctx.db
      .updateTable('orders')
      .set({ label_created_at: ago(5) })
      .where('id', '=', orderId)
      .execute();
    const delivered = await query(tracking);
    expect(delivered).toMatchObject({ status: 6, state: 'Delivered' });
    const detail = await orderStatus(orderId);
    expect(detail.status).toBe(3);
    expect(detail.timeline.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(['received', 'inTransit', 'delivered']),
    );

    const mails = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', 'watcher@shop.test')
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.subject)).toEqual([
      `Tracking update ${tracking}: In transit`,
      `Tracking update ${tracking}: Delivered`,
    ]);
  });

  test('real labels are tracked through the 17TRACK API, and its signed webhook is accepted (and a forged one refused)', async () => {
    const { orderId, tracking } = await buy(false);
    // Hours ago: days ago would be 'transit too long'.
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    liveEvents.set(tracking, [
      {
        time_utc: hoursAgo(10),
        description: 'Shipping Label Created',
        location: 'BEVERLY HILLS, CA',
        stage: 'InfoReceived',
        status: 'InfoReceived',
      },
      {
        time_utc: hoursAgo(2),
        description: 'Accepted at USPS Origin Facility',
        location: 'LOS ANGELES, CA',
        stage: 'PickedUp',
        status: 'InTransit',
      },
    ]);
    const moving = await query(tracking);
    expect(standIn.registered).toContain(tracking);
    expect(moving).toMatchObject({ status: 2 });
    expect(moving.events[0]).toMatchObject({
      description: 'Accepted at USPS Origin Facility',
      location: 'LOS ANGELES, CA',
    });

    // 17TRACK's documented push, about this parcel, delivered an hour ago.
    const delivered: Track17Scan = {
      time_utc: hoursAgo(1),
      description: 'Delivered, In/At Mailbox',
      location: 'NEW YORK, NY',
      stage: 'Delivered',
      status: 'Delivered',
    };
    const payload = JSON.stringify({
      ...DOCUMENTED_PUSH,
      data: { ...DOCUMENTED_PUSH.data, number: tracking, carrier: 21051, track_info: trackInfoOf([delivered]) },
    });
    const forged = await call(t.app, null, {
      method: 'POST',
      url: '/api/tracking/webhook/17track',
      payload,
      headers: { 'content-type': 'application/json', sign: 'x'.repeat(64) },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().data.fields.sign).toBe('Invalid signature');
    expect((await orderStatus(orderId)).status).toBe(2);
    expect((await pushSigned(payload)).statusCode).toBe(200);
    expect((await orderStatus(orderId)).status).toBe(3);
  });

  test("17TRACK's documented push: each scan keeps its own state, and the parcel is delivered at its delivery scan", async () => {
    const { orderId, tracking } = await buy(false);
    const payload = JSON.stringify({ ...DOCUMENTED_PUSH, data: { ...DOCUMENTED_PUSH.data, number: tracking } });
    expect((await pushSigned(payload)).statusCode).toBe(200);
    const tracked = (
      await call(t.app, customer.token, { method: 'GET', url: `/api/app/tracking/query?numbers=${tracking}` })
    ).json().data[0];
    // Newest first, as the tracking answer lists them. The scans between milestones have no stage in 17TRACK's
    // body: they are the parcel in transit, not the delivery the parcel's latest status names.
    expect(
      tracked.events.map((event: { description: string; status: number }) => [event.description, event.status]),
    ).toEqual([
      ['DELIVERED', TRACKING_STATUS.delivered],
      ['Out For Delivery Today', TRACKING_STATUS.outForDelivery],
      ['Arrived at Facility', TRACKING_STATUS.inTransit],
      ['Origin Scan', TRACKING_STATUS.inTransit],
      ['Shipper created a label, UPS has not received the package yet.', TRACKING_STATUS.infoReceived],
    ]);
    expect(tracked).toMatchObject({ status: TRACKING_STATUS.delivered });
    expect((await orderStatus(orderId)).status).toBe(3);
  });

  test("a parcel in transit with no news for the configured days becomes 'transit too long'", async () => {
    const { orderId, tracking } = await buy(false);
    liveEvents.set(tracking, [
      {
        time_utc: new Date(Date.now() - 9 * 86_400_000).toISOString(),
        description: 'In transit',
        location: 'X',
        stage: null,
        status: 'InTransit',
      },
    ]);
    const result = await query(tracking);
    expect(result).toMatchObject({ status: 8, state: 'Transit too long' });
    expect((await orderStatus(orderId)).status).toBe(2);
  });

  test("a merchant's refresh asks the provider about their own parcels, nobody else's", async () => {
    const mine = await buy(false);
    const other = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: other.id, currency: 'USD', amount: '100', remark: 'x' },
    });
    const theirs = await buyLabel(t.app, other.token, false);
    standIn.fetched.length = 0;
    await query(mine.tracking);
    expect(standIn.fetched).toContain(mine.tracking);
    expect(standIn.fetched).not.toContain(theirs.tracking);
  });

  test('two instances refreshing at once ask about each parcel once', async () => {
    const bought = [await buy(false), await buy(false), await buy(false)];
    standIn.fetched.length = 0;
    const providers = trackingProviders(t.ctx);
    // Two rounds at the same moment, as two app instances' timers would run them on one database.
    await Promise.all([refreshTracking(t.ctx, providers, 30), refreshTracking(t.ctx, providers, 30)]);
    for (const { tracking } of bought) expect(standIn.fetched.filter((number) => number === tracking)).toHaveLength(1);
    // Released after the round: the next round asks again, the parcel checked longest ago first.
    await refreshTracking(t.ctx, providers, 30);
    for (const { tracking } of bought) expect(standIn.fetched.filter((number) => number === tracking)).toHaveLength(2);
  });

  test("instances sharing the database keep to 17TRACK's 3 requests a second together, not each", async () => {
    // 17TRACK's published quota; two app instances' providers (one pace each, on one database) fetch 200
    // numbers apiece at once: ten calls of 40. The clock is the test's: a call's wait is noted as the moment
    // it goes out, so the spacing read is the one the pace gave, whatever the machine's load.
    const now = Date.UTC(2026, 0, 1);
    const sentAt: number[] = [];
    const clock = {
      now: () => now,
      wait: async (ms: number) => {
        sentAt.push(now + ms);
      },
    };
    const calls: string[] = [];
    const instance = () =>
      track17Provider({
        apiUrl: `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`,
        apiKey: API_KEY,
        pace: sharedPace(t.ctx.db, 'pace-test', TRACK17_REQUESTS_PER_SECOND, clock),
        fetchImpl: (input, init) => {
          calls.push(String(input));
          return fetch(input, init);
        },
      });
    const parcels = (prefix: string) =>
      Array.from({ length: 200 }, (_, i) => ({
        trackingNumber: `${prefix}${i}`,
        carrierCode: 'USPS',
        isTest: false,
        labelCreatedAt: now,
      }));
    await Promise.all([instance().fetch(parcels('A')), instance().fetch(parcels('B'))]);
    expect(calls).toHaveLength(10);
    // The first call goes at once; each of the nine others waited for a turn of its own.
    expect(sentAt).toHaveLength(9);
    const moments = [now, ...sentAt].sort((a, b) => a - b);
    // Any four calls span more than a second, with a tenth to spare for a call a little late on its way.
    const spans = moments.slice(3).map((moment, i) => moment - (moments[i] as number));
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(1100);
  });

  /** Two labels: the first on an EasyPost channel answered by `carrier` (a carrier tracking its own parcels), the second tracked by 17TRACK. */
  async function labelsOnCarrierAnd17track(carrier: Server) {
    const { channelId } = await easypostChannel(t, admin, {
      apiKey: EASYPOST_KEY,
      baseUrl: `http://127.0.0.1:${(carrier.address() as AddressInfo).port}`,
    });
    const onCarrier = await buy(false);
    const on17track = await buy(false);
    await t.ctx.db.updateTable('orders').set({ channel_id: channelId }).where('id', '=', onCarrier.orderId).execute();
    return { onCarrier, on17track };
  }

  test('a round asks 17TRACK while a carrier that tracks its own parcels is still answering', async () => {
    // A carrier whose tracking answer is slow (here: held until the test lets it go) once kept 17TRACK's
    // parcels waiting for the whole of its turn, since the round asked the carriers first (the tracking bench).
    // Let go, it refuses (a 4xx, which is not retried): the carrier's parcels wait for the next round.
    const held: (() => void)[] = [];
    let holding = true;
    const refuse = (res: ServerResponse) => {
      if (!res.headersSent) res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":{"code":"X"}}');
    };
    const slowCarrier = createServer((_req, res) => {
      if (holding) held.push(() => refuse(res));
      else refuse(res);
    });
    await new Promise<void>((resolve) => slowCarrier.listen(0, '127.0.0.1', resolve));
    try {
      const { onCarrier, on17track } = await labelsOnCarrierAnd17track(slowCarrier);
      const parcelIds = (
        await t.ctx.db
          .selectFrom('parcels')
          .select('id')
          .where('order_id', 'in', [onCarrier.orderId, on17track.orderId])
          .execute()
      ).map((parcel) => parcel.id);
      standIn.fetched.length = 0;
      const roundStart = Date.now();
      const checkOf = async (orderId: number) => {
        const parcel = await t.ctx.db
          .selectFrom('parcels')
          .select(['tracking_checked_at', 'tracking_claimed_until'])
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow();
        return {
          checkedInRound: Number(parcel.tracking_checked_at) >= roundStart,
          claimed: parcel.tracking_claimed_until !== null,
        };
      };
      const round = refreshTracking(t.ctx, trackingProviders(t.ctx), 30, parcelIds);
      await expect.poll(() => standIn.fetched).toContain(on17track.tracking);
      expect(held.length).toBeGreaterThan(0);
      expect(standIn.fetched).not.toContain(onCarrier.tracking);
      // 17TRACK's parcel shows its check and is let go while the carrier is still asked about its own (they were
      // marked together at the round's end, so the bench saw none of 17TRACK's parcels checked in 3 minutes).
      await expect.poll(() => checkOf(on17track.orderId)).toEqual({ checkedInRound: true, claimed: false });
      expect(await checkOf(onCarrier.orderId)).toEqual({ checkedInRound: false, claimed: true });
      holding = false;
      for (const release of held) release();
      await round;
    } finally {
      holding = false;
      for (const release of held) release();
      await new Promise((resolve) => slowCarrier.close(resolve));
    }
  });

  test("a carrier's round holds as many parcels as its channel's strictest limit lets it ask about in half a lease", () => {
    const limits = {
      requestsPerSecond: 0,
      requestsPerMinute: 0,
      requestsPerHour: 0,
      concurrency: 0,
      breakerFailures: 5,
      breakerPauseSeconds: 30,
    };
    // ShipEngine's 200 a minute: 2.5 minutes of it
    expect(carrierRoundSize({ ...limits, requestsPerMinute: 200 })).toBe(500);
    // EasyPost's 20 a second and 1,200 a minute: the minute is the stricter
    expect(carrierRoundSize({ ...limits, requestsPerSecond: 20, requestsPerMinute: 1200 })).toBe(3000);
    expect(carrierRoundSize({ ...limits, requestsPerHour: 1000 })).toBe(41);
    // no limit, or a generous one: the round's most
    expect(carrierRoundSize(limits)).toBe(5000);
    expect(carrierRoundSize({ ...limits, requestsPerSecond: 1000 })).toBe(5000);
    expect(carrierRoundSize({ ...limits, requestsPerHour: 1 })).toBe(1);
  });

  test("the background refresh starts 17TRACK's next round while a carrier's round is still under way", async () => {
    // Each source is polled in rounds of its own: a carrier whose quota makes its round long (ShipEngine's 200
    // calls a minute) once held every other source's next round back until it was done (the tracking bench).
    const held: ServerResponse[] = [];
    const slowCarrier = createServer((_req, res) => {
      held.push(res);
    });
    await new Promise<void>((resolve) => slowCarrier.listen(0, '127.0.0.1', resolve));
    let stop: (() => Promise<void>) | undefined;
    try {
      const { onCarrier, on17track } = await labelsOnCarrierAnd17track(slowCarrier);
      standIn.fetched.length = 0;
      const errors: unknown[] = [];
      const log = { error: (...args: unknown[]) => errors.push(args) } as never;
      stop = startTrackingRefresh(
        t.ctx,
        trackingProviders(t.ctx),
        { everyMs: async () => 1000, transitTooLongDays: 30 },
        log,
      );
      await expect.poll(() => held.length).toBe(1);
      // 17TRACK is asked about its parcel in one round after another, the carrier's first still unanswered
      await expect
        .poll(() => standIn.fetched.filter((number) => number === on17track.tracking).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      expect(held).toHaveLength(1);
      expect(standIn.fetched).not.toContain(onCarrier.tracking);
      expect(errors).toEqual([]);
    } finally {
      for (const res of held) res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":{"code":"X"}}');
      await stop?.();
      await new Promise((resolve) => slowCarrier.close(resolve));
    }
  });

  test("the provider's answers are applied a chunk at a time: a chunk's parcels show their check while the next is asked", async () => {
    const first = await buy(false);
    const second = await buy(false);
    const real = trackingProviders(t.ctx);
    const live = real.live as NonNullable<TrackingProviders['live']>;
    let fetches = 0;
    let release!: () => void;
    const answer = new Promise<void>((resolve) => {
      release = resolve;
    });
    // a chunk of one parcel; the second chunk's fetch waits for the test
    const chunked: TrackingProviders = {
      test: real.test,
      live: {
        code: live.code,
        chunk: 1,
        register: (parcels) => live.register(parcels),
        fetch: async (parcels) => {
          if (++fetches === 2) await answer;
          return live.fetch(parcels);
        },
      },
    };
    const parcelOf = (orderId: number) =>
      t.ctx.db
        .selectFrom('parcels')
        .select(['id', 'tracking_checked_at', 'tracking_claimed_until'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    const ids = [(await parcelOf(first.orderId)).id, (await parcelOf(second.orderId)).id];
    const roundStart = Date.now();
    const round = refreshTracking(t.ctx, chunked, 30, ids);
    try {
      await expect.poll(() => fetches).toBe(2);
      const shown = async (orderId: number) => {
        const parcel = await parcelOf(orderId);
        return {
          checked: Number(parcel.tracking_checked_at) >= roundStart,
          claimed: parcel.tracking_claimed_until !== null,
        };
      };
      // the first parcel's chunk is done: checked and let go; the second's is still being asked about
      await expect.poll(() => shown(first.orderId)).toEqual({ checked: true, claimed: false });
      expect(await shown(second.orderId)).toEqual({ checked: false, claimed: true });
      release();
      await round;
      expect(await shown(second.orderId)).toEqual({ checked: true, claimed: false });
    } finally {
      release();
      await round;
    }
  });

  test('stopping the background refresh waits for the round under way: the database closes after it', async () => {
    await buy(false);
    const real = trackingProviders(t.ctx);
    const live = real.live as NonNullable<TrackingProviders['live']>;
    let entered!: () => void;
    const asked = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const answer = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The provider is asked, and answers only when the test says so.
    const held: TrackingProviders = {
      test: real.test,
      live: {
        code: live.code,
        register: (parcels) => live.register(parcels),
        fetch: async (parcels) => {
          entered();
          await answer;
          return live.fetch(parcels);
        },
      },
    };
    const errors: unknown[] = [];
    const log = { error: (...args: unknown[]) => errors.push(args) } as never;
    const stop = startTrackingRefresh(t.ctx, held, { everyMs: async () => 1000, transitTooLongDays: 30 }, log);
    await asked;
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(errors).toEqual([]);
  });

  test('a copy of a tracked order carries nothing of the old label, so its own label is registered anew', async () => {
    const { orderId, tracking } = await buy(false);
    liveEvents.set(tracking, [
      {
        time_utc: new Date().toISOString(),
        description: 'Accepted',
        location: 'LA',
        stage: 'PickedUp',
        status: 'InTransit',
      },
    ]);
    expect(await query(tracking)).toMatchObject({ status: 2 });
    expect(standIn.registered).toContain(tracking);
    const copied = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/order/copy', payload: { id: orderId } })
    ).json().data;
    const parcels = await t.ctx.db
      .selectFrom('parcels')
      .select(['tracking_no', 'tracking_status', 'tracking_registered', 'tracking_updated_at', 'tracking_checked_at'])
      .where('order_id', '=', copied.orderId)
      .execute();
    expect(parcels.map((parcel) => ({ ...parcel, tracking_checked_at: Number(parcel.tracking_checked_at) }))).toEqual([
      {
        tracking_no: null,
        tracking_status: 0,
        tracking_registered: 0,
        tracking_updated_at: null,
        tracking_checked_at: 0,
      },
    ]);
  });

  test("someone else's numbers are not found, and cannot be subscribed to", async () => {
    const { tracking } = await buy(true);
    const other = await createActiveCustomer(t, admin);
    const answer = (
      await call(t.app, other.token, { method: 'GET', url: `/api/app/tracking/query?numbers=${tracking}` })
    ).json().data[0];
    expect(answer).toMatchObject({ found: false, status: 0 });
    const res = await call(t.app, other.token, {
      method: 'POST',
      url: '/api/app/tracking/subscribe',
      payload: { trackingNo: tracking, email: 'x@y.test' },
    });
    expect(res.statusCode).toBe(400);
  });
});
