import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertUser } from '../src/modules/users/repo.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  expectFieldError,
  type Json,
  login,
  loginToken,
  registration,
  sendCode,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  t = await startApp();
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
  adminId = (await call(t.app, adminToken, { method: 'GET', url: '/api/user/info' })).json().data.id;
});
afterAll(async () => t.close());

const list = (token: string, query = '') => call(t.app, token, { method: 'GET', url: `/api/admin/list${query}` });
const usernames = (res: { json(): Json }) => res.json().data.list.map((user: { username: string }) => user.username);
const setStatus = (token: string, id: number, status: unknown, family = 'admin') =>
  call(t.app, token, { method: 'POST', url: `/api/${family}/updateStatus/${id}`, payload: { status } });

/** Registers a customer through the real form with `invitationCode` (inactive). */
async function registerInvited(email: string, invitationCode: string) {
  const code = await sendCode(t, email);
  const res = await call(t.app, null, {
    method: 'POST',
    url: '/api/user/register',
    payload: registration(email, code, { invitationCode }),
  });
  expectEnvelope(res, 200);
  return (await t.ctx.db.selectFrom('users').select('id').where('username', '=', email).executeTakeFirstOrThrow()).id;
}

describe('scoping', () => {
  let seller: Awaited<ReturnType<typeof createStaff>>;
  let otherSeller: Awaited<ReturnType<typeof createStaff>>;
  let mine: number[];
  let theirs: number;
  let unowned: Awaited<ReturnType<typeof createActiveCustomer>>;

  beforeAll(async () => {
    seller = await createStaff(t, adminToken, ['seller'], { invitationCode: 'SELL-A' });
    otherSeller = await createStaff(t, adminToken, ['seller'], { invitationCode: 'SELL-B' });
    mine = [await registerInvited('a1@scope.test', 'SELL-A'), await registerInvited('a2@scope.test', 'SELL-A')];
    theirs = await registerInvited('b1@scope.test', 'SELL-B');
    unowned = await createActiveCustomer(t, adminToken, 'nobody@scope.test');
  });

  test("a seller's list holds only the customers it owns", async () => {
    const res = await list(seller.token);
    const page = expectEnvelope(res, 200).data;
    expect(usernames(res).sort()).toEqual(['a1@scope.test', 'a2@scope.test']);
    expect(page.total).toBe(2);
    expect(page.list.every((user: { ownerId: number }) => user.ownerId === seller.id)).toBe(true);
    expect(usernames(await list(otherSeller.token))).toEqual(['b1@scope.test']);
    // A keyword naming someone else's customer finds nothing.
    expect(expectEnvelope(await list(seller.token, '?keyword=b1@scope'), 200).data.total).toBe(0);
  });

  test('the administrator sees every customer, and no employees', async () => {
    const res = await list(adminToken, '?keyword=scope.test');
    expect(usernames(res).sort()).toEqual(['a1@scope.test', 'a2@scope.test', 'b1@scope.test', 'nobody@scope.test']);
    const all = expectEnvelope(await list(adminToken), 200).data.list;
    expect(all.every((user: { kind: string }) => user.kind === 'customer')).toBe(true);
    expect(all.map((user: { id: number }) => user.id)).not.toContain(seller.id);
  });

  test("a seller gets 404 changing or acting as another seller's customer, and nothing changes", async () => {
    expectEnvelope(await setStatus(seller.token, theirs, 1), 404);
    expectEnvelope(await setStatus(seller.token, unowned.id, 2), 404);
    expectEnvelope(
      await call(t.app, seller.token, { method: 'POST', url: `/api/admin/token/build/${unowned.id}` }),
      404,
    );
    const row = await t.ctx.db.selectFrom('users').select('status').where('id', '=', theirs).executeTakeFirstOrThrow();
    expect(row.status).toBe(0);
    expectEnvelope(await call(t.app, unowned.token, { method: 'GET', url: '/api/user/info' }), 200);
  });

  test('a seller can activate its own customer', async () => {
    expectEnvelope(await setStatus(seller.token, mine[0]!, 1), 200);
    expectEnvelope(await login(t.app, 'a1@scope.test', 'Customer#1'), 200);
  });

  test('a seller does not manage employees', async () => {
    expectEnvelope(await call(t.app, seller.token, { method: 'GET', url: '/api/staff/list' }), 403);
    expectEnvelope(await setStatus(seller.token, otherSeller.id, 2, 'staff'), 403);
  });
});

