import { ROLE } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  createStaff,
  demoChannelId,
  expectEnvelope,
  fundWallet,
  loginToken,
  multipart,
  registration,
  sendCode,
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

interface Todo {
  kind: string;
  count: number;
  oldest: string;
  path: string;
}

const todos = async (token: string) =>
  expectEnvelope(await call(t.app, token, { method: 'GET', url: '/api/admin/todos' }), 200).data as Todo[];
const todoOf = async (token: string, kind: string) => (await todos(token)).find((todo) => todo.kind === kind);

/** A customer who registered (with a seller's invitation code, if given) and waits to be activated. */
async function registerWaiting(invitationCode?: string) {
  const email = `w${Math.random().toString(36).slice(2, 10)}@shop.test`;
  const code = await sendCode(t, email);
  const body = registration(email, code, invitationCode ? { invitationCode } : {});
  expectEnvelope(await call(t.app, null, { method: 'POST', url: '/api/user/register', payload: body }), 200);
  const user = await t.ctx.db.selectFrom('users').select('id').where('username', '=', email).executeTakeFirstOrThrow();
  return user.id;
}

const activate = (userId: number) =>
  call(t.app, admin, { method: 'POST', url: `/api/admin/updateStatus/${userId}`, payload: { status: 1 } });

/** The ISO time the oldest waits since lies between the two instants around the act that made it wait. */
function waitedSince(todo: Todo | undefined, before: number, after: number) {
  const since = Date.parse(todo?.oldest ?? '');
  expect(since).toBeGreaterThanOrEqual(before);
  expect(since).toBeLessThanOrEqual(after);
}

