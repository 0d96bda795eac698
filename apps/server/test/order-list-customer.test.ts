import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  expectFieldError,
  importDrafts,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 29: the staff order lists' customer picked from a list (GET /api/admin/order/customers, the lists'
 * own access and scope) and the list filtered by the picked account's id (`userId`), which reads the orders
 * by `orders.user_id` instead of matching text over every account.
 */
interface Picked {
  id: number;
  username: string;
  name: string;
  company: string;
  kind: string;
  status: number;
  deleted: boolean;
}

describe('staff order lists: the customer picked by id', () => {
  let t: TestApp;
  let admin: string;
  let seller: Awaited<ReturnType<typeof createStaff>>;
  let theirs: Awaited<ReturnType<typeof createActiveCustomer>>;
  let stranger: Awaited<ReturnType<typeof createActiveCustomer>>;
  // One mark per run, so the keyword finds this test's accounts only.
  const mark = `pick${Date.now() % 100000}`;
  const mine: number[] = [];
  const strangers: number[] = [];

  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    seller = await createStaff(t, admin, ['seller'], { invitationCode: `SELL-${mark}` });
    theirs = await createActiveCustomer(t, admin, `${mark}.own@shop.test`, undefined, {
      invitationCode: `SELL-${mark}`,
    });
    stranger = await createActiveCustomer(t, admin, `${mark}.stranger@shop.test`);
    await importDrafts(t.app, theirs.token, 3, 'Own ');
    await importDrafts(t.app, stranger.token, 2, 'Stranger ');
    const ids = async (userId: number) =>
      (
        await t.ctx.db.selectFrom('orders').select('id').where('user_id', '=', userId).orderBy('id', 'desc').execute()
      ).map((row) => row.id);
    mine.push(...(await ids(theirs.id)));
    strangers.push(...(await ids(stranger.id)));
  });
  afterAll(async () => t.close());

  const get = (token: string, url: string) => call(t.app, token, { method: 'GET', url });
  const pick = async (token: string, query: string) => {
    const res = await get(token, `/api/admin/order/customers?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Picked[];
  };
  const list = async (token: string, query: string) => {
    const res = await get(token, `/api/admin/order/orders?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { list: { id: number; userId: number }[]; total: number };
  };

  test('the picker offers the accounts the list may show, found by a part of the account, name or company', async () => {
    const found = await pick(admin, `keyword=${mark.toUpperCase()}`);
    expect(found.map((account) => account.id)).toEqual([theirs.id, stranger.id]);
    expect(found[0]).toMatchObject({ username: theirs.email, name: 'Ada Shop', company: 'Shop Co', deleted: false });
    // `limit` bounds the answer, by account name.
    expect((await pick(admin, `keyword=${mark}&limit=1`)).map((account) => account.id)).toEqual([theirs.id]);
    // A seller is offered only its own customers, whatever it types.
    expect((await pick(seller.token, `keyword=${mark}`)).map((account) => account.id)).toEqual([theirs.id]);
    expect(await pick(seller.token, `keyword=${mark}.stranger`)).toEqual([]);
  });

  test("the list filtered by the picked id shows that account's orders alone", async () => {
    const page = await list(admin, `userId=${theirs.id}&pageSize=50`);
    expect(page.list.map((order) => order.id)).toEqual(mine);
    expect(page.total).toBe(3);
    expect((await list(admin, `userId=${stranger.id}`)).list.map((order) => order.id)).toEqual(strangers);
    // With the list's other filters: the drafts (status 0) of that account, and none in transit.
    expect((await list(admin, `userId=${theirs.id}&status=0`)).list.map((order) => order.id)).toEqual(mine);
    expect((await list(admin, `userId=${theirs.id}&status=2`)).list).toEqual([]);
    // The seller's own customer, by id, as the platform sees it.
    expect((await list(seller.token, `userId=${theirs.id}`)).list.map((order) => order.id)).toEqual(mine);
  });

  test("an account outside the caller's scope is neither offered nor listed: the list is empty", async () => {
    const page = await list(seller.token, `userId=${stranger.id}`);
    expect(page).toMatchObject({ list: [], total: 0 });
    // Nor does a filtered download of the list hold its orders.
    const csv = await get(seller.token, `/api/admin/order/order/down?format=csv&userId=${stranger.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1);
  });

  test('a role without the order list may not use its picker: 403', async () => {
    const finance = await createStaff(t, admin, ['finance']);
    expectEnvelope(await get(finance.token, `/api/admin/order/customers?keyword=${mark}`), 403);
    expectEnvelope(await get(theirs.token, '/api/admin/order/customers'), 403);
  });

  test('bad input: 400 naming the field', async () => {
    for (const bad of ['abc', '0', '-3', '1.5'])
      expectFieldError(await get(admin, `/api/admin/order/orders?userId=${bad}`), 'userId');
    expectFieldError(await get(admin, '/api/admin/order/customers?limit=0'), 'limit');
    expectFieldError(await get(admin, '/api/admin/order/customers?limit=501'), 'limit');
    expectFieldError(await get(admin, `/api/admin/order/customers?keyword=${'x'.repeat(101)}`), 'keyword');
  });

  test('a deleted account is still offered, marked deleted, and its orders still listed by its id', async () => {
    const gone = await createActiveCustomer(t, admin, `${mark}.gone@shop.test`);
    await importDrafts(t.app, gone.token, 1, 'Gone ');
    const deleted = await call(t.app, admin, { method: 'POST', url: `/api/admin/delete/${gone.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const found = await pick(admin, `keyword=${mark}.gone`);
    expect(found).toMatchObject([{ id: gone.id, deleted: true }]);
    expect((await list(admin, `userId=${gone.id}`)).total).toBe(1);
  });
});
