/** Role and resource management (issue 13): staff make roles from resource codes; a change is used at once. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectFieldError,
  type Json,
  login,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

const roles = async () => (await call(t.app, admin, { method: 'GET', url: '/api/role/list' })).json().data as Json[];
const update = (id: number, payload: object) =>
  call(t.app, admin, { method: 'POST', url: `/api/role/update/${id}`, payload });

describe('roles', () => {
  test('a role made from two codes, given to an employee, changes what it may call on its next call', async () => {
    const code = `desk${Date.now() % 100000}`;
    const made = await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code, name: 'Waybill desk', resources: ['menuSystem', 'orderList'] },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toMatchObject({ code, builtIn: false, resources: ['menuSystem', 'orderList'] });
    const roleId = made.json().data.id as number;
    const clerk = await createStaff(t, admin, [code]);
    const waybills = () => call(t.app, clerk.token, { method: 'GET', url: '/api/admin/order/orders' });
    const customers = () => call(t.app, clerk.token, { method: 'GET', url: '/api/admin/list' });
    expect((await waybills()).statusCode).toBe(200);
    expect((await customers()).statusCode).toBe(403);

    expect((await update(roleId, { name: 'Waybill desk', resources: ['menuSystem', 'adminList'] })).statusCode).toBe(
      200,
    );
    // The same session, its very next calls.
    expect((await customers()).statusCode).toBe(200);
    expect((await waybills()).statusCode).toBe(403);
    const menu = (await call(t.app, clerk.token, { method: 'POST', url: '/api/user/menu' })).json().data;
    expect(JSON.stringify(menu)).toContain('userManagement');
    expect(JSON.stringify(menu)).not.toContain('adminAllWaybills');

    // Held, it stays; once nobody holds it, it goes.
    expect((await call(t.app, admin, { method: 'POST', url: `/api/role/delete/${roleId}` })).statusCode).toBe(422);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/staff/role/update',
      payload: { userId: clerk.id, roleIds: [] },
    });
    expect((await call(t.app, admin, { method: 'POST', url: `/api/role/delete/${roleId}` })).statusCode).toBe(200);
    expect((await roles()).some((role) => role.id === roleId)).toBe(false);
  });

  test('a holder of role management gives and takes away only what it holds itself, its own role included', async () => {
    const ids = Object.fromEntries((await roles()).map((role) => [role.code, role.id as number]));
    const code = `keeper${Date.now() % 100000}`;
    const keeperCodes = ['menuSystem', 'resourceManagement', 'adminRoleList', 'resourceList', 'staffList'];
    const made = await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code, name: 'Role keeper', resources: keeperCodes },
    });
    const keeperRole = made.json().data.id as number;
    const keeper = await createStaff(t, admin, [code]);
    const as = (method: 'GET' | 'POST', url: string, payload?: object, language = 'en-US') =>
      call(t.app, keeper.token, { method, url, payload, headers: { 'accept-language': language } });

    // Its own role raised: refused, the codes it lacks named, the role as it was.
    const raised = await as('POST', `/api/role/update/${keeperRole}`, {
      name: 'Role keeper',
      resources: [...keeperCodes, 'configList', 'adminBalanceList'],
    });
    expect(raised.statusCode).toBe(403);
    expect(raised.json().message).toBe(
      'You can give or take away only permissions you hold yourself; you do not hold: adminBalanceList, configList',
    );
    const inChinese = await as(
      'POST',
      `/api/role/update/${keeperRole}`,
      { name: 'x', resources: ['configList'] },
      'zh-CN',
    );
    expect(inChinese.json().message).toBe('只能授予或收回自己拥有的权限，以下权限你没有：configList');
    expect((await roles()).find((role) => role.id === keeperRole)).toMatchObject({
      name: 'Role keeper',
      resources: [...keeperCodes].sort(),
    });
    // A new role beyond it, the administrator's role renamed, or a role above it deleted: refused.
    expect(
      (await as('POST', '/api/role/create', { code: `${code}x`, name: 'X', resources: ['configList'] })).statusCode,
    ).toBe(403);
    expect((await as('POST', `/api/role/update/${ids.administrator}`, { name: 'Admins' })).statusCode).toBe(403);
    expect((await roles()).find((role) => role.id === ids.administrator)?.name).not.toBe('Admins');
    // Within what it holds: allowed.
    const within = await as('POST', '/api/role/create', {
      code: `${code}w`,
      name: 'Desk',
      resources: ['menuSystem', 'staffList'],
    });
    expect(within.statusCode).toBe(200);
    // The placeholder code, which nobody holds and which opens only screens not built yet, is anyone's to give.
    expect(
      (await as('POST', '/api/role/create', { code: `${code}p`, name: 'Preview', resources: ['xxx'] })).statusCode,
    ).toBe(200);

    // An administrator registered, itself made one, the administrator stripped: refused, nothing changed.
    const email = `${code}@staff.test`;
    const registered = await as('POST', '/api/staff/register', {
      email,
      password: 'Staff#2026x',
      firstName: 'Eve',
      lastName: 'Raised',
      roleIds: [ids.administrator],
    });
    expect(registered.statusCode).toBe(403);
    expect((await login(t.app, email, 'Staff#2026x')).statusCode).not.toBe(200);
    expect(
      (await as('POST', '/api/staff/role/update', { userId: keeper.id, roleIds: [ids.administrator] })).statusCode,
    ).toBe(403);
    expect((await as('POST', '/api/staff/role/update', { userId: 1, roleIds: [] })).statusCode).toBe(403);
    const info = (await as('GET', '/api/user/info')).json().data;
    expect(info.roleCodes).toEqual([code]);
    // Giving another the role it made within its codes: allowed.
    const clerk = await createStaff(t, admin, []);
    expect(
      (await as('POST', '/api/staff/role/update', { userId: clerk.id, roleIds: [within.json().data.id] })).statusCode,
    ).toBe(200);
  });

  test('an employee of a role staff made reaches every customer as far as its codes go; a seller only its own', async () => {
    const code = `users${Date.now() % 100000}`;
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code, name: 'User desk', resources: ['menuSystem', 'adminList'] },
    });
    const clerk = await createStaff(t, admin, [code]);
    const seller = await createStaff(t, admin, ['seller']);
    const customer = await createActiveCustomer(t, admin);
    const read = (token: string) => call(t.app, token, { method: 'GET', url: `/api/admin/${customer.id}` });
    expect((await read(clerk.token)).statusCode).toBe(200);
    expect((await read(clerk.token)).json().data.id).toBe(customer.id);
    expect((await read(seller.token)).statusCode).toBe(404);
  });

  test('each role counts its holders; the holders are listed by account, a deleted one marked, a page at a time', async () => {
    const code = `hold${Date.now() % 100000}`;
    const made = await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code, name: 'Holders', resources: ['menuSystem'] },
    });
    const roleId = made.json().data.id as number;
    expect(made.json().data.holders).toBe(0);
    const kept = await createStaff(t, admin, [code], { email: `a-${code}@staff.test` });
    const gone = await createStaff(t, admin, [code], { email: `b-${code}@staff.test` });
    expect((await call(t.app, admin, { method: 'POST', url: `/api/staff/delete/${gone.id}` })).statusCode).toBe(200);

    expect((await roles()).find((role) => role.id === roleId)?.holders).toBe(2);
    const holders = (query = '') => call(t.app, admin, { method: 'GET', url: `/api/role/holders/${roleId}${query}` });
    const first = (await holders()).json().data;
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(first.list.map((row: Json) => [row.id, row.username, row.kind, row.deleted])).toEqual([
      [kept.id, kept.email, 'staff', false],
      [gone.id, gone.email, 'staff', true],
    ]);
    expect((await holders('?page=2')).json().data).toMatchObject({ list: [], total: 2, page: 2 });
    expectFieldError(await holders('?pageSize=7'), 'pageSize');
    expect((await call(t.app, admin, { method: 'GET', url: '/api/role/holders/999999' })).statusCode).toBe(404);

    // Who holds a role is for those who manage roles.
    const customer = await createActiveCustomer(t, admin);
    const seller = await createStaff(t, admin, ['seller']);
    for (const token of [customer.token, seller.token])
      expect((await call(t.app, token, { method: 'GET', url: `/api/role/holders/${roleId}` })).statusCode).toBe(403);
  });

  test('built-in roles keep their codes and stay; codes and names are checked', async () => {
    const administrator = (await roles()).find((role) => role.code === 'administrator');
    const fewer = administrator.resources.filter((code: string) => code !== 'menuSystem');
    expect((await update(administrator.id, { name: 'administrator', resources: fewer })).statusCode).toBe(422);
    const renamed = await update(administrator.id, { name: 'Platform administrator', description: 'runs it all' });
    expect(renamed.json().data).toMatchObject({ name: 'Platform administrator', resources: administrator.resources });
    expect((await call(t.app, admin, { method: 'POST', url: `/api/role/delete/${administrator.id}` })).statusCode).toBe(
      422,
    );

    const taken = await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code: 'finance', name: 'x' },
    });
    expectFieldError(taken, 'code');
    const unknown = await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code: 'oddrole', name: 'Odd', resources: ['nonsense'] },
    });
    expectFieldError(unknown, 'resources');
  });

  test('the resource list names the screens each code opens and the roles granting it; merchants may not manage roles', async () => {
    const resources = (await call(t.app, admin, { method: 'GET', url: '/api/role/resources' })).json().data as Json[];
    const orderList = resources.find((resource) => resource.code === 'orderList');
    expect(orderList.category).toBe('admin');
    expect(orderList.routes).toContainEqual({ name: 'adminAllWaybills', path: '/adminSettings/allWaybills' });
    expect(orderList.roles).toEqual(expect.arrayContaining(['administrator', 'seller']));
    const customer = await createActiveCustomer(t, admin);
    for (const request of [
      { method: 'GET', url: '/api/role/resources' },
      { method: 'POST', url: '/api/role/create', payload: { code: 'mine', name: 'Mine' } },
    ] as const)
      expect((await call(t.app, customer.token, request)).statusCode).toBe(403);
  });
});