describe('the work waiting for staff', () => {
  test('a registration waits for whoever manages customers, not a merchant, and goes once activated', async () => {
    const merchant = await createActiveCustomer(t, admin);
    const before = Date.now();
    const waiting = await registerWaiting();
    const after = Date.now();

    const registrations = await todoOf(admin, 'registration');
    expect(registrations).toMatchObject({ count: 1, path: '/adminSettings/userManagement' });
    waitedSince(registrations, before, after);
    // A merchant manages no one: the call is not theirs.
    expect((await call(t.app, merchant.token, { method: 'GET', url: '/api/admin/todos' })).statusCode).toBe(403);

    expect((await activate(waiting)).statusCode).toBe(200);
    expect(await todoOf(admin, 'registration')).toBeUndefined();
  });

  test("a seller is told only of its own customers' registrations", async () => {
    const seller = await createStaff(t, admin, [ROLE.seller], { invitationCode: 'TODO4242' });
    const own = await registerWaiting('TODO4242');
    const elsewhere = await registerWaiting();

    expect(await todoOf(seller.token, 'registration')).toMatchObject({ count: 1 });
    expect(await todoOf(admin, 'registration')).toMatchObject({ count: 2 });

    await activate(own);
    expect(await todoOf(seller.token, 'registration')).toBeUndefined();
    expect(await todoOf(admin, 'registration')).toMatchObject({ count: 1 });
    await activate(elsewhere);
  });

  test('a submitted recharge waits for finance with its age, and goes once reviewed', async () => {
    const finance = await createStaff(t, admin, [ROLE.finance]);
    const seller = await createStaff(t, admin, [ROLE.seller]);
    const customer = await createActiveCustomer(t, admin);
    expect(await todoOf(finance.token, 'recharge')).toBeUndefined();

    const before = Date.now();
    const submitted = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/user/recharge',
      payload: { currency: 'USD', paymentMethod: 'alipay', amount: '25.00' },
    });
    const after = Date.now();
    const recharge = await todoOf(finance.token, 'recharge');
    expect(recharge).toMatchObject({ count: 1, path: '/adminSettings/customer/userRechargeRecords' });
    waitedSince(recharge, before, after);
    // A seller does not approve recharges.
    expect(await todoOf(seller.token, 'recharge')).toBeUndefined();

    const reviewed = await call(t.app, finance.token, {
      method: 'POST',
      url: '/api/admin/recharge/approve',
      payload: { id: submitted.json().data.id, approve: true, actualAmount: '25.00' },
    });
    expect(reviewed.statusCode).toBe(200);
    expect(await todoOf(finance.token, 'recharge')).toBeUndefined();
  });

  test('a requested cancellation waits for the cancel audit, and goes once audited', async () => {
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '50.00');
    const { orderId } = await buyLabel(t.app, customer.token);
    expect(await todoOf(admin, 'cancellation')).toBeUndefined();

    await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
    expect(await todoOf(admin, 'cancellation')).toMatchObject({ count: 1, path: '/adminSettings/allWaybills' });
    // A test label's cancellation is not counted: the waybills list it leads to shows live orders (issue 31).
    const test = await buyLabel(t.app, customer.token, true);
    await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [test.orderId] },
    });
    expect(await todoOf(admin, 'cancellation')).toMatchObject({ count: 1 });
    const waiting = async (mode: string) =>
      (
        expectEnvelope(
          await call(t.app, admin, {
            method: 'GET',
            url: `/api/admin/order/orders?status=6&userId=${customer.id}${mode}`,
          }),
          200,
        ).data.list as { id: number }[]
      ).map((order) => order.id);
    expect(await waiting('')).toEqual([orderId]);
    expect(await waiting('&mode=test')).toEqual([test.orderId]);
    // Finance neither sees nor audits waybills.
    const finance = await createStaff(t, admin, [ROLE.finance]);
    expect(await todoOf(finance.token, 'cancellation')).toBeUndefined();

    const audit = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: orderId, approve: false, reason: 'Already picked up' },
    });
    expect(audit.statusCode).toBe(200);
    expect(await todoOf(admin, 'cancellation')).toBeUndefined();
  });

  test('a work order waits for customer service until answered, and again once the merchant writes back', async () => {
    const service = await createStaff(t, admin, [ROLE.customerService]);
    const merchant = await createActiveCustomer(t, admin);
    const post = (token: string, url: string, payload?: object) =>
      call(t.app, token, { method: 'POST', url, ...(payload ? { payload } : {}) });
    expect(await todoOf(service.token, 'workOrder')).toBeUndefined();
    const before = Date.now();
    const opened = expectEnvelope(
      await post(merchant.token, '/api/app/workOrder', { type: 'tracking', subject: 'Where is my parcel?' }),
      200,
    ).data;
    const after = Date.now();
    const waiting = await todoOf(service.token, 'workOrder');
    expect(waiting).toMatchObject({ count: 1, path: '/adminSettings/serviceManagement' });
    waitedSince(waiting, before, after);
    // Finance answers no work orders.
    expect(await todoOf((await createStaff(t, admin, [ROLE.finance])).token, 'workOrder')).toBeUndefined();

    expectEnvelope(
      await post(service.token, `/api/admin/workOrder/${opened.id}/reply`, { content: 'On its way' }),
      200,
    );
    expect(await todoOf(service.token, 'workOrder')).toBeUndefined();
    expectEnvelope(
      await post(merchant.token, `/api/app/workOrder/${opened.id}/reply`, { content: 'Still not here' }),
      200,
    );
    expect(await todoOf(service.token, 'workOrder')).toMatchObject({ count: 1 });
    expectEnvelope(await post(merchant.token, `/api/app/workOrder/${opened.id}/close`), 200);
    expect(await todoOf(service.token, 'workOrder')).toBeUndefined();
  });

  test('a disputed bill line waits for staff to decide, and goes once decided', async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, merchant.id, '40.00');
    const { tracking } = await buyLabel(t.app, merchant.token);
    const csv = `Tracking number,Amount,Reason,Billed weight\n${tracking},3.00,Weight correction,4`;
    const body = multipart('bill.csv', Buffer.from(csv), 'text/csv', { channelId: String(await demoChannelId(t)) });
    const preview = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/bills/preview',
      payload: body.payload,
      headers: body.headers,
    });
    expectEnvelope(
      await call(t.app, admin, { method: 'POST', url: `/api/admin/bills/${preview.json().data.id}/post` }),
      200,
    );
    const [line] = (await call(t.app, merchant.token, { method: 'GET', url: '/api/app/bills/lines' })).json().data.list;
    expect(await todoOf(admin, 'dispute')).toBeUndefined();

    const before = Date.now();
    const opened = await call(t.app, merchant.token, {
      method: 'POST',
      url: `/api/app/bills/lines/${line.id}/dispute`,
      payload: { reason: 'It weighed 1 lb' },
    });
    expect(opened.statusCode).toBe(200);
    const dispute = await todoOf(admin, 'dispute');
    expect(dispute).toMatchObject({ count: 1, path: '/maintenance/supplementaryAmount' });
    waitedSince(dispute, before, Date.now());

    const rejected = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/bills/lines/${line.id}/reject`,
      payload: { answer: 'The carrier measured 4 lb' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await todoOf(admin, 'dispute')).toBeUndefined();
  });
});
