/** Employees (issue 13): staff register, edit, delete and export employee accounts. */
import { ROLE } from '@parcelport/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectFieldError,
  type Json,
  loginToken,
  roleIds,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let admin: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  ids = await roleIds(t, admin);
});
afterAll(async () => t.close());

const register = (token: string, email: string, roles: number[]) =>
  call(t.app, token, {
    method: 'POST',
    url: '/api/staff/register',
    payload: { email, password: 'Staff#2026x', firstName: 'Sam', lastName: 'Service', roleIds: roles },
  });

describe('employees', () => {
  test('an administrator registers an employee with a role; it signs in with that role’s codes; edits its profile', async () => {
    const email = `cs-${Date.now()}@staff.test`;
    const made = await register(admin, email, [ids[ROLE.customerService] as number]);
    expect(made.statusCode).toBe(200);
    const token = await loginToken(t.app, email, 'Staff#2026x');
    const info = (await call(t.app, token, { method: 'GET', url: '/api/user/info' })).json().data;
    expect(info.kind).toBe('staff');
    expect(info.roleCodes).toEqual([ROLE.customerService]);
    expect(info.role).toContain('adminQuestionList');

    expectFieldError(await register(admin, email, []), 'email');
    expectFieldError(await register(admin, `x-${email}`, [999_999]), 'roleIds');

    const id = made.json().data.id as number;
    const edited = await call(t.app, admin, {
      method: 'POST',
      url: `/api/staff/update/${id}`,
      payload: { firstName: 'Samantha', lastName: 'Service', phone: '+1 555 0101' },
    });
    expect(edited.json().data).toMatchObject({ firstName: 'Samantha', name: 'Samantha Service', kind: 'staff' });
    // A customer's id is not an employee's.
    const customer = await createActiveCustomer(t, admin);
    const wrong = await call(t.app, admin, {
      method: 'POST',
      url: `/api/staff/update/${customer.id}`,
      payload: { firstName: 'X', lastName: 'Y' },
    });
    expect(wrong.statusCode).toBe(404);
  });

  test('an employee manager without adminRoleList registers employees but cannot give them roles', async () => {
    const role = await call(t.app, admin, {
      method: 'POST',
      url: '/api/role/create',
      payload: { code: 'staffDesk', name: 'Staff desk', resources: ['menuSystem', 'staffList'] },
    });
    expect(role.statusCode).toBe(200);
    const desk = await createStaff(t, admin, ['staffDesk']);
    const withRoles = await register(desk.token, `r-${Date.now()}@staff.test`, [ids[ROLE.administrator] as number]);
    expect(withRoles.statusCode).toBe(403);
    expect((await register(desk.token, `n-${Date.now()}@staff.test`, [])).statusCode).toBe(200);
  });

  test('deleting refuses oneself and a seller with customers; an employee deleted can no longer sign in', async () => {
    const me = (await call(t.app, admin, { method: 'GET', url: '/api/user/info' })).json().data.id as number;
    expect((await call(t.app, admin, { method: 'POST', url: `/api/staff/delete/${me}` })).statusCode).toBe(422);

    const seller = await createStaff(t, admin, [ROLE.seller], { invitationCode: `DEL-${Date.now() % 100000}` });
    const code = (
      await t.ctx.db.selectFrom('users').select('invitation_code').where('id', '=', seller.id).executeTakeFirstOrThrow()
    ).invitation_code as string;
    await createActiveCustomer(t, admin, undefined, undefined, { invitationCode: code });
    const refused = await call(t.app, admin, { method: 'POST', url: `/api/staff/delete/${seller.id}` });
    expect(refused.statusCode).toBe(422);
    expect((await call(t.app, seller.token, { method: 'GET', url: '/api/user/info' })).statusCode).toBe(200);

    const clerk = await createStaff(t, admin, [ROLE.finance]);
    expect((await call(t.app, admin, { method: 'POST', url: `/api/staff/delete/${clerk.id}` })).statusCode).toBe(200);
    expect((await call(t.app, clerk.token, { method: 'GET', url: '/api/user/info' })).statusCode).toBe(401);
    const list = await call(t.app, admin, { method: 'GET', url: `/api/staff/list?keyword=${clerk.email}` });
    expect(list.json().data.list).toEqual([]);
  });

  test('the export lists employees in the caller’s language; a customer may not call any of it', async () => {
    const clerk = await createStaff(t, admin, [ROLE.finance]);
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/staff/down?keyword=${encodeURIComponent(clerk.email)}`,
      headers: { 'accept-language': 'zh-CN' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).getCell(2).value).toBe('邮箱');
    expect(book.worksheets[0]?.getRow(2).getCell(2).value).toBe(clerk.email);

    const customer = await createActiveCustomer(t, admin);
    const calls: Json[] = [
      { method: 'POST', url: '/api/staff/register', payload: {} },
      { method: 'POST', url: `/api/staff/update/${clerk.id}`, payload: {} },
      { method: 'POST', url: `/api/staff/delete/${clerk.id}` },
      { method: 'GET', url: '/api/staff/down' },
    ];
    for (const request of calls) expect((await call(t.app, customer.token, request)).statusCode).toBe(403);
  });
});
