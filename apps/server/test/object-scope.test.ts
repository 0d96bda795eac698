/**
 * Each authorisation class issue 10 names, as a person would meet it: a seller holding staff codes on a
 * merchant who is not theirs, the codes that guard allotments and earnest release, what staff may not do
 * while acting as a merchant, the last administrator, a start with a broken roles table, and a password
 * change that signs the account out elsewhere.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FUND_TYPE, ROLE } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  grantToRole,
  type Json,
  login,
  loginToken,
  roleIds,
  startApp,
  type TestApp,
} from './helpers.ts';
import { SENDER as from, RECIPIENT as to } from './parties.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t?.close());

/** Drafts an order for the merchant and buys its label with the first service on offer, or the one named. */
async function labelFor(merchant: { token: string }, serviceCode?: string) {
  const drafted = await call(t.app, merchant.token, {
    method: 'POST',
    url: '/api/app/order/draft',
    payload: { from, to, parcels: [{ length: 10, width: 8, height: 4, weight: 2 }] },
  });
  const orderId = drafted.json().data.orderId as number;
  const lines = (
    await call(t.app, merchant.token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } })
  ).json().data as { serviceId: number; serviceCode: string; available: boolean }[];
  const serviceId = lines.find(
    (line) => line.available && (!serviceCode || line.serviceCode === serviceCode),
  )?.serviceId;
  const bought = await call(t.app, merchant.token, {
    method: 'POST',
    url: '/api/app/order/label/create',
    payload: { orderId, serviceId },
  });
  expect(bought.statusCode).toBe(200);
  return { orderId, serviceId: serviceId as number };
}

/** A merchant with 100 USD and one bought label; answers the order and its state. */
async function merchantWithLabel(invitationCode?: string) {
  const merchant = await createActiveCustomer(t, admin, undefined, undefined, invitationCode ? { invitationCode } : {});
  await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId: merchant.id, currency: 'USD', amount: '100.00', remark: 'funds' },
  });
  const { orderId, serviceId } = await labelFor(merchant);
  const draftId = (
    await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from, to, parcels: [{ length: 10, width: 8, height: 4, weight: 2 }] },
    })
  ).json().data.orderId as number;
  return { ...merchant, orderId, serviceId, draftId };
}

/**
 * A finished order of the merchant holding a deposit: a label of the demo FedEx channel (1.00 USD earnest)
 * whose cancellation staff refused. Answers the order's id.
 */
async function finishedOrderWithDeposit(merchant: { token: string }) {
  const { orderId } = await labelFor(merchant, 'FEDEX_GROUND');
  await call(t.app, merchant.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
  const refused = await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/order/orders/cancelAudit',
    payload: { id: orderId, approve: false, reason: 'already picked up' },
  });
  expect(refused.statusCode).toBe(200);
  return orderId;
}

