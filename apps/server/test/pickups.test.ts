/**
 * Carrier pickups (issue 30) through the app, against the carriers' stand-ins answering with their own bodies
 * (USPS Carrier Pickup 3.0, EasyPost Pickups, ShipEngine pickups) and the demo carrier's simulation: a pickup of
 * the day's labels of a channel is booked with the carrier's confirmation; a fee is one ledger row, refunded
 * once on cancel; another merchant reaches none of it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ShipEngineStandIn, startShipEngineStandIn } from '../standins/shipengine.ts';
import { call, createActiveCustomer } from './helpers.ts';
import {
  appWithUspsAndEasyPost,
  demoPickupChannel,
  EASYPOST_KEY,
  merchantOn,
  USPS_ACCOUNT,
  upstreamChannel,
} from './upstream-fixtures.ts';

const env = appWithUspsAndEasyPost();
const SHIPENGINE_KEY = 'TEST_shipengine_pickups_key';
let shipengine: ShipEngineStandIn;
beforeAll(async () => {
  shipengine = await startShipEngineStandIn({ apiKey: SHIPENGINE_KEY });
});
afterAll(() => shipengine.close());

const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const book = (token: string, channelId: number, extra: Record<string, unknown> = {}) =>
  call(env.t.app, token, {
    method: 'POST',
    url: '/api/app/pickups',
    payload: {
      channelId,
      pickupDate: tomorrow(),
      windowStart: '09:00',
      windowEnd: '17:00',
      location: 'FRONT_DOOR',
      instructions: 'Ring twice',
      ...extra,
    },
  });
const cancel = (token: string, id: number) =>
  call(env.t.app, token, { method: 'POST', url: `/api/app/pickups/${id}/cancel`, payload: {} });

/** The merchant's ledger rows about pickups, oldest first. */
const pickupRows = (userId: number) =>
  env.t.ctx.db
    .selectFrom('balance_logs')
    .select(['amount', 'remark', 'reference_type', 'reference_no'])
    .where('user_id', '=', userId)
    .where('reference_type', '=', 'pickup')
    .orderBy('id')
    .execute();
const balanceOf = async (userId: number) =>
  Number(
    (
      await env.t.ctx.db
        .selectFrom('wallets')
        .select('balance')
        .where('user_id', '=', userId)
        .where('currency', '=', 'USD')
        .executeTakeFirstOrThrow()
    ).balance,
  );

/** A channel at the ShipEngine stand-in, with its USPS Priority Mail service. */
const shipEngineChannel = () =>
  upstreamChannel(
    env.t,
    env.admin,
    'shipengine',
    { apiKey: SHIPENGINE_KEY, baseUrl: shipengine.url, carrierIds: ['se-100001'], timeoutMs: 2000 },
    { carrierId: 'se-100001', serviceCode: 'usps_priority_mail' },
  );

