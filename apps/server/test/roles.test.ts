/** Role and resource management (issue 13): staff make roles from resource codes; a change is used at once. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectFieldError,
  type Json,
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