describe('list, filters and pagination', () => {
  const prefix = 'bulk';
  beforeAll(async () => {
    // 60 customers straight into the database (no password hashing needed: they never sign in).
    const now = Date.now();
    for (let i = 0; i < 60; i++) {
      await insertUser(
        t.ctx.db,
        {
          username: `${prefix}${String(i).padStart(2, '0')}@page.test`,
          email: `${prefix}${String(i).padStart(2, '0')}@page.test`,
          name: `Bulk ${i}`,
          company: i % 2 === 0 ? 'Even Freight' : 'Odd Parcels',
          phone: `555-01${String(i).padStart(2, '0')}`,
          kind: 'customer',
          password_hash: 'x',
          status: i < 15 ? 1 : 0,
          created_at: now,
          updated_at: now,
        },
        ['customer'],
      );
    }
  });

  test('answers {list,total,page,pageSize} with page size 50 by default, newest first', async () => {
    const res = await list(adminToken, '?keyword=@page.test');
    const data = expectEnvelope(res, 200).data;
    expect(Object.keys(data).sort()).toEqual(['list', 'page', 'pageSize', 'total']);
    expect(data).toMatchObject({ total: 60, page: 1, pageSize: 50 });
    expect(data.list).toHaveLength(50);
    expect(data.list[0].username).toBe('bulk59@page.test');
    expect(data.list[0]).toMatchObject({
      name: 'Bulk 59',
      company: 'Odd Parcels',
      status: 0,
      balance: '0.00',
      roles: [{ code: 'customer', id: expect.any(Number) }],
    });
    expect(new Date(data.list[0].registrationDate).toISOString()).toBe(data.list[0].registrationDate);
  });

  test('page 2 holds the rest, without overlap', async () => {
    const first = expectEnvelope(await list(adminToken, '?keyword=@page.test&page=1&pageSize=50'), 200).data;
    const second = expectEnvelope(await list(adminToken, '?keyword=@page.test&page=2&pageSize=50'), 200).data;
    expect(second).toMatchObject({ total: 60, page: 2, pageSize: 50 });
    expect(second.list).toHaveLength(10);
    const ids = [...first.list, ...second.list].map((user: { id: number }) => user.id);
    expect(new Set(ids).size).toBe(60);
    const beyond = expectEnvelope(await list(adminToken, '?keyword=@page.test&page=3'), 200).data;
    expect(beyond).toMatchObject({ list: [], total: 60, page: 3 });
  });

  test('page sizes are those of docs/spec.md §9; anything else is a 400 naming the parameter', async () => {
    for (const size of [100, 200, 500, 1000]) {
      const data = expectEnvelope(await list(adminToken, `?keyword=@page.test&pageSize=${size}`), 200).data;
      expect(data.list).toHaveLength(60);
      expect(data.pageSize).toBe(size);
    }
    for (const query of ['?pageSize=7', '?pageSize=abc', '?pageSize=9999999']) {
      expectFieldError(await list(adminToken, query), 'pageSize');
    }
    for (const query of ['?page=0', '?page=-1', '?page=1.5']) {
      expectFieldError(await list(adminToken, query), 'page');
    }
  });

  test('keyword matches email, name, company or phone, without regard to case', async () => {
    expect(expectEnvelope(await list(adminToken, '?keyword=BULK07@'), 200).data.total).toBe(1);
    expect(expectEnvelope(await list(adminToken, '?keyword=bulk 1'), 200).data.total).toBe(11);
    expect(expectEnvelope(await list(adminToken, '?keyword=even%20freight'), 200).data.total).toBe(30);
    expect(usernames(await list(adminToken, '?keyword=555-0142'))).toEqual(['bulk42@page.test']);
    expect(expectEnvelope(await list(adminToken, '?keyword=no-such-customer'), 200).data).toMatchObject({
      list: [],
      total: 0,
    });
  });

  test('status filters, alone and with a keyword; an unknown status is a 400', async () => {
    const active = expectEnvelope(await list(adminToken, '?keyword=@page.test&status=1'), 200).data;
    expect(active.total).toBe(15);
    expect(active.list.every((user: { status: number }) => user.status === 1)).toBe(true);
    const inactiveOdd = expectEnvelope(await list(adminToken, '?keyword=odd&status=0'), 200).data;
    expect(inactiveOdd.total).toBe(23);
    expectFieldError(await list(adminToken, '?status=9'), 'status');
  });

  test('the employee list is its own family', async () => {
    const staff = await createStaff(t, adminToken, ['finance'], { email: 'finance@staff.test' });
    const res = await call(t.app, adminToken, { method: 'GET', url: '/api/staff/list' });
    const names = usernames(res);
    expect(names).toContain('finance@staff.test');
    expect(names).toContain(ADMIN.username);
    expect(names.some((name: string) => name.endsWith('@page.test'))).toBe(false);
    expect(res.json().data.list.find((user: { id: number }) => user.id === staff.id).roles).toEqual([
      { id: expect.any(Number), code: 'finance' },
    ]);
  });
});