describe('carrier pickups', () => {
  test("USPS: the day's labels are counted and weighed, the pickup scheduled with USPS and cancelled with its ETag", async () => {
    const onUsps = await upstreamChannel(
      env.t,
      env.admin,
      'usps',
      { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 2000 },
      { mailClass: 'PRIORITY_MAIL' },
    );
    const merchant = await merchantOn(env.t, env.admin, onUsps.channelId, { weights: [2, 1] });
    expect((await merchant.buy(onUsps.serviceId)).statusCode).toBe(200);
    const token = merchant.customer.token;

    const labels = await call(env.t.app, token, { method: 'GET', url: `/api/app/pickups/labels?date=${today()}` });
    expect(labels.json().data).toEqual([
      expect.objectContaining({
        channelId: onUsps.channelId,
        packageCount: 2,
        weightLb: 3,
        canPickUp: true,
        fee: '0.00',
      }),
    ]);

    const booked = await book(token, onUsps.channelId);
    expect(booked.statusCode).toBe(200);
    const pickup = booked.json().data;
    expect(pickup).toMatchObject({ status: 'scheduled', packageCount: 2, weightLb: 3, fee: '0.00' });
    const atUsps = env.usps.pickups.get(pickup.confirmationNo);
    expect(atUsps?.request).toMatchObject({
      pickupDate: tomorrow(),
      packages: [{ packageType: 'OTHER', packageCount: 2 }],
      estimatedWeight: 3,
      pickupLocation: { packageLocation: 'FRONT_DOOR', specialInstructions: 'Ring twice' },
      pickupAddress: { firstName: 'Ada', lastName: 'Shipper', contact: [{ cellNumber: '3105550100' }] },
    });
    // Free: no ledger row.
    expect(await pickupRows(merchant.customer.id)).toEqual([]);

    const cancelled = await cancel(token, pickup.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(atUsps?.cancelled).toBe(true);
    const list = await call(env.t.app, token, { method: 'GET', url: '/api/app/pickups' });
    expect(list.json().data.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual([
      [pickup.id, 'cancelled'],
    ]);
  });

  test("EasyPost: the pickup's rate is its fee, one ledger row; a cancel refunds it once, a second cancel is refused", async () => {
    const onEasyPost = await upstreamChannel(
      env.t,
      env.admin,
      'easypost',
      { apiKey: EASYPOST_KEY, baseUrl: env.easypost.url },
      { carrier: 'USPS', service: 'Priority' },
    );
    const merchant = await merchantOn(env.t, env.admin, onEasyPost.channelId, { funds: '100.00', weights: [1] });
    expect((await merchant.buy(onEasyPost.serviceId)).statusCode).toBe(200);
    const token = merchant.customer.token;
    env.easypost.pickupRate = '4.50';
    const before = await balanceOf(merchant.customer.id);
    // EasyPost prices a pickup only as it is booked: no fee to show before.
    const labels = await call(env.t.app, token, { method: 'GET', url: '/api/app/pickups/labels' });
    expect(labels.json().data).toEqual([expect.objectContaining({ channelId: onEasyPost.channelId, fee: null })]);

    const booked = await book(token, onEasyPost.channelId, { location: 'MAIL_ROOM' });
    env.easypost.pickupRate = '0.00';
    expect(booked.statusCode).toBe(200);
    const pickup = booked.json().data;
    expect(pickup).toMatchObject({ status: 'scheduled', fee: '4.50', packageCount: 1 });
    expect(pickup.confirmationNo).toMatch(/^WTC\d{8}$/);
    const atEasyPost = [...env.easypost.pickups.values()].find((made) => made.confirmation === pickup.confirmationNo);
    expect(atEasyPost).toMatchObject({ status: 'scheduled', instructions: '1 parcels, mail room. Ring twice' });
    expect(await balanceOf(merchant.customer.id)).toBe(before - 450);
    expect(await pickupRows(merchant.customer.id)).toEqual([
      { amount: -450, remark: 'pickupFee', reference_type: 'pickup', reference_no: pickup.confirmationNo },
    ]);

    const [first, second] = await Promise.all([cancel(token, pickup.id), cancel(token, pickup.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409].sort());
    expect(atEasyPost?.status).toBe('canceled');
    expect(await balanceOf(merchant.customer.id)).toBe(before);
    expect((await pickupRows(merchant.customer.id)).map((row) => [row.amount, row.remark])).toEqual([
      [-450, 'pickupFee'],
      [450, 'pickupRefunded'],
    ]);
    expect((await cancel(token, pickup.id)).statusCode).toBe(409);
    expect(await pickupRows(merchant.customer.id)).toHaveLength(2);
  });

  test('ShipEngine: the labels are named by their ShipEngine ids, the pickup deleted on cancel', async () => {
    const onShipEngine = await shipEngineChannel();
    const merchant = await merchantOn(env.t, env.admin, onShipEngine.channelId, { weights: [1] });
    expect((await merchant.buy(onShipEngine.serviceId)).statusCode).toBe(200);
    const order = await merchant.order();
    const booked = await book(merchant.customer.token, onShipEngine.channelId, { windowStart: '13:00' });
    expect(booked.statusCode).toBe(200);
    const pickup = booked.json().data;
    const atShipEngine = [...shipengine.pickups.values()].find(
      (made) => made.confirmation_number === pickup.confirmationNo,
    );
    expect(atShipEngine).toMatchObject({
      label_ids: [order.upstream_id],
      pickup_window: [{ start_at: `${tomorrow()}T13:00:00.000`, end_at: `${tomorrow()}T17:00:00.000` }],
    });
    expect((await cancel(merchant.customer.token, pickup.id)).statusCode).toBe(200);
    expect(atShipEngine?.cancelled_at).toEqual(expect.any(String));
  });

  test('the demo carrier simulates a pickup at its channel fee; refused without labels, and to another merchant', async () => {
    const demo = await demoPickupChannel(env.t, 125);
    const merchant = await merchantOn(env.t, env.admin, Number(demo.channelId), { weights: [1] });
    const token = merchant.customer.token;
    // No label yet: nothing to pick up.
    const empty = await book(token, Number(demo.channelId));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields).toEqual({ channelId: expect.any(String) });
    expect((await merchant.buy(Number(demo.serviceId))).statusCode).toBe(200);
    // The fee is shown before booking.
    const labels = await call(env.t.app, token, { method: 'GET', url: '/api/app/pickups/labels' });
    expect(labels.json().data).toEqual([expect.objectContaining({ packageCount: 1, fee: '1.25' })]);
    const booked = await book(token, Number(demo.channelId));
    expect(booked.statusCode).toBe(200);
    expect(booked.json().data).toMatchObject({ fee: '1.25', status: 'scheduled' });
    expect(booked.json().data.confirmationNo).toMatch(/^DPU\d{9}$/);

    const other = await createActiveCustomer(env.t, env.admin);
    expect((await cancel(other.token, booked.json().data.id)).statusCode).toBe(404);
    expect((await call(env.t.app, other.token, { method: 'GET', url: '/api/app/pickups' })).json().data).toEqual([]);
    // A window that ends before it starts is refused on its field.
    const backwards = await book(token, Number(demo.channelId), { windowStart: '15:00', windowEnd: '10:00' });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().data.fields)).toEqual(['windowEnd']);
    expect(await pickupRows(merchant.customer.id)).toEqual([
      expect.objectContaining({ amount: -125, remark: 'pickupFee' }),
    ]);
  });
});

