/**
 * POST /staff/channel/allot-channel (docs/spec.md §7, the staff family; issue 13): employee management sets
 * an employee's own channels, what its account quotes and buys with. staffList calls it (§6), over the
 * employees in the caller's reach (an administrator: every one; anyone else: those registered under it); a
 * customer is no employee. The admin family's call (/admin/channel/allot-channel, adminChannel) stays the
 * customers' allotment.
 */
import { ROLE } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  demoChannelId,
  expectEnvelope,
  expectFieldError,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let admin: string;
let usps: number;
let ups: number;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  usps = await demoChannelId(t, 'USPS');
  ups = await demoChannelId(t, 'UPS');
});
afterAll(async () => t.close());

const allot = (token: string, payload: unknown) =>
  call(t.app, token, { method: 'POST', url: '/api/staff/channel/allot-channel', payload: payload as object });
const channelsOf = async (userId: number) =>
  (await t.ctx.db.selectFrom('user_channels').select('channel_id').where('user_id', '=', userId).execute())
    .map((row) => Number(row.channel_id))
    .sort((a, b) => a - b);
/** The carriers an account's own quotes offer (GET /app/user/channels, as the account itself sees them). */
const carriersSeenBy = async (token: string) =>
  [
    ...new Set(
      (
        (await call(t.app, token, { method: 'GET', url: '/api/app/user/channels' })).json().data as {
          carrierCode: string;
        }[]
      ).map((service) => service.carrierCode),
    ),
  ].sort();

/** A role of its own holding staffList (and the admin area), not platform-wide: its employees are its own. */
async function employeeDesk() {
  const code = `hr${Date.now() % 1_000_000}`;
  const made = await call(t.app, admin, {
    method: 'POST',
    url: '/api/role/create',
    payload: { code, name: 'Employee desk', resources: ['menuSystem', 'staffList'] },
  });
  expect(made.statusCode).toBe(200);
  return createStaff(t, admin, [code]);
}

describe('POST /staff/channel/allot-channel', () => {
  test("an administrator sets an employee's channels, which its own quotes then offer; an empty list clears them", async () => {
    const clerk = await createStaff(t, admin, [ROLE.customerService]);
    expect(await channelsOf(clerk.id)).toEqual([]);

    const set = await allot(admin, { userId: clerk.id, channelIds: [ups, usps, usps] });
    expectEnvelope(set, 200);
    expect(await channelsOf(clerk.id)).toEqual([usps, ups].sort((a, b) => a - b));
    expect(await carriersSeenBy(clerk.token)).toEqual(['UPS', 'USPS']);

    expectEnvelope(await allot(admin, { userId: clerk.id, channelIds: [ups] }), 200);
    expect(await carriersSeenBy(clerk.token)).toEqual(['UPS']);
    expectEnvelope(await allot(admin, { userId: clerk.id, channelIds: [] }), 200);
    expect(await channelsOf(clerk.id)).toEqual([]);
  });

  test('only employees: a customer, an unknown or a deleted account is 404 and nothing changes', async () => {
    const customer = await createActiveCustomer(t, admin);
    const before = await channelsOf(customer.id);
    expect(before).not.toEqual([]);
    expectEnvelope(await allot(admin, { userId: customer.id, channelIds: [] }), 404);
    expect(await channelsOf(customer.id)).toEqual(before);
    expectEnvelope(await allot(admin, { userId: 99_999_999, channelIds: [] }), 404);

    const gone = await createStaff(t, admin, [ROLE.finance]);
    await t.ctx.db.updateTable('users').set({ deleted_at: Date.now() }).where('id', '=', gone.id).execute();
    expectEnvelope(await allot(admin, { userId: gone.id, channelIds: [usps] }), 404);
    expect(await channelsOf(gone.id)).toEqual([]);
  });

  test('bad input is 400 naming each failing field; an unknown channel is refused whole', async () => {
    const clerk = await createStaff(t, admin, [ROLE.finance]);
    expectFieldError(await allot(admin, { channelIds: [usps] }), 'userId');
    expectFieldError(await allot(admin, { userId: 'me', channelIds: [usps] }), 'userId');
    expectFieldError(await allot(admin, { userId: clerk.id }), 'channelIds');
    expectFieldError(await allot(admin, { userId: clerk.id, channelIds: 'all' }), 'channelIds');
    const both = expectEnvelope(await allot(admin, { userId: -1, channelIds: [0] }), 400);
    expect(Object.keys(both.data.fields)).toEqual(expect.arrayContaining(['userId', 'channelIds.0']));
    expect(
      expectFieldError(await allot(admin, { userId: clerk.id, channelIds: [usps, 99_999_999] }), 'channelIds'),
    ).toBe('Channel not found');
    expect(await channelsOf(clerk.id)).toEqual([]);
  });

  test('who may: staffList holders, over every employee; no customer, seller or carrier manager alone', async () => {
    const target = await createStaff(t, admin, [ROLE.customerService]);
    const customer = await createActiveCustomer(t, admin);
    const seller = await createStaff(t, admin, [ROLE.seller]);
    const finance = await createStaff(t, admin, [ROLE.finance]);
    // A carrier manager: adminChannel allots customers' channels (the admin family), not employees'.
    const carriers = await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code: `cm${Date.now() % 1_000_000}`, name: 'Carrier desk', resources: ['menuSystem', 'adminChannel'] },
    });
    const manager = await createStaff(t, admin, [carriers.json().data.code]);
    for (const caller of [customer, seller, finance, manager])
      expectEnvelope(await allot(caller.token, { userId: target.id, channelIds: [usps] }), 403);
    expect(await channelsOf(target.id)).toEqual([]);

    // A desk holding staffList through a role staff made is platform staff: it reaches every employee.
    const desk = await employeeDesk();
    expectEnvelope(await allot(desk.token, { userId: target.id, channelIds: [usps] }), 200);
    expect(await channelsOf(target.id)).toEqual([usps]);
    const own = await createStaff(t, admin, [ROLE.finance]);
    expectEnvelope(await allot(desk.token, { userId: own.id, channelIds: [usps] }), 200);
    expect(await channelsOf(own.id)).toEqual([usps]);
  });
});

