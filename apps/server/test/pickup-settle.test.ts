import { ROLE } from '@parcelport/shared';
import { describe, expect, test } from 'vitest';
import { ADMIN, call, createStaff, grantToRole } from './helpers.ts';
import {
  appWithUspsAndEasyPost,
  demoPickupChannel,
  merchantOn,
  USPS_ACCOUNT,
  upstreamChannel,
} from './upstream-fixtures.ts';

/**
 * Staff settle a pickup booking whose answer was lost at a carrier that cannot be asked whether it booked it
 * (issue 25; docs/carriers.md "Pickups"): it stays `confirming` and its day is not booked again until staff
 * holding `adminChannel` record the carrier's confirmation number (scheduled, its fee charged once) or mark it
 * not booked (the day can be booked again). Each settlement is kept with who made it, logged under the
 * merchant and told to them; a second is refused, a merchant cannot settle, a seller reaches only their own.
 */

const env = appWithUspsAndEasyPost();
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const book = (token: string, channelId: number) =>
  call(env.t.app, token, {
    method: 'POST',
    url: '/api/app/pickups',
    payload: { channelId, pickupDate: tomorrow(), windowStart: '09:00', windowEnd: '17:00', location: 'FRONT_DOOR' },
    headers: { 'accept-language': 'en-US' },
  });

const pickupsOf = async (token: string) =>
  (await call(env.t.app, token, { method: 'GET', url: '/api/app/pickups' })).json().data as {
    id: number;
    status: string;
    confirmationNo: string | null;
    fee: string;
  }[];

async function unknownPickups(token = env.admin) {
  const answer = await call(env.t.app, token, { method: 'GET', url: '/api/admin/pickups/unknown' });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { id: number; username: string; pickupDate: string; packageCount: number }[];
}

const settle = (id: number, body: Record<string, unknown>, token = env.admin) =>
  call(env.t.app, token, {
    method: 'POST',
    url: `/api/admin/pickups/${id}/settle`,
    payload: body,
    headers: { 'accept-language': 'en-US' },
  });

/** Makes the booking look sent long enough ago to be lost rather than under way. */
const askedLongAgo = (id: number) =>
  env.t.ctx.db
    .updateTable('pickups')
    .set({ asked_at: Date.now() - 60 * 60_000 })
    .where('id', '=', id)
    .execute();

/** A USPS pickup booked and its answer lost, long enough ago to be settled; of a seller's customer when `invitationCode` is theirs. */
async function lostPickup(invitationCode?: string) {
  const onUsps = await upstreamChannel(
    env.t,
    env.admin,
    'usps',
    { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 2000, breakerFailures: 100 },
    { mailClass: 'PRIORITY_MAIL' },
  );
  const merchant = await merchantOn(env.t, env.admin, onUsps.channelId, { weights: [1], invitationCode });
  expect((await merchant.buy(onUsps.serviceId)).statusCode).toBe(200);
  env.usps.fail('POST /pickup/v3/carrier-pickup', { kind: 'malformed' });
  const booked = await book(merchant.customer.token, onUsps.channelId);
  expect(booked.statusCode, booked.body).toBe(200);
  const pickup = booked.json().data;
  expect(pickup.status).toBe('confirming');
  return { merchant, pickup, channelId: onUsps.channelId };
}

const ledgerRows = (userId: number) =>
  env.t.ctx.db
    .selectFrom('balance_logs')
    .select(['amount', 'remark', 'reference_no'])
    .where('user_id', '=', userId)
    .where('reference_type', '=', 'pickup')
    .execute();