describe('a pickup booking whose answer was lost (issue 25)', () => {
  /** Makes the account's asked bookings look sent long enough ago to be lost rather than under way. */
  const askedLongAgo = (userId: number) =>
    env.t.ctx.db
      .updateTable('pickups')
      .set({ asked_at: Date.now() - 60 * 60_000 })
      .where('user_id', '=', userId)
      .where('status', '=', 'asking')
      .execute();

  test('EasyPost: the bought Pickup is found in EasyPost’s list and kept, its fee charged once; none bought twice', async () => {
    const onEasyPost = await upstreamChannel(
      env.t,
      env.admin,
      'easypost',
      { apiKey: EASYPOST_KEY, baseUrl: env.easypost.url },
      { carrier: 'USPS', service: 'Priority' },
    );
    const merchant = await merchantOn(env.t, env.admin, onEasyPost.channelId, { funds: '100.00', weights: [1] });
    expect((await merchant.buy(onEasyPost.serviceId)).statusCode).toBe(200);
    const token = merchant.customer.token;
    env.easypost.pickupRate = '3.25';
    const before = await balanceOf(merchant.customer.id);
    const bought = () => [...env.easypost.pickups.values()].filter((made) => made.status === 'scheduled');
    const boughtBefore = bought().length;

    // EasyPost buys the Pickup, and its answer is lost on the way back.
    env.easypost.fail('POST /v2/pickups/:id/buy', { kind: 'malformed' });
    const booked = await book(token, onEasyPost.channelId);
    env.easypost.pickupRate = '0.00';
    expect(booked.statusCode).toBe(200);
    const pickup = booked.json().data;
    const atEasyPost = bought().at(-1);
    expect(bought()).toHaveLength(boughtBefore + 1);
    expect(pickup).toMatchObject({ status: 'scheduled', fee: '3.25', confirmationNo: atEasyPost?.confirmation });
    expect(atEasyPost?.reference).toBe(`pickup ${pickup.id}`);
    expect(await balanceOf(merchant.customer.id)).toBe(before - 325);
    expect(await pickupRows(merchant.customer.id)).toEqual([
      { amount: -325, remark: 'pickupFee', reference_type: 'pickup', reference_no: pickup.confirmationNo },
    ]);
  });

  test('ShipEngine: the scheduled pickup is found among ShipEngine’s pickups by its labels and kept; none scheduled twice', async () => {
    const onShipEngine = await shipEngineChannel();
    const merchant = await merchantOn(env.t, env.admin, onShipEngine.channelId, { weights: [1] });
    expect((await merchant.buy(onShipEngine.serviceId)).statusCode).toBe(200);
    const order = await merchant.order();
    const scheduled = () => [...shipengine.pickups.values()].filter((made) => !made.cancelled_at);
    const before = scheduled().length;

    // ShipEngine schedules the pickup, and its answer is lost on the way back.
    shipengine.fail('POST /v1/pickups', { kind: 'malformed' });
    const booked = await book(merchant.customer.token, onShipEngine.channelId);
    expect(booked.statusCode).toBe(200);
    const atShipEngine = scheduled().at(-1);
    expect(scheduled()).toHaveLength(before + 1);
    expect(atShipEngine?.label_ids).toEqual([order.upstream_id]);
    expect(booked.json().data).toMatchObject({
      status: 'scheduled',
      fee: '0.00',
      confirmationNo: atShipEngine?.confirmation_number,
    });
    expect(shipengine.requests.filter((request) => request === 'GET /v1/pickups').length).toBeGreaterThan(0);
  });

  test('USPS (cannot be asked): kept as being confirmed, staff told, the day never booked again by itself', async () => {
    const onUsps = await upstreamChannel(
      env.t,
      env.admin,
      'usps',
      { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 2000 },
      { mailClass: 'PRIORITY_MAIL' },
    );
    const merchant = await merchantOn(env.t, env.admin, onUsps.channelId, { weights: [1] });
    expect((await merchant.buy(onUsps.serviceId)).statusCode).toBe(200);
    const token = merchant.customer.token;
    const atUsps = () => env.usps.pickups.size;
    const before = atUsps();

    // USPS schedules the pickup, and its answer is lost on the way back.
    env.usps.fail('POST /pickup/v3/carrier-pickup', { kind: 'malformed' });
    const booked = await book(token, onUsps.channelId);
    expect(booked.statusCode).toBe(200);
    const pickup = booked.json().data;
    expect(pickup).toMatchObject({ status: 'confirming', confirmationNo: null, fee: '0.00' });
    expect(atUsps()).toBe(before + 1);
    const told = await env.t.ctx.db
      .selectFrom('user_messages')
      .select(['params'])
      .where('title_key', '=', 'msgPickupUnknownTitle')
      .execute();
    expect(told.map((message) => JSON.parse(message.params ?? '{}').date)).toContain(tomorrow());

    // Booked again, even long after: refused while it is not settled, and USPS is not asked again.
    await askedLongAgo(merchant.customer.id);
    const again = await book(token, onUsps.channelId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('no second booking is sent');
    expect(atUsps()).toBe(before + 1);
    const list = await call(env.t.app, token, { method: 'GET', url: '/api/app/pickups' });
    expect(list.json().data.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual([
      [pickup.id, 'confirming'],
    ]);
    expect((await cancel(token, pickup.id)).statusCode).toBe(409);
  });
});

describe('saved views of the order list', () => {
  const state = { filters: { status: 1, keyword: 'gift' }, columns: ['orderNo', 'status'], sort: null };
  test('a view is its maker’s; a shared one is seen within the account, never by another account', async () => {
    const owner = await createActiveCustomer(env.t, env.admin);
    const stranger = await createActiveCustomer(env.t, env.admin);
    const save = (token: string, name: string, shared: boolean) =>
      call(env.t.app, token, { method: 'POST', url: '/api/app/orderViews', payload: { name, shared, state } });
    const list = async (token: string) =>
      (await call(env.t.app, token, { method: 'GET', url: '/api/app/orderViews' })).json().data as {
        id: number;
        name: string;
        shared: boolean;
        mine: boolean;
      }[];
    const shared = (await save(owner.token, 'Gifts to ship', true)).json().data;
    expect((await save(owner.token, 'Mine only', false)).statusCode).toBe(200);
    expect((await save(stranger.token, 'Theirs', true)).statusCode).toBe(200);

    expect((await list(owner.token)).map((view) => [view.name, view.shared, view.mine])).toEqual([
      ['Gifts to ship', true, true],
      ['Mine only', false, true],
    ]);
    expect((await list(owner.token))[0]).toMatchObject({ state });
    expect((await list(stranger.token)).map((view) => view.name)).toEqual(['Theirs']);
    const refused = await call(env.t.app, stranger.token, {
      method: 'DELETE',
      url: `/api/app/orderViews/${shared.id}`,
    });
    expect(refused.statusCode).toBe(404);
    expect((await list(owner.token)).map((view) => view.name)).toContain('Gifts to ship');
    const blank = await save(owner.token, ' ', false);
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().data.fields)).toEqual(['name']);
    const deleted = await call(env.t.app, owner.token, { method: 'DELETE', url: `/api/app/orderViews/${shared.id}` });
    expect(deleted.json().data).toEqual({ deleted: 1 });
    expect((await list(owner.token)).map((view) => view.name)).toEqual(['Mine only']);
  });
});
