import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { notifyUser } from '../src/modules/messages/repo.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  loginToken,
  registration,
  roleIds,
  sendCode,
  startApp,
  type TestApp,
} from './helpers.ts';
import { RECIPIENT, SENDER } from './parties.ts';

let t: TestApp;
let adminToken: string;
let adminId: number;
let customer: Awaited<ReturnType<typeof createActiveCustomer>>;

beforeAll(async () => {
  t = await startApp();
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
  adminId = (await call(t.app, adminToken, { method: 'GET', url: '/api/user/info' })).json().data.id;
  customer = await createActiveCustomer(t, adminToken);
});
afterAll(async () => t.close());

const info = (token: string) => call(t.app, token, { method: 'GET', url: '/api/user/info' });
const build = (token: string, id: number, family = 'admin') =>
  call(t.app, token, { method: 'POST', url: `/api/${family}/token/build/${id}` });

/**
 * The user-log rows for `path` written since `afterId`, oldest first. The log is written once the answer
 * has gone out, so wait until `count` of them are there.
 */
async function logsFor(afterId: number, path: string, count: number) {
  const read = () =>
    t.ctx.db
      .selectFrom('user_logs')
      .selectAll()
      .where('id', '>', afterId)
      .where('path', '=', path)
      .orderBy('id')
      .execute();
  await vi.waitFor(async () => expect((await read()).length).toBeGreaterThanOrEqual(count), { timeout: 2000 });
  return read();
}
const lastLogId = async () =>
  Number((await t.ctx.db.selectFrom('user_logs').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0);

describe('acting as a customer', () => {
  test('token/build answers a token string that signs in as the customer, with the admin as actor', async () => {
    const res = await build(adminToken, customer.id);
    const token = expectEnvelope(res, 200).data;
    expect(typeof token).toBe('string');
    expect(token.length).toBeGreaterThanOrEqual(40);

    const data = expectEnvelope(await info(token), 200).data;
    expect(data).toMatchObject({ id: customer.id, username: customer.email, roleCodes: ['customer'] });
    expect(data.actingAs).toEqual({ actorId: adminId, actorUsername: ADMIN.username });
    // The customer's own session does not show an actor.
    expect((await info(customer.token)).json().data.actingAs).toBeNull();
  });

  test("the acting-as token has the customer's rights, not the administrator's", async () => {
    const token = expectEnvelope(await build(adminToken, customer.id), 200).data;
    expectEnvelope(await call(t.app, token, { method: 'GET', url: '/api/admin/list' }), 403);
    expectEnvelope(await build(token, customer.id), 403);
    const menu = expectEnvelope(await call(t.app, token, { method: 'POST', url: '/api/user/menu' }), 200).data;
    expect(menu.map((item: { name: string }) => item.name)).not.toContain('adminSettings');
  });

  test('a change made with it is logged with the admin as actor and the customer as subject', async () => {
    const token = expectEnvelope(await build(adminToken, customer.id), 200).data;
    await notifyUser(t.ctx.db, customer.id, {
      type: 'message',
      title: 'msgWorkOrderReplyTitle',
      content: 'msgWorkOrderReplyBody',
      params: { ticketNo: 'WO-2', subject: 'Hello' },
    });
    const since = await lastLogId();
    expectEnvelope(await call(t.app, token, { method: 'POST', url: '/api/user/messages/read', payload: {} }), 200);
    const logs = await logsFor(since, '/api/user/messages/read', 1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      actor_id: adminId,
      subject_id: customer.id,
      method: 'POST',
      status_code: 200,
      acting: 1,
    });
    const messages = expectEnvelope(
      await call(t.app, customer.token, { method: 'GET', url: '/api/user/messages' }),
      200,
    );
    expect(messages.data.every((message: { status: number }) => message.status === 1)).toBe(true);
  });

  test("the customer's own changes are logged with the customer as actor; reads are not logged", async () => {
    const since = await lastLogId();
    await call(t.app, customer.token, { method: 'GET', url: '/api/user/messages' });
    await call(t.app, customer.token, { method: 'POST', url: '/api/user/messages/read', payload: {} });
    const logs = await logsFor(since, '/api/user/messages/read', 1);
    expect(logs.map((log) => [log.method, log.actor_id, log.subject_id])).toEqual([['POST', customer.id, customer.id]]);
    const reads = await t.ctx.db.selectFrom('user_logs').select('id').where('method', '=', 'GET').execute();
    expect(reads).toEqual([]);
  });

  test('token/build and updateStatus are logged with the target as subject', async () => {
    const target = await createActiveCustomer(t, adminToken);
    const since = await lastLogId();
    expectEnvelope(await build(adminToken, target.id), 200);
    expectEnvelope(
      await call(t.app, adminToken, {
        method: 'POST',
        url: `/api/admin/updateStatus/${target.id}`,
        payload: { status: 2 },
      }),
      200,
    );
    const [built] = await logsFor(since, `/api/admin/token/build/${target.id}`, 1);
    const [changed] = await logsFor(since, `/api/admin/updateStatus/${target.id}`, 1);
    expect([built?.actor_id, built?.subject_id, built?.status_code]).toEqual([adminId, target.id, 200]);
    expect([changed?.actor_id, changed?.subject_id, changed?.status_code]).toEqual([adminId, target.id, 200]);
    // Staff acting on an account is not acting as it: the log tells the two apart.
    expect([built?.acting, changed?.acting]).toEqual([0, 0]);
  });

  test('refused changes are logged too, with their status', async () => {
    const since = await lastLogId();
    await call(t.app, customer.token, {
      method: 'POST',
      url: `/api/admin/updateStatus/${adminId}`,
      payload: { status: 2 },
    });
    const logs = await logsFor(since, `/api/admin/updateStatus/${adminId}`, 1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ actor_id: customer.id, subject_id: customer.id, status_code: 403 });
  });

  test('logging out of the acting-as session leaves the customer signed in', async () => {
    const token = expectEnvelope(await build(adminToken, customer.id), 200).data;
    expectEnvelope(await call(t.app, token, { method: 'POST', url: '/api/admin/logout' }), 200);
    expectEnvelope(await info(token), 401);
    expectEnvelope(await info(customer.token), 200);
    expectEnvelope(await info(adminToken), 200);
  });
});