describe('account status', () => {
  test('a form field status=1 activates an account', async () => {
    const email = 'form@status.test';
    const code = await sendCode(t, email);
    await call(t.app, null, { method: 'POST', url: '/api/user/register', payload: registration(email, code) });
    const { id } = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', email)
      .executeTakeFirstOrThrow();
    expectEnvelope(await login(t.app, email, 'Customer#1'), 403);

    const res = await call(t.app, adminToken, {
      method: 'POST',
      url: `/api/admin/updateStatus/${id}`,
      payload: 'status=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectEnvelope(res, 200);
    expectEnvelope(await login(t.app, email, 'Customer#1'), 200);
    const listed = expectEnvelope(await list(adminToken, `?keyword=${email}`), 200).data.list[0];
    expect(listed.status).toBe(1);
  });

  test('JSON status 2 disables an account and ends its sessions; enabling again needs a new sign-in', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    const second = await loginToken(t.app, customer.email, customer.password);
    expectEnvelope(await setStatus(adminToken, customer.id, 2), 200);
    for (const token of [customer.token, second]) {
      expectEnvelope(await call(t.app, token, { method: 'GET', url: '/api/user/info' }), 401);
    }
    expect(expectEnvelope(await login(t.app, customer.email, customer.password), 403).message).toBe(
      'This account is disabled; contact the administrator',
    );

    expectEnvelope(await setStatus(adminToken, customer.id, 1), 200);
    expectEnvelope(await call(t.app, customer.token, { method: 'GET', url: '/api/user/info' }), 401);
    expectEnvelope(await login(t.app, customer.email, customer.password), 200);
  });

  test('status 0 makes an account inactive again and signs it out', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    expectEnvelope(await setStatus(adminToken, customer.id, '0'), 200);
    expectEnvelope(await call(t.app, customer.token, { method: 'GET', url: '/api/user/info' }), 401);
    expectEnvelope(await login(t.app, customer.email, customer.password), 403);
  });

  test('a bad status is a 400 naming status, and changes nothing', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    for (const status of [5, -1, 1.5, 'active', '', null, true]) {
      expectFieldError(await setStatus(adminToken, customer.id, status), 'status');
    }
    const missing = await call(t.app, adminToken, {
      method: 'POST',
      url: `/api/admin/updateStatus/${customer.id}`,
      payload: {},
    });
    expectFieldError(missing, 'status');
    const emptyField = await call(t.app, adminToken, {
      method: 'POST',
      url: `/api/admin/updateStatus/${customer.id}`,
      payload: 'status=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectFieldError(emptyField, 'status');
    expectEnvelope(await call(t.app, customer.token, { method: 'GET', url: '/api/user/info' }), 200);
  });

  test('an unknown or malformed id is refused', async () => {
    expectEnvelope(await setStatus(adminToken, 999_999, 1), 404);
    expectFieldError(
      await call(t.app, adminToken, { method: 'POST', url: '/api/admin/updateStatus/abc', payload: { status: 1 } }),
      'id',
    );
  });

  test('nobody can change their own status', async () => {
    const res = await setStatus(adminToken, adminId, 2, 'staff');
    expect(expectEnvelope(res, 422).message).toBe('You cannot change your own status');
    expectEnvelope(await call(t.app, adminToken, { method: 'GET', url: '/api/user/info' }), 200);
  });

  test('the administrator manages employees through the staff family', async () => {
    const staff = await createStaff(t, adminToken, ['customerService']);
    // The customer family's route does not reach an employee.
    expectEnvelope(await setStatus(adminToken, staff.id, 2), 404);
    expectEnvelope(await call(t.app, staff.token, { method: 'GET', url: '/api/user/info' }), 200);
    expectEnvelope(await setStatus(adminToken, staff.id, 2, 'staff'), 200);
    expectEnvelope(await call(t.app, staff.token, { method: 'GET', url: '/api/user/info' }), 401);
  });
});

describe('one account with its wallets', () => {
  test('staff see a customer’s balances and credit limits; customers are refused', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/admin/wallet/creditLimit',
      payload: { userId: customer.id, currency: 'USD', creditLimit: '25.00' },
    });
    const res = await call(t.app, adminToken, { method: 'GET', url: `/api/admin/${customer.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: customer.id, username: customer.email, status: 1 });
    expect(res.json().data.wallets.find((w: { currency: string }) => w.currency === 'USD')).toMatchObject({
      balance: '0.00',
      creditLimit: '25.00',
    });
    expect((await call(t.app, adminToken, { method: 'GET', url: `/api/staff/${customer.id}` })).statusCode).toBe(404);
    expect((await call(t.app, customer.token, { method: 'GET', url: `/api/admin/${customer.id}` })).statusCode).toBe(
      403,
    );
  });
});

describe('seller invitation codes', () => {
  test('an administrator gives a seller a code; customers registering with it belong to the seller', async () => {
    const seller = await createStaff(t, adminToken, ['seller']);
    const made = await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/admin/update/seller',
      payload: { id: seller.id },
    });
    expect(made.statusCode).toBe(200);
    const code = made.json().data.invitationCode as string;
    expect(code).toMatch(/^[0-9A-F]{10}$/);
    const chosen = await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/admin/update/seller',
      payload: { id: seller.id, invitationCode: 'SPRING-2026' },
    });
    expect(chosen.json().data.invitationCode).toBe('SPRING-2026');
    const customer = await createActiveCustomer(t, adminToken, undefined, undefined, { invitationCode: 'SPRING-2026' });
    const owner = await t.ctx.db
      .selectFrom('users')
      .select('owner_id')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(seller.id);

    const other = await createStaff(t, adminToken, ['seller']);
    const clash = await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/admin/update/seller',
      payload: { id: other.id, invitationCode: 'SPRING-2026' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().data.fields.invitationCode).toBe('This invitation code is already taken');
    const notSeller = await createStaff(t, adminToken, ['finance']);
    const refused = await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/admin/update/seller',
      payload: { id: notSeller.id },
    });
    expect(refused.json().data.fields.id).toBe('This account is not a seller');
  });
});