/** GET /staff/channel/user-channel: what the write edits, read with the write's own rule of who may. */
describe('GET /staff/channel/user-channel', () => {
  const read = (token: string, userId: unknown) =>
    call(t.app, token, { method: 'GET', url: `/api/staff/channel/user-channel?userId=${userId}` });

  test("an employee's channels, with every channel to choose from (no settings); it follows the write", async () => {
    const clerk = await createStaff(t, admin, [ROLE.customerService]);
    const empty = expectEnvelope(await read(admin, clerk.id), 200).data as {
      channelIds: number[];
      channels: Record<string, unknown>[];
    };
    expect(empty.channelIds).toEqual([]);
    const everyChannel = await t.ctx.db.selectFrom('channels').select('id').execute();
    expect(empty.channels.map((channel) => channel.id).sort()).toEqual(
      everyChannel.map((row) => Number(row.id)).sort(),
    );
    const uspsChoice = empty.channels.find((channel) => channel.id === usps);
    expect(uspsChoice).toMatchObject({ carrierCode: 'USPS', status: 1, isDemo: true });
    expect((uspsChoice?.services as unknown[] | undefined)?.length ?? 0).toBeGreaterThan(0);
    expect(Object.keys(uspsChoice ?? {}).sort()).toEqual(['carrierCode', 'id', 'isDemo', 'name', 'services', 'status']);

    expectEnvelope(await allot(admin, { userId: clerk.id, channelIds: [ups, usps] }), 200);
    const after = expectEnvelope(await read(admin, clerk.id), 200).data as { channelIds: number[] };
    expect([...after.channelIds].sort((a, b) => a - b)).toEqual([usps, ups].sort((a, b) => a - b));
  });

  test('only employees: a customer, an unknown or a deleted account is 404; a bad id is 400', async () => {
    const customer = await createActiveCustomer(t, admin);
    expectEnvelope(await read(admin, customer.id), 404);
    expectEnvelope(await read(admin, 99_999_999), 404);
    const gone = await createStaff(t, admin, [ROLE.finance]);
    await t.ctx.db.updateTable('users').set({ deleted_at: Date.now() }).where('id', '=', gone.id).execute();
    expectEnvelope(await read(admin, gone.id), 404);
    expectFieldError(await read(admin, 'me'), 'userId');
    expectFieldError(await call(t.app, admin, { method: 'GET', url: '/api/staff/channel/user-channel' }), 'userId');
  });

  test('who may: as the write, staffList holders over every employee', async () => {
    const target = await createStaff(t, admin, [ROLE.customerService]);
    const customer = await createActiveCustomer(t, admin);
    const seller = await createStaff(t, admin, [ROLE.seller]);
    const finance = await createStaff(t, admin, [ROLE.finance]);
    const carriers = await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code: `cr${Date.now() % 1_000_000}`, name: 'Carrier desk', resources: ['menuSystem', 'adminChannel'] },
    });
    const manager = await createStaff(t, admin, [carriers.json().data.code]);
    for (const caller of [customer, seller, finance, manager]) expectEnvelope(await read(caller.token, target.id), 403);

    const desk = await employeeDesk();
    expectEnvelope(await read(desk.token, target.id), 200);
    const own = await createStaff(t, admin, [ROLE.finance]);
    expectEnvelope(await allot(desk.token, { userId: own.id, channelIds: [usps] }), 200);
    expect((expectEnvelope(await read(desk.token, own.id), 200).data as { channelIds: number[] }).channelIds).toEqual([
      usps,
    ]);
  });
});