describe('who can be acted as', () => {
  test('an account not activated yet cannot: 422 saying so', async () => {
    const email = 'inactive@acting.test';
    const code = await sendCode(t, email);
    await call(t.app, null, { method: 'POST', url: '/api/user/register', payload: registration(email, code) });
    const { id } = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', email)
      .executeTakeFirstOrThrow();
    const res = await build(adminToken, id);
    expect(expectEnvelope(res, 422).message).toBe(
      'This account is not activated yet; please contact the administrator',
    );
    expect(res.json().data).toBeNull();
  });

  test('a disabled account cannot: 422', async () => {
    const target = await createActiveCustomer(t, adminToken);
    await call(t.app, adminToken, {
      method: 'POST',
      url: `/api/admin/updateStatus/${target.id}`,
      payload: { status: 2 },
    });
    expect(expectEnvelope(await build(adminToken, target.id), 422).message).toBe(
      'This account is disabled; contact the administrator',
    );
  });

  test('nobody acts as themselves, and unknown ids are 404', async () => {
    expect(expectEnvelope(await build(adminToken, adminId, 'staff'), 422).message).toBe('You cannot act as yourself');
    expectEnvelope(await build(adminToken, 999_999), 404);
  });

  test('employees are acted as through staff/token/build, customers through admin/token/build', async () => {
    const employee = await createStaff(t, adminToken, ['customerService']);
    const res = await build(adminToken, employee.id, 'staff');
    const data = expectEnvelope(await info(expectEnvelope(res, 200).data), 200).data;
    expect(data).toMatchObject({ id: employee.id, kind: 'staff', roleCodes: ['customerService'] });
    expect(data.actingAs).toEqual({ actorId: adminId, actorUsername: ADMIN.username });

    expectEnvelope(await build(adminToken, employee.id, 'admin'), 404);
    expectEnvelope(await build(adminToken, customer.id, 'staff'), 404);
  });

  test('a seller acts as its own customers only, and is recorded as the actor', async () => {
    const seller = await createStaff(t, adminToken, ['seller'], { invitationCode: 'ACT-SELL' });
    const email = 'owned@acting.test';
    const code = await sendCode(t, email);
    await call(t.app, null, {
      method: 'POST',
      url: '/api/user/register',
      payload: registration(email, code, { invitationCode: 'ACT-SELL' }),
    });
    const { id } = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', email)
      .executeTakeFirstOrThrow();
    expectEnvelope(
      await call(t.app, seller.token, { method: 'POST', url: `/api/admin/updateStatus/${id}`, payload: { status: 1 } }),
      200,
    );

    const token = expectEnvelope(await build(seller.token, id), 200).data;
    expect((await info(token)).json().data.actingAs).toEqual({ actorId: seller.id, actorUsername: seller.email });
    expectEnvelope(await build(seller.token, customer.id), 404);
    // Employees are not the seller's to act as.
    expectEnvelope(await build(seller.token, adminId, 'staff'), 403);
  });
});