describe('staff settle a pickup booking whose answer was lost', () => {
  test('recorded: the pickup is scheduled under USPS’s confirmation number, logged, and the merchant told', async () => {
    const { merchant, pickup } = await lostPickup();
    const token = merchant.customer.token;
    // Too soon: it may still be under way, so it is neither listed nor settled.
    expect((await unknownPickups()).some((entry) => entry.id === pickup.id)).toBe(false);
    expect((await settle(pickup.id, { outcome: 'released' })).statusCode).toBe(409);
    await askedLongAgo(pickup.id);
    expect((await unknownPickups()).find((entry) => entry.id === pickup.id)).toMatchObject({
      username: merchant.customer.email,
      pickupDate: tomorrow(),
      packageCount: 1,
    });

    // A merchant cannot settle it, not even their own; recorded needs the confirmation number, and a sane one.
    expect((await settle(pickup.id, { outcome: 'recorded', confirmationNo: 'WTC12345678' }, token)).statusCode).toBe(
      403,
    );
    const numberless = await settle(pickup.id, { outcome: 'recorded' });
    expect(numberless.statusCode).toBe(400);
    expect(Object.keys(numberless.json().data.fields)).toEqual(['confirmationNo']);
    const garbled = await settle(pickup.id, { outcome: 'recorded', confirmationNo: 'no spaces!' });
    expect(garbled.statusCode).toBe(400);
    expect(Object.keys(garbled.json().data.fields)).toEqual(['confirmationNo']);
    expect((await pickupsOf(token))[0]?.status).toBe('confirming');

    const settled = await settle(pickup.id, { outcome: 'recorded', confirmationNo: 'WTC12345678' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toMatchObject({
      outcome: 'recorded',
      confirmationNo: 'WTC12345678',
      fee: '0.00',
      settledBy: ADMIN.username,
    });
    expect(await pickupsOf(token)).toEqual([
      expect.objectContaining({ id: pickup.id, status: 'scheduled', confirmationNo: 'WTC12345678', fee: '0.00' }),
    ]);
    // USPS pickups are free: no ledger row.
    expect(await ledgerRows(merchant.customer.id)).toEqual([]);

    // Settled once: a second settlement, either way, is refused, and it leaves the list.
    const again = await settle(pickup.id, { outcome: 'released' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This pickup booking has been settled already');
    expect((await unknownPickups()).some((entry) => entry.id === pickup.id)).toBe(false);

    const kept = await env.t.ctx.db
      .selectFrom('pickups')
      .select(['settled_by', 'settled_at', 'asked_at'])
      .where('id', '=', pickup.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ settled_by: expect.anything(), settled_at: expect.anything(), asked_at: null });
    const logged = await env.t.ctx.db
      .selectFrom('user_logs')
      .select(['status_code'])
      .where('subject_id', '=', merchant.customer.id)
      .where('path', '=', `/api/admin/pickups/${pickup.id}/settle`)
      .execute();
    expect(logged.map((row) => row.status_code)).toContain(200);
    const told = await call(env.t.app, token, {
      method: 'GET',
      url: '/api/user/messages',
      headers: { 'accept-language': 'en-US' },
    });
    expect(JSON.stringify(told.json().data)).toContain('under confirmation number WTC12345678');
  });

  test('released: marked not booked, and the day can be booked again with USPS', async () => {
    const { merchant, pickup, channelId } = await lostPickup();
    await askedLongAgo(pickup.id);
    const settled = await settle(pickup.id, { outcome: 'released' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toMatchObject({ outcome: 'released', confirmationNo: null, settledBy: ADMIN.username });
    expect((await settle(pickup.id, { outcome: 'recorded', confirmationNo: 'WTC12345678' })).statusCode).toBe(409);

    const again = await book(merchant.customer.token, channelId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('scheduled');
    expect((await pickupsOf(merchant.customer.token)).map((row) => row.status)).toEqual(['scheduled', 'notBooked']);
  });

  test('the demo carrier’s fee is charged once, as one ledger row, when staff record its booking', async () => {
    const demo = await demoPickupChannel(env.t, 125);
    const merchant = await merchantOn(env.t, env.admin, Number(demo.channelId), { weights: [1] });
    expect((await merchant.buy(Number(demo.serviceId))).statusCode).toBe(200);
    // The demo carrier answers in-process, so its lost answer is set up as a booking leaves it: kept as asked.
    const { id } = await env.t.ctx.db
      .insertInto('pickups')
      .values({
        user_id: merchant.customer.id,
        channel_id: Number(demo.channelId),
        pickup_date: tomorrow(),
        window_start: '09:00',
        window_end: '17:00',
        location: 'FRONT_DOOR',
        instructions: '',
        package_count: 1,
        weight_oz: 16,
        label_date: new Date().toISOString().slice(0, 10),
        status: 'asking',
        fee: 0,
        asked_at: Date.now() - 60 * 60_000,
        created_by: merchant.customer.id,
        created_at: Date.now() - 60 * 60_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const racing = await Promise.all([
      settle(Number(id), { outcome: 'recorded', confirmationNo: 'DPU123456789' }),
      settle(Number(id), { outcome: 'recorded', confirmationNo: 'DPU123456789' }),
    ]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerRows(merchant.customer.id)).toEqual([
      expect.objectContaining({ amount: -125, remark: 'pickupFee', reference_no: 'DPU123456789' }),
    ]);
    expect((await pickupsOf(merchant.customer.token))[0]).toMatchObject({ status: 'scheduled', fee: '1.25' });
  });

  test('a seller holding adminChannel sees and settles the bookings of their own customers only', async () => {
    const seller = await createStaff(env.t, env.admin, [ROLE.seller], { invitationCode: 'PICKUPS-S1' });
    await grantToRole(env.t, ROLE.seller, 'adminChannel');
    const theirs = await lostPickup('PICKUPS-S1');
    const other = await lostPickup();
    await askedLongAgo(theirs.pickup.id);
    await askedLongAgo(other.pickup.id);

    expect((await unknownPickups(seller.token)).map((entry) => entry.id)).toEqual([theirs.pickup.id]);
    // Another seller's (here: the platform's) merchant: refused as every scoped call out of scope, nothing kept.
    const refused = await settle(other.pickup.id, { outcome: 'released' }, seller.token);
    expect(refused.statusCode).toBe(404);
    expect((await pickupsOf(other.merchant.customer.token))[0]?.status).toBe('confirming');
    expect((await unknownPickups()).some((entry) => entry.id === other.pickup.id)).toBe(true);

    const settled = await settle(theirs.pickup.id, { outcome: 'released' }, seller.token);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toMatchObject({ outcome: 'released', settledBy: seller.email });
    expect((await pickupsOf(theirs.merchant.customer.token))[0]?.status).toBe('notBooked');
  });
});
