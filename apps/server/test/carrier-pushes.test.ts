/**
 * Issue 29, tracking at volume: a carrier's verified push is stored and answered, then applied by the instances'
 * push appliers in groups (modules/tracking/push-inbox.ts). Each push is applied once, in the order its number's
 * pushes came; a push that fails holds back no other and is tried again.
 */
import { ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { TrackingEvent } from '../src/core/tracking.ts';
import type { ParcelListener } from '../src/declaration.ts';
import { startPushApplier } from '../src/modules/tracking/push-inbox.ts';
import { insertPushes } from '../src/modules/tracking/push-inbox-repo.ts';
import { type EasyPostStandIn, startEasyPostStandIn } from '../standins/easypost.ts';
import { ADMIN, loginToken, onPostgres, pushesApplied, startApp, type TestApp } from './helpers.ts';
import { EASYPOST_KEY, easypostChannel, merchantOn } from './upstream-fixtures.ts';
import { turnsUntil, until } from './waits.ts';

let t: TestApp;
let easypost: EasyPostStandIn;
let admin: string;
const SECRET = 'whsec_inbox';
let channelId: number;
let serviceId: number;

beforeAll(async () => {
  [t, easypost] = await Promise.all([startApp(), startEasyPostStandIn({ apiKey: EASYPOST_KEY })]);
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  ({ channelId, serviceId } = await easypostChannel(t, admin, {
    apiKey: EASYPOST_KEY,
    baseUrl: easypost.url,
    webhookSecret: SECRET,
  }));
});
afterAll(async () => {
  await easypost.close();
  await t.close();
});

/** `count` bought orders of one parcel each, of one merchant: their ids and tracking numbers. */
async function boughtOrders(count: number) {
  const merchant = await merchantOn(t, admin, channelId, { funds: '5000.00', weights: [1] });
  const orders: { orderId: number; trackingNo: string }[] = [];
  for (let k = 0; k < count; k++) {
    const orderId = k === 0 ? merchant.orderId : await merchant.another();
    expect((await merchant.buy(serviceId, orderId)).statusCode).toBe(200);
    orders.push({ orderId, trackingNo: (await merchant.order(orderId)).tracking_no as string });
  }
  return orders;
}

const statusOf = async (orderId: number) =>
  (await t.ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

const event = (status: number, description: string, occurredAt: number): TrackingEvent => ({
  status,
  description,
  location: 'NEWARK',
  occurredAt,
});

/** A carrier's delivery sent to the channel's webhook address. */
const pushed = (delivery: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tracking/webhook/carrier/${channelId}`,
    payload: delivery.body,
    headers: delivery.headers,
  });

/** A listener to parcel news, for the length of `run`. */
async function listening<T>(listener: ParcelListener, run: () => Promise<T>): Promise<T> {
  t.ctx.hooks.parcelNews.push(listener);
  try {
    return await run();
  } finally {
    t.ctx.hooks.parcelNews.splice(t.ctx.hooks.parcelNews.indexOf(listener), 1);
  }
}

describe("a carrier's pushes, stored and applied in groups", () => {
  test('a push is answered once stored, before it is applied, and then applied', async () => {
    const [order] = await boughtOrders(1);
    const { orderId, trackingNo } = order as { orderId: number; trackingNo: string };
    // The application of this order's news waits at a gate the test opens; the answer does not wait for it.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let applied = false;
    await listening(
      {
        recorded: async (_trx, news) => {
          if (news.orderId === orderId) await gate;
        },
        changed: async (_ctx, news) => {
          if (news.orderId === orderId) applied = true;
        },
      },
      async () => {
        easypost.scan(trackingNo, 'in_transit', 'Arrived at USPS Regional Facility', 'NEWARK');
        const signed = easypost.trackerEvent(trackingNo, SECRET);
        expect((await pushed(signed)).statusCode).toBe(200);
        // Answered while its application could not have been committed.
        expect(applied).toBe(false);
        open();
        await until(
          () => statusOf(orderId),
          (status) => status === ORDER_STATUS.inTransit,
          'the push applied',
        );
        await turnsUntil(() => applied);
      },
    );
    const events = await t.ctx.db.selectFrom('tracking_events').selectAll().where('order_id', '=', orderId).execute();
    expect(events.map((row) => row.description)).toContain('Arrived at USPS Regional Facility');
    await pushesApplied(t);
  });

  test('a push delivered twice is applied once, whether the copies come apart or stored together', async () => {
    const orders = await boughtOrders(2);
    const [apart, together] = orders as [(typeof orders)[number], (typeof orders)[number]];
    easypost.scan(apart.trackingNo, 'in_transit', 'Arrived at USPS Regional Facility', 'NEWARK');
    const signed = easypost.trackerEvent(apart.trackingNo, SECRET);
    for (let k = 0; k < 2; k++) {
      expect((await pushed(signed)).statusCode).toBe(200);
    }
    const scan = [event(TRACKING_STATUS.inTransit, 'Departed', Date.now())];
    await insertPushes(t.ctx.db, [
      { channelId, trackingNo: together.trackingNo, events: scan },
      { channelId, trackingNo: together.trackingNo, events: scan },
    ]);
    await pushesApplied(t);
    for (const { orderId } of orders) {
      expect(await statusOf(orderId)).toBe(ORDER_STATUS.inTransit);
      const timeline = await t.ctx.db
        .selectFrom('order_events')
        .select('event')
        .where('order_id', '=', orderId)
        .where('event', 'in', ['received', 'inTransit'])
        .orderBy('id')
        .execute();
      expect(timeline.map((row) => row.event)).toEqual(['received', 'inTransit']);
    }
    const departed = await t.ctx.db
      .selectFrom('tracking_events')
      .select('id')
      .where('order_id', '=', together.orderId)
      .execute();
    expect(departed).toHaveLength(1);
    const scans = await t.ctx.db
      .selectFrom('tracking_events')
      .select(['description', 'occurred_at'])
      .where('order_id', '=', apart.orderId)
      .execute();
    // Each of the carrier's events once.
    expect(new Set(scans.map((row) => `${row.description}|${row.occurred_at}`)).size).toBe(scans.length);
  });

  test('in a group where one push fails, the others are applied; the failed one is kept with its reason and tried again', async () => {
    const orders = await boughtOrders(3);
    const [first, broken, last] = orders as [(typeof orders)[number], (typeof orders)[number], (typeof orders)[number]];
    let failing = true;
    await listening(
      {
        recorded: async (_trx, news) => {
          if (failing && news.orderId === broken.orderId) throw new Error('the order cannot follow now');
        },
      },
      async () => {
        // One statement: the applier claims the three in one group.
        await insertPushes(
          t.ctx.db,
          orders.map(({ trackingNo }) => ({
            channelId,
            trackingNo,
            events: [event(TRACKING_STATUS.inTransit, 'Accepted', Date.now())],
          })),
        );
        const [kept] = await until(
          () => t.ctx.db.selectFrom('carrier_pushes').selectAll().where('error', 'is not', null).execute(),
          (rows) => rows.length === 1,
          'the failed push put back',
        );
        expect(kept).toMatchObject({ tracking_no: broken.trackingNo, attempts: 1, gave_up_at: null, claimed_by: null });
        expect(kept?.error).toContain('the order cannot follow now');
        expect(Number(kept?.run_after)).toBeGreaterThan(Number(kept?.received_at));
        // The others applied, alone after the group failed (the last after the failed one).
        for (const { orderId } of [first, last])
          await until(
            () => statusOf(orderId),
            (status) => status === ORDER_STATUS.inTransit,
            'the others applied',
          );
        expect(await statusOf(broken.orderId)).toBe(ORDER_STATUS.pendingTransport);
        failing = false;
        await until(
          () => statusOf(broken.orderId),
          (status) => status === ORDER_STATUS.inTransit,
          'the failed push tried again and applied',
        );
      },
    );
    expect(await pushesApplied(t)).toEqual([]);
  });

  test('several appliers (on PostgreSQL, two app instances) apply each push once and in the order of its number', async () => {
    const orders = await boughtOrders(6);
    // A second instance on the same database with its own applier (PostgreSQL), and more appliers beside.
    const second = onPostgres ? await buildApp(t.config, { logger: false }) : null;
    await second?.app.ready();
    const stops = [
      startPushApplier(t.ctx, { pollMs: 5 }),
      startPushApplier(t.ctx, { pollMs: 5 }),
      ...(second ? [startPushApplier(second.ctx, { pollMs: 5 })] : []),
    ];
    try {
      const at = Date.now() - 60_000;
      const inTransit = event(TRACKING_STATUS.inTransit, 'Arrived', at);
      const delivered = event(TRACKING_STATUS.delivered, 'Delivered', at + 1000);
      // Each number's pushes: a scan, the same again, then the scans with its delivery; stored a round at a time.
      for (const events of [[inTransit], [inTransit], [inTransit, delivered]])
        await insertPushes(
          t.ctx.db,
          orders.map(({ trackingNo }) => ({ channelId, trackingNo, events })),
        );
      await pushesApplied(t);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await second?.app.close();
    }
    for (const { orderId } of orders) {
      expect(await statusOf(orderId)).toBe(ORDER_STATUS.delivered);
      const events = await t.ctx.db
        .selectFrom('tracking_events')
        .select('description')
        .where('order_id', '=', orderId)
        .orderBy('occurred_at')
        .execute();
      expect(events.map((row) => row.description)).toEqual(['Arrived', 'Delivered']);
      const timeline = await t.ctx.db
        .selectFrom('order_events')
        .select('event')
        .where('order_id', '=', orderId)
        .where('event', 'in', ['received', 'inTransit', 'delivered'])
        .orderBy('id')
        .execute();
      expect(timeline.map((row) => row.event)).toEqual(['received', 'inTransit', 'delivered']);
    }
  });
});