const statusOf = async (orderId: number) =>
  await t.ctx.db
    .selectFrom('orders')
    .select(['status', 'billed_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
const balanceOf = async (userId: number) =>
  (
    await t.ctx.db
      .selectFrom('wallets')
      .select('balance')
      .where('user_id', '=', userId)
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow()
  ).balance;

const ledgerOf = (userId: number) =>
  t.ctx.db
    .selectFrom('balance_logs')
    .select(['id', 'type', 'amount'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const earnestOf = (orderId: number) =>
  t.ctx.db
    .selectFrom('orders')
    .select(['earnest', 'earnest_released_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();

describe('a seller holding the staff codes acts only on their own customers', () => {
  let seller: { id: number; token: string };
  let theirs: Awaited<ReturnType<typeof merchantWithLabel>>;
  let other: Awaited<ReturnType<typeof merchantWithLabel>>;

  beforeAll(async () => {
    // The built-in seller (adminList, orderList) given the channel code too, as an operator may do.
    seller = await createStaff(t, admin, [ROLE.seller], { invitationCode: 'SCOPE-S1' });
    await grantToRole(t, ROLE.seller, 'adminChannel');
    theirs = await merchantWithLabel('SCOPE-S1');
    other = await merchantWithLabel();
  });

  test("cannot decide another merchant's cancellation, bill them, release their deposit or review their label", async () => {
    await call(t.app, other.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [other.orderId] } });
    const balance = await balanceOf(other.id);
    const audit = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: other.orderId, approve: false, reason: 'no' },
    });
    expectEnvelope(audit, 404);
    const billed = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/order/billed',
      payload: { id: other.orderId, cost: '90.00', wrongDimensions: true },
    });
    expectEnvelope(billed, 404);
    const review = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/order/review',
      payload: { id: other.orderId, approve: false, reason: 'no' },
    });
    expectEnvelope(review, 404);
    const released = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/order/order/releaseEarnest',
      payload: { ids: [other.orderId] },
    });
    expect(released.json().data).toEqual([{ id: other.orderId, ok: false, message: 'Order not found' }]);
    expect(await statusOf(other.orderId)).toEqual({ status: 6, billed_at: null });
    expect(await balanceOf(other.id)).toBe(balance);
  });

  test("releases the deposits of their own customer, and is refused another seller's customer as any scoped call", async () => {
    await createStaff(t, admin, [ROLE.seller], { invitationCode: 'SCOPE-S2' });
    const rivals = await merchantWithLabel('SCOPE-S2');
    const rivalsOrderId = await finishedOrderWithDeposit(rivals);
    const ownOrderId = await finishedOrderWithDeposit(theirs);
    const rivalsLedger = await ledgerOf(rivals.id);
    const refused = await call(t.app, seller.token, { method: 'POST', url: `/api/admin/releaseEarnest/${rivals.id}` });
    // The same answer as the seller's other calls on an account out of scope (here: its allotment).
    const allotment = await call(t.app, seller.token, {
      method: 'GET',
      url: `/api/admin/user-channel?userId=${rivals.id}`,
    });
    expect(expectEnvelope(refused, 404).message).toBe(expectEnvelope(allotment, 404).message);
    expect(refused.json().message).toBe('User not found');
    expect(await ledgerOf(rivals.id)).toEqual(rivalsLedger);
    expect(await earnestOf(rivalsOrderId)).toEqual({ earnest: 100, earnest_released_at: null });

    const allowed = await call(t.app, seller.token, { method: 'POST', url: `/api/admin/releaseEarnest/${theirs.id}` });
    expect(allowed.json().data).toEqual({ released: '1.00', orders: [{ id: ownOrderId, ok: true }] });
    expect((await ledgerOf(theirs.id)).at(-1)).toMatchObject({ type: FUND_TYPE.marginRelease, amount: 100 });
    expect(await earnestOf(ownOrderId)).toMatchObject({ earnest_released_at: expect.any(Number) });
  });

  test("cannot buy labels at another merchant's expense, but can for their own customer", async () => {
    const balance = await balanceOf(other.id);
    const refused = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/order/label/batchCreate',
      payload: { ids: [other.draftId] },
    });
    expect(expectEnvelope(refused, 400).data.fields).toHaveProperty('ids');
    expect(await t.ctx.db.selectFrom('jobs').select('id').where('user_id', '=', seller.id).execute()).toEqual([]);
    expect(await balanceOf(other.id)).toBe(balance);
    const allowed = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/order/label/batchCreate',
      payload: { ids: [theirs.draftId] },
    });
    expect(allowed.statusCode).toBe(200);
  });

  test("cannot change another merchant's carriers or read them", async () => {
    const allot = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: other.id, channelIds: [] },
    });
    expectEnvelope(allot, 404);
    for (const url of ['user-channel', 'user-channel-new', 'user-carrier-sever']) {
      expectEnvelope(
        await call(t.app, seller.token, { method: 'GET', url: `/api/admin/${url}?userId=${other.id}` }),
        404,
      );
    }
    const listed = (await call(t.app, seller.token, { method: 'GET', url: '/api/admin/all-user-channel' })).json()
      .data as { userId: number }[];
    expect(listed.map((row) => row.userId)).toEqual([theirs.id]);
    expect(
      await t.ctx.db.selectFrom('user_channels').select('channel_id').where('user_id', '=', other.id).execute(),
    ).not.toEqual([]);
    const own = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: theirs.id, channelIds: [] },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('allotments and the per-user earnest release are guarded by the codes docs/api.md names', () => {
  test('a holder of adminList alone may not allot channels, read allotments or release a user’s deposits', async () => {
    const customerService = await createStaff(t, admin, [ROLE.customerService]);
    const merchant = await createActiveCustomer(t, admin);
    // customerService holds adminList and orderList, but not adminChannel.
    expectEnvelope(
      await call(t.app, customerService.token, {
        method: 'POST',
        url: '/api/admin/channel/allot-channel',
        payload: { userId: merchant.id, channelIds: [] },
      }),
      403,
    );
    expectEnvelope(
      await call(t.app, customerService.token, { method: 'GET', url: `/api/admin/user-channel?userId=${merchant.id}` }),
      403,
    );
    const finance = await createStaff(t, admin, [ROLE.finance]);
    // finance holds adminList but no order code.
    expectEnvelope(
      await call(t.app, finance.token, { method: 'POST', url: `/api/admin/releaseEarnest/${merchant.id}` }),
      403,
    );
    const byOrderCode = await call(t.app, customerService.token, {
      method: 'POST',
      url: `/api/admin/releaseEarnest/${merchant.id}`,
    });
    expect(byOrderCode.statusCode).toBe(200);
  });
});