describe('when the actor loses the right', () => {
  test('disabling a staff member ends the acting-as sessions they opened', async () => {
    const ids = await roleIds(t, adminToken);
    const second = await createStaff(t, adminToken, ['administrator']);
    expect(ids.administrator).toBeDefined();
    const acting = expectEnvelope(await build(second.token, customer.id), 200).data;
    expectEnvelope(await info(acting), 200);

    expectEnvelope(
      await call(t.app, adminToken, {
        method: 'POST',
        url: `/api/staff/updateStatus/${second.id}`,
        payload: { status: 2 },
      }),
      200,
    );
    expectEnvelope(await info(second.token), 401);
    expectEnvelope(await info(acting), 401);
    // The customer's own session is untouched.
    expectEnvelope(await info(customer.token), 200);
  });

  test("taking a seller's role away ends the acting-as sessions it opened", async () => {
    const ids = await roleIds(t, adminToken);
    const seller = await createStaff(t, adminToken, ['seller'], { invitationCode: 'LOSE-ROLE' });
    const email = 'lose-role@acting.test';
    const code = await sendCode(t, email);
    await call(t.app, null, {
      method: 'POST',
      url: '/api/user/register',
      payload: registration(email, code, { invitationCode: 'LOSE-ROLE' }),
    });
    const { id } = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', email)
      .executeTakeFirstOrThrow();
    await call(t.app, adminToken, { method: 'POST', url: `/api/admin/updateStatus/${id}`, payload: { status: 1 } });
    const acting = expectEnvelope(await build(seller.token, id), 200).data;
    expectEnvelope(await info(acting), 200);

    expectEnvelope(
      await call(t.app, adminToken, {
        method: 'POST',
        url: '/api/staff/role/update',
        payload: { userId: seller.id, roleIds: [ids.finance] },
      }),
      200,
    );
    expectEnvelope(await info(acting), 401);
  });
});

describe('the user log screen', () => {
  test('a call that only reads (a quote, an address check) is not written to the log; a change is', async () => {
    const since = await lastLogId();
    const quote = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: { from: SENDER, to: RECIPIENT, parcels: [{ length: 6, width: 6, height: 6, weight: 1 }] },
    });
    expectEnvelope(quote, 200);
    const check = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/user/address/validate',
      payload: RECIPIENT,
    });
    expectEnvelope(check, 200);
    await call(t.app, customer.token, { method: 'POST', url: '/api/user/messages/read', payload: { ids: [] } });
    // The change's row is written after the reads' answers went out: once it is there, theirs would be too.
    // Only this merchant's rows: the previous test's last change may be logged after `since` was read.
    await logsFor(since, '/api/user/messages/read', 1);
    const rows = await t.ctx.db
      .selectFrom('user_logs')
      .select('path')
      .where('id', '>', since)
      .where((eb) => eb.or([eb('actor_id', '=', customer.id), eb('subject_id', '=', customer.id)]))
      .execute();
    expect(rows.map((row) => row.path)).toEqual(['/api/user/messages/read']);
  });

  test('lists who acted on whom, filterable by subject, for maintenance staff only', async () => {
    const acting = (await build(adminToken, customer.id)).json().data;
    const since = await lastLogId();
    await call(t.app, acting, { method: 'POST', url: '/api/user/messages/read', payload: { ids: [] } });
    await logsFor(since, '/api/user/messages/read', 1);
    const res = await call(t.app, adminToken, {
      method: 'GET',
      url: `/api/admin/user-logs?subjectId=${customer.id}&path=messages`,
    });
    expect(res.json().data.list[0]).toMatchObject({
      actor: ADMIN.username,
      subject: customer.email,
      method: 'POST',
      path: '/api/user/messages/read',
      statusCode: 200,
      actingAs: true,
    });
    expect((await call(t.app, customer.token, { method: 'GET', url: '/api/admin/user-logs' })).statusCode).toBe(403);
    // The export holds the same rows, headers in the caller's language.
    const sheet = await call(t.app, adminToken, {
      method: 'GET',
      url: `/api/admin/user-logs/down?subjectId=${customer.id}&path=messages`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(sheet.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0];
    expect(rows?.getRow(1).getCell(2).value).toBe('Done by');
    expect(rows?.getRow(2).getCell(2).value).toBe(ADMIN.username);
    expect(rows?.getRow(2).getCell(3).value).toBe(customer.email);
    expect(rows?.getRow(1).getCell(4).value).toBe('Acting as');
    expect(rows?.getRow(2).getCell(4).value).toBe('✓');
    // A session's call has no API key mode (the key's mode column stays empty), then the call itself.
    expect(rows?.getRow(2).getCell(5).value).toBeNull();
    expect(rows?.getRow(2).getCell(6).value).toBe('POST /api/user/messages/read');
    expect(rows?.rowCount).toBe(1 + res.json().data.total);
    expect((await call(t.app, customer.token, { method: 'GET', url: '/api/admin/user-logs/down' })).statusCode).toBe(
      403,
    );
  });
});
