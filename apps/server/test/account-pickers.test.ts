/**
 * The account pickers of the back-office (issue 13): GET /admin/allUserlist (accounts of every kind the
 * caller's codes reach) and POST /admin/allUserlistByServiceCode (the customers allotted a carrier service).
 * A seller reaches its own customers only, platform staff every account, a merchant neither call.
 */
import { ROLE } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  demoChannelId,
  expectFieldError,
  type Json,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let admin: string;
let seller: Awaited<ReturnType<typeof createStaff>>;
let mine: Awaited<ReturnType<typeof createActiveCustomer>>;
let theirs: Awaited<ReturnType<typeof createActiveCustomer>>;
let clerk: Awaited<ReturnType<typeof createStaff>>;

/** A customer registered with the seller's invitation code (so owned by the seller). */
async function customerOf(owner: { id: number }) {
  const { invitation_code } = await t.ctx.db
    .selectFrom('users')
    .select('invitation_code')
    .where('id', '=', owner.id)
    .executeTakeFirstOrThrow();
  return createActiveCustomer(t, admin, undefined, undefined, { invitationCode: invitation_code as string });
}

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  seller = await createStaff(t, admin, [ROLE.seller], { invitationCode: `PICK-${Date.now() % 100000}` });
  const other = await createStaff(t, admin, [ROLE.seller], { invitationCode: `PEER-${Date.now() % 100000}` });
  mine = await customerOf(seller);
  theirs = await customerOf(other);
  clerk = await createStaff(t, admin, [ROLE.finance]);
});
afterAll(async () => t.close());

const ids = (response: { json: () => Json }) => (response.json().data as Json[]).map((row) => row.id as number);

describe('GET /admin/allUserlist', () => {
  const pick = (token: string, query = 'limit=500') =>
    call(t.app, token, { method: 'GET', url: `/api/admin/allUserlist?${query}` });

  test('platform staff pick customers and employees alike, by account, name or company', async () => {
    const everyone = ids(await pick(admin));
    expect(everyone).toEqual(expect.arrayContaining([mine.id, theirs.id, seller.id, clerk.id]));
    const found = (await pick(admin, `keyword=${encodeURIComponent(clerk.email.toUpperCase())}`)).json().data;
    expect(found).toEqual([
      { id: clerk.id, username: clerk.email, name: 'Staff Member', company: '', kind: 'staff', status: 1 },
    ]);
    expect(ids(await pick(admin, `keyword=${encodeURIComponent(mine.email)}`))).toEqual([mine.id]);
  });

  test('a seller picks only its own customers; platform staff without staffList pick every customer, no employee', async () => {
    expect(ids(await pick(seller.token))).toEqual([mine.id]);
    expect(ids(await pick(seller.token, `keyword=${encodeURIComponent(theirs.email)}`))).toEqual([]);

    // finance is platform-wide and holds adminList, not staffList.
    const picked = (await pick(clerk.token)).json().data as Json[];
    expect(picked.map((row) => row.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(new Set(picked.map((row) => row.kind))).toEqual(new Set(['customer']));
  });

  test('a merchant may not pick accounts; a limit beyond 500 is refused by field', async () => {
    expect((await pick(mine.token)).statusCode).toBe(403);
    expectFieldError(await pick(admin, 'limit=501'), 'limit');
  });
});

describe('POST /admin/allUserlistByServiceCode', () => {
  let channelId: number;
  let serviceCode: string;
  beforeAll(async () => {
    // New customers are allotted the demo channels; one of their enabled services.
    channelId = await demoChannelId(t);
    const service = await t.ctx.db
      .selectFrom('carrier_services')
      .select('code')
      .where('channel_id', '=', channelId)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    serviceCode = service.code;
  });
  const byService = (token: string, payload: object) =>
    call(t.app, token, { method: 'POST', url: '/api/admin/allUserlistByServiceCode', payload });

  test('platform staff get every customer allotted the service, each with the channels carrying it', async () => {
    const answer = await byService(admin, { serviceCode });
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().data as Json[];
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(rows.every((row) => row.kind === 'customer')).toBe(true);
    expect(rows.find((row) => row.id === mine.id)?.channels.map((channel: Json) => channel.id)).toContain(channelId);
    expect(ids(await byService(admin, { serviceCode, channelId }))).toEqual(
      expect.arrayContaining([mine.id, theirs.id]),
    );
    expect(ids(await byService(admin, { serviceCode: 'NO_SUCH_SERVICE' }))).toEqual([]);
  });

  test('a seller gets only its own customers; a customer whose allotment lacks the channel is left out', async () => {
    expect(ids(await byService(seller.token, { serviceCode }))).toEqual([mine.id]);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: mine.id, channelIds: [] },
    });
    expect(ids(await byService(seller.token, { serviceCode }))).toEqual([]);
  });

  test('a merchant is refused; a missing service code is a 400 naming it', async () => {
    expect((await byService(theirs.token, { serviceCode })).statusCode).toBe(403);
    expectFieldError(await byService(admin, {}), 'serviceCode');
  });
});