describe('while acting as a merchant, staff cannot make or revoke the merchant’s API keys', () => {
  test('both answer 403 and no key appears; the merchant in person can', async () => {
    const merchant = await createActiveCustomer(t, admin);
    const acting = (await call(t.app, admin, { method: 'POST', url: `/api/admin/token/build/${merchant.id}` })).json()
      .data as string;
    const made = await call(t.app, acting, { method: 'POST', url: '/api/app/user/apiKey', payload: { name: 'x' } });
    expect(expectEnvelope(made, 403).message).toBe(
      'Not while acting as this user: only the account holder may do this',
    );
    const own = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/user/apiKey',
      payload: { name: 'x' },
    });
    const keyId = own.json().data.id as number;
    expectEnvelope(await call(t.app, acting, { method: 'DELETE', url: `/api/app/user/apiKey/${keyId}` }), 403);
    const keys = (await call(t.app, merchant.token, { method: 'GET', url: '/api/app/user/apiKey/list' })).json().data;
    expect(keys.map((key: Json) => key.id)).toEqual([keyId]);
    const logged = await t.ctx.db
      .selectFrom('user_logs')
      .select(['actor_id', 'subject_id', 'status_code'])
      .where('path', '=', '/api/app/user/apiKey')
      .where('subject_id', '=', merchant.id)
      .orderBy('id')
      .execute();
    expect(logged[0]).toEqual({ actor_id: await adminId(), subject_id: merchant.id, status_code: 403 });
  });
});

const adminId = async () =>
  (await t.ctx.db.selectFrom('users').select('id').where('username', '=', ADMIN.username).executeTakeFirstOrThrow()).id;

describe('the last administrator keeps the admin area', () => {
  test('cannot lose the administrator role or be disabled while no other active administrator remains', async () => {
    const ids = await roleIds(t, admin);
    const me = await adminId();
    const demoted = await call(t.app, admin, {
      method: 'POST',
      url: '/api/staff/role/update',
      payload: { userId: me, roleIds: [ids[ROLE.customerService]] },
    });
    expect(expectEnvelope(demoted, 422).message).toBe('At least one active administrator must remain');
    // With a second administrator, one may disable the other; the one left may not then step down.
    const second = await createStaff(t, admin, [ROLE.administrator]);
    const disabled = await call(t.app, second.token, {
      method: 'POST',
      url: `/api/staff/updateStatus/${me}`,
      payload: { status: 2 },
    });
    expect(disabled.statusCode).toBe(200);
    const lastOne = await call(t.app, second.token, {
      method: 'POST',
      url: '/api/staff/role/update',
      payload: { userId: second.id, roleIds: [ids[ROLE.finance]] },
    });
    expectEnvelope(lastOne, 422);
    expect((await call(t.app, second.token, { method: 'GET', url: '/api/staff/list' })).statusCode).toBe(200);
    const reenabled = await call(t.app, second.token, {
      method: 'POST',
      url: `/api/staff/updateStatus/${me}`,
      payload: { status: 1 },
    });
    expect(reenabled.statusCode).toBe(200);
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  });
});

describe('the server always starts, whatever the roles table holds', () => {
  test('with no administrator left in the database, a start gives ADMIN_EMAIL the admin area back', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-roles-'));
    const first = await startApp({ dataDir, sqliteFile: path.join(dataDir, 'roles.db') });
    try {
      await first.ctx.db.deleteFrom('user_roles').execute();
      await first.ctx.db.updateTable('users').set({ status: 2 }).execute();
      await first.ctx.db.deleteFrom('role_resources').execute();
      const again = (await buildApp(first.config, { logger: false, worker: false })).app;
      await again.ready();
      try {
        const signedIn = await login(again, ADMIN.username, ADMIN.password);
        expect(signedIn.statusCode).toBe(200);
        const token = signedIn.json().data.token as string;
        expect((await call(again, token, { method: 'GET', url: '/api/staff/list' })).statusCode).toBe(200);
      } finally {
        await again.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe('a password change signs the account out everywhere else', () => {
  test('other sign-in sessions end, the session that changed it and the API keys go on', async () => {
    const merchant = await createActiveCustomer(t, admin);
    const elsewhere = await loginToken(t.app, merchant.email, merchant.password);
    const key = (
      await call(t.app, merchant.token, { method: 'POST', url: '/api/app/user/apiKey', payload: { name: 'k' } })
    ).json().data.key as string;
    const changed = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/user/updatePassword',
      payload: { oldPassword: merchant.password, password: 'Changed#2026x', confirmPassword: 'Changed#2026x' },
    });
    expect(changed.statusCode).toBe(200);
    const info = (token: string) => call(t.app, token, { method: 'GET', url: '/api/user/info' });
    expect((await info(elsewhere)).statusCode).toBe(401);
    expect((await info(merchant.token)).statusCode).toBe(200);
    expect((await info(key)).statusCode).toBe(200);
  });
});
