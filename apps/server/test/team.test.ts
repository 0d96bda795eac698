/**
 * Team members (issue 30): invited by e-mail, signing in as themselves into the merchant's account, acting on
 * its objects with the permissions the owner gave, and every change in the owner's change history.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  createMember,
  expectFieldError,
  fundWallet,
  latestInvitation,
  login,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startApp({ publicUrl: 'https://ship.example.com' });
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

const get = (token: string, url: string) => call(t.app, token, { method: 'GET', url });
const invite = (token: string, email: string, permissions: string[]) =>
  call(t.app, token, { method: 'POST', url: '/api/app/team/members', payload: { email, permissions } });
const accept = (token: string, password = 'Member#2026') =>
  call(t.app, null, {
    method: 'POST',
    url: '/api/user/team/accept',
    payload: { token, firstName: 'Mia', lastName: 'Member', password, confirmPassword: password },
  });

describe('inviting and accepting', () => {
  test('the invitation is mailed with a one-time link; accepting it sets the password, and the member signs in', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const email = 'new.member@team.test';
    const invited = await invite(owner.token, email, ['buy']);
    expect(invited.statusCode).toBe(200);
    expect(invited.json().data).toMatchObject({ email, permissions: ['buy'], status: 'invited', acceptedAt: null });
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('https://ship.example.com/acceptInvitation?token=');
    // The outbox shows the link masked.
    expect(mail.redacted_body).not.toContain('token=');
    // Not signed in before accepting.
    expect((await login(t.app, email, 'Member#2026')).statusCode).toBe(401);

    const token = await latestInvitation(t, email);
    expect((await accept(token)).json().data).toEqual({ username: email });
    // The link works once.
    expectFieldError(await accept(token), 'token');
    const memberToken = await loginToken(t.app, email, 'Member#2026');
    const info = (await get(memberToken, '/api/user/info')).json().data;
    // The member works in the owner's account, as themselves.
    expect(info).toMatchObject({
      id: owner.id,
      username: owner.email,
      actingAs: null,
      member: { username: email, name: 'Mia Member', permissions: ['buy'] },
      balance: '',
      wallets: [],
    });
    const list = (await get(owner.token, '/api/app/team/members')).json().data;
    expect(list).toEqual([expect.objectContaining({ email, status: 'active', name: 'Mia Member' })]);
  });

  test('an address with an account of its own is refused; a wrong link is refused', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const other = await createActiveCustomer(t, adminToken);
    expectFieldError(await invite(owner.token, other.email, []), 'email');
    expectFieldError(await invite(owner.token, 'not-an-address', []), 'email');
    expectFieldError(await accept('no-such-token'), 'token');
  });

  test('resending gives a new link and the old one stops working', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const email = 'resent@team.test';
    const { id } = (await invite(owner.token, email, [])).json().data;
    const first = await latestInvitation(t, email);
    const resent = await call(t.app, owner.token, { method: 'POST', url: `/api/app/team/members/${id}/resend` });
    expect(resent.statusCode).toBe(200);
    const second = await latestInvitation(t, email);
    expect(second).not.toBe(first);
    expectFieldError(await accept(first), 'token');
    expect((await accept(second)).statusCode).toBe(200);
    const again = await call(t.app, owner.token, { method: 'POST', url: `/api/app/team/members/${id}/resend` });
    expect(again.statusCode).toBe(422);
  });
});

describe('permissions', () => {
  test('a member with buy but not money buys a label on the owner’s wallet and gets 403 on the fund records', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    await fundWallet(t.app, adminToken, owner.id, '100.00');
    const member = await createMember(t, owner.token, ['buy']);
    const { orderId, tracking } = await buyLabel(t.app, member.token);
    expect(tracking).toMatch(/\w{10,}/);
    // The order is the owner's, and the charge is recorded with the member as actor.
    expect((await get(owner.token, `/api/app/order/detail/${orderId}`)).statusCode).toBe(200);
    const charge = await t.ctx.db
      .selectFrom('balance_logs')
      .select(['actor_id', 'user_id'])
      .where('user_id', '=', owner.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const memberAccount = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(charge).toEqual({ actor_id: memberAccount.id, user_id: owner.id });

    for (const url of ['/api/app/balance/log/list', '/api/app/user/recharge/list', '/api/app/postage/list']) {
      const res = await get(member.token, url);
      expect({ url, status: res.statusCode, data: res.json().data }).toEqual({
        url,
        status: 403,
        data: { reason: 'memberPermission', permission: 'money' },
      });
    }
    // Void needs its own permission; the team and the history are the owner's.
    const voided = await call(t.app, member.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [orderId] },
    });
    expect(voided.statusCode).toBe(403);
    expect((await get(member.token, '/api/app/team/members')).statusCode).toBe(403);
    expect((await get(member.token, '/api/app/team/history')).statusCode).toBe(403);
    // The member cannot change the owner's password.
    const password = await call(t.app, member.token, {
      method: 'POST',
      url: '/api/user/updatePassword',
      payload: { oldPassword: owner.password, password: 'Other#20266', confirmPassword: 'Other#20266' },
    });
    expect(password.statusCode).toBe(403);
  });

  test('a member without money is told the day’s labels but not their spend, and no order’s money lines; with money, both', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    await fundWallet(t.app, adminToken, owner.id, '100.00');
    const buyer = await createMember(t, owner.token, ['buy']);
    const { orderId } = await buyLabel(t.app, buyer.token);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const workplace = `/api/app/workplace?from=${day(-1)}&to=${day(1)}`;
    const spent = (token: string) =>
      get(token, workplace).then((res) => res.json().data.days.filter((row: { labels: number }) => row.labels > 0));
    const moneyOf = (token: string) =>
      get(token, `/api/app/order/detail/${orderId}`).then((res) => res.json().data.money);

    const ownerDays = await spent(owner.token);
    expect(ownerDays).toEqual([
      expect.objectContaining({ labels: 1, sales: expect.stringMatching(/^[1-9]\d*\.\d\d$/) }),
    ]);
    expect(await spent(buyer.token)).toEqual([{ ...ownerDays[0], sales: '' }]);
    const ownerMoney = await moneyOf(owner.token);
    expect(ownerMoney.lines.length).toBeGreaterThan(0);
    expect(await moneyOf(buyer.token)).toBeNull();
    expect((await get(buyer.token, '/api/user/info')).json().data).toMatchObject({ balance: '', wallets: [] });

    const bookkeeper = await createMember(t, owner.token, ['money']);
    expect(await spent(bookkeeper.token)).toEqual(ownerDays);
    expect(await moneyOf(bookkeeper.token)).toEqual(ownerMoney);
  });

  test('a member without money reads no message about the account’s money, nor marks one read; with money, reads it', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    await fundWallet(t.app, adminToken, owner.id, '100.00');
    const opened = await call(t.app, owner.token, {
      method: 'POST',
      url: '/api/app/workOrder',
      payload: { type: 'tracking', subject: 'Where is it?' },
    });
    await call(t.app, adminToken, {
      method: 'POST',
      url: `/api/admin/workOrder/${opened.json().data.id}/reply`,
      payload: { content: 'Looking into it' },
    });
    const titles = async (token: string) =>
      ((await get(token, '/api/user/messages')).json().data as { title: string; status: number }[]).map(
        (message) => `${message.title} (${message.status === 0 ? 'unread' : 'read'})`,
      );
    const balanceAdjusted = 'Balance adjusted (unread)';
    expect(await titles(owner.token)).toEqual(expect.arrayContaining([balanceAdjusted]));
    const buyer = await createMember(t, owner.token, ['buy']);
    const seen = await titles(buyer.token);
    expect(seen.some((title) => title.startsWith('New reply on work order'))).toBe(true);
    expect(seen.some((title) => title.startsWith('Balance adjusted'))).toBe(false);
    // Marking every message read marks those the member reads, not the owner's money news.
    await call(t.app, buyer.token, { method: 'POST', url: '/api/user/messages/read', payload: { ids: [] } });
    expect(await titles(owner.token)).toEqual(expect.arrayContaining([balanceAdjusted]));

    const bookkeeper = await createMember(t, owner.token, ['money']);
    expect(await titles(bookkeeper.token)).toEqual(expect.arrayContaining([balanceAdjusted]));
  });

  test('a member without buy cannot buy; a changed permission shows on the very next call', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const member = await createMember(t, owner.token, []);
    const label = await call(t.app, member.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId: 1, serviceId: 1 },
    });
    expect([label.statusCode, label.json().data]).toEqual([403, { reason: 'memberPermission', permission: 'buy' }]);
    expect((await get(member.token, '/api/app/balance/log/list')).statusCode).toBe(403);
    const { id } = (await get(owner.token, '/api/app/team/members')).json().data[0];
    const changed = await call(t.app, owner.token, {
      method: 'PUT',
      url: `/api/app/team/members/${id}`,
      payload: { permissions: ['money'] },
    });
    expect(changed.json().data.permissions).toEqual(['money']);
    expect((await get(member.token, '/api/app/balance/log/list')).statusCode).toBe(200);
  });

  test('a removed member’s sessions end at once and the member can no longer sign in', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const member = await createMember(t, owner.token, ['buy', 'money']);
    expect((await get(member.token, '/api/app/order/orders')).statusCode).toBe(200);
    const { id } = (await get(owner.token, '/api/app/team/members')).json().data[0];
    const removed = await call(t.app, owner.token, { method: 'DELETE', url: `/api/app/team/members/${id}` });
    expect(removed.statusCode).toBe(200);
    expect((await get(member.token, '/api/app/order/orders')).statusCode).toBe(401);
    expect((await login(t.app, member.email, member.password)).statusCode).toBe(403);
    expect((await get(owner.token, '/api/app/team/members')).json().data).toEqual([]);
    // The owner goes on.
    expect((await get(owner.token, '/api/app/order/orders')).statusCode).toBe(200);
  });

  test('a member never reaches another merchant’s objects, nor another owner’s team', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const stranger = await createActiveCustomer(t, adminToken);
    await fundWallet(t.app, adminToken, stranger.id, '50.00');
    const theirs = await buyLabel(t.app, stranger.token);
    const member = await createMember(t, owner.token, ['buy', 'void', 'money', 'settings']);
    expect((await get(member.token, `/api/app/order/detail/${theirs.orderId}`)).statusCode).toBe(404);
    const statusOf = async () =>
      (await t.ctx.db.selectFrom('orders').select('status').where('id', '=', theirs.orderId).executeTakeFirstOrThrow())
        .status;
    const before = await statusOf();
    await call(t.app, member.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [theirs.orderId] },
    });
    expect(await statusOf()).toBe(before);
    const list = (await get(member.token, '/api/app/order/orders')).json().data;
    expect(list.total).toBe(0);
    // The stranger cannot change or remove the owner's member either.
    const { id } = (await get(owner.token, '/api/app/team/members')).json().data[0];
    const foreign = await call(t.app, stranger.token, { method: 'DELETE', url: `/api/app/team/members/${id}` });
    expect(foreign.statusCode).toBe(404);
    expect((await get(member.token, '/api/app/order/orders')).statusCode).toBe(200);
  });
});

describe('change history', () => {
  test('the owner sees who changed what, with before and after for settings', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    await fundWallet(t.app, adminToken, owner.id, '100.00');
    const member = await createMember(t, owner.token, ['buy', 'settings']);
    await buyLabel(t.app, member.token);
    const brand = { name: 'Desk Co', color: '#112233' };
    expect((await call(t.app, member.token, { method: 'PUT', url: '/api/app/brand', payload: brand })).statusCode).toBe(
      200,
    );
    const { id } = (await get(owner.token, '/api/app/team/members')).json().data[0];
    await call(t.app, owner.token, {
      method: 'PUT',
      url: `/api/app/team/members/${id}`,
      payload: { permissions: ['buy'] },
    });

    type Row = { actor: string; role: string; method: string; path: string; before: unknown; after: unknown };
    const history = async () => (await get(owner.token, '/api/app/team/history?pageSize=50')).json().data.list as Row[];
    // A call's row is written once it has answered: read the history until the last call's row is in it.
    let rows: Row[] = [];
    await expect
      .poll(async () => {
        rows = await history();
        return rows.some((row) => row.method === 'PUT' && row.path === `/api/app/team/members/${id}`);
      })
      .toBe(true);
    const find = (method: string, path: string) => rows.find((row) => row.method === method && row.path === path);
    expect(find('POST', '/api/app/order/label/create')).toMatchObject({ actor: member.email, role: 'member' });
    expect(find('PUT', '/api/app/brand')).toMatchObject({
      actor: member.email,
      role: 'member',
      before: { own: null },
      after: { own: { name: 'Desk Co', color: '#112233' } },
    });
    expect(find('PUT', `/api/app/team/members/${id}`)).toMatchObject({
      actor: owner.email,
      role: 'owner',
      before: { email: member.email, permissions: ['buy', 'settings'] },
      after: { email: member.email, permissions: ['buy'] },
    });
    expect(find('POST', '/api/app/team/members')).toMatchObject({ role: 'owner', after: { email: member.email } });
    // Another merchant's history holds none of it.
    const other = await createActiveCustomer(t, adminToken);
    const theirs = (await get(other.token, '/api/app/team/history')).json().data;
    expect(theirs.list.some((row: { actor: string }) => row.actor === member.email)).toBe(false);
  });

  test("a draft's edit keeps what it changed, under the order's number, and nothing it left alone", async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const member = await createMember(t, owner.token, ['buy']);
    const address = (city: string, personName: string) => ({
      personName,
      phone: '2125550100',
      addressLine1: '350 5th Ave',
      city,
      stateCode: 'NY',
      zipCode: '10118',
      countryCode: 'US',
    });
    const draft = {
      from: address('New York', 'Ada Sender'),
      to: address('New York', 'Grace Buyer'),
      parcels: [{ length: 5, width: 5, height: 5, weight: 1 }],
      reference1: 'PO-1',
    };
    const saved = await call(t.app, owner.token, { method: 'POST', url: '/api/app/order/draft', payload: draft });
    const { orderId, orderNo } = saved.json().data;
    const edit = await call(t.app, member.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        ...draft,
        orderId,
        to: { ...address('Brooklyn', 'Grace Buyer'), isResidential: true },
        parcels: [{ length: 5, width: 5, height: 5, weight: 2, insuredValue: '150' }],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    type Row = { actor: string; method: string; path: string; before: unknown; after: unknown };
    let edits: Row[] = [];
    await expect
      .poll(async () => {
        const rows = (await get(owner.token, '/api/app/team/history?pageSize=50')).json().data.list as Row[];
        edits = rows.filter((row) => row.path === '/api/app/order/draft');
        return edits.length;
      })
      .toBe(2);
    const [edited, created] = edits;
    expect(edited).toMatchObject({ actor: member.email, method: 'POST' });
    // A parcel as the API shows one (money as money, its units named), without its ids.
    const parcel = {
      length: 5,
      width: 5,
      height: 5,
      massUnit: 'lb',
      distanceUnit: 'in',
      packageCode: 'your_package',
      packageNum: 1,
      packageAmount: 1,
      reference: '',
      reference2: '',
    };
    expect(edited?.before).toEqual({
      orderNo,
      'to.city': 'New York',
      'to.isResidential': false,
      parcels: [{ ...parcel, weight: 1, insuredValue: '0.00' }],
    });
    expect(edited?.after).toEqual({
      orderNo,
      'to.city': 'Brooklyn',
      'to.isResidential': true,
      parcels: [{ ...parcel, weight: 2, insuredValue: '150.00' }],
    });
    // The order's residential flag follows the recipient's: the change is shown once, as the recipient's.
    // A new draft changed nothing that was: it is the call alone.
    expect(created).toMatchObject({ before: null, after: null });
  });
});
