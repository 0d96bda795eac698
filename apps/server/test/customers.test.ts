/**
 * Customers in full, sellers and proxies (issue 13): staff edit, register, export and delete customers;
 * a seller reaches only its own; a proxy's customer pays the proxy's markup and the proxy is credited the
 * commission, taken back when the label is refunded.
 */
import { ROLE } from '@parcelport/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  buyLabel,
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

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

const fund = (userId: number, amount: string) =>
  call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId, currency: 'USD', amount, remark: 'test funds' },
  });

const usdWallet = (userId: number) =>
  t.ctx.db
    .selectFrom('wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', 'USD')
    .executeTakeFirstOrThrow();

/** The sum of the account's USD ledger equals its balance: every change was one row. */
async function ledgerIsWhole(userId: number) {
  const rows = await t.ctx.db
    .selectFrom('balance_logs')
    .select('amount')
    .where('user_id', '=', userId)
    .where('currency', '=', 'USD')
    .execute();
  expect(rows.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(Number((await usdWallet(userId)).balance));
}

const profile = { firstName: 'Lin', lastName: 'Wei', company: 'Wei Trading', phone: '+1 626 555 0110' };

describe('customers in full', () => {
  test('staff register a customer who can sign in at once, edit its profile, member type and credit limit', async () => {
    const email = `made-${Date.now()}@shop.test`;
    const made = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/register',
      payload: { email, password: 'Customer#1', ...profile, memberType: 2, creditLimit: '50.00' },
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().data.id as number;
    const token = await loginToken(t.app, email, 'Customer#1');
    expect((await call(t.app, token, { method: 'GET', url: '/api/user/info' })).json().data.creditLimit).toBe('50.00');

    const again = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/register',
      payload: { email, password: 'Customer#1', ...profile },
    });
    expectFieldError(again, 'email');

    const updated = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/update/${id}`,
      payload: { ...profile, company: 'Wei Trading LLC', certification: 2, creditLimit: '75.50' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ company: 'Wei Trading LLC', memberType: 2, certification: 2 });
    expect(updated.json().data.wallets.find((w: Json) => w.currency === 'USD').creditLimit).toBe('75.50');

    const bad = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/update/${id}`,
      payload: { ...profile, firstName: '', memberType: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields ?? bad.json().data).sort()).toEqual(['firstName', 'memberType']);
  });

  test('a customer with money or a label in flight is not deleted; once at zero it is, softly', async () => {
    const customer = await createActiveCustomer(t, admin);
    await fund(customer.id, '5.00');
    const refused = await call(t.app, admin, { method: 'POST', url: `/api/admin/delete/${customer.id}` });
    expect(refused.statusCode).toBe(422);
    expect(
      (await t.ctx.db.selectFrom('users').select('deleted_at').where('id', '=', customer.id).executeTakeFirstOrThrow())
        .deleted_at,
    ).toBeNull();
    // The refusal rolled back everything: the customer still signs in.
    expect((await call(t.app, customer.token, { method: 'GET', url: '/api/user/info' })).statusCode).toBe(200);

    await fund(customer.id, '-5.00');
    const deleted = await call(t.app, admin, { method: 'POST', url: `/api/admin/delete/${customer.id}` });
    expect(deleted.statusCode).toBe(200);
    const row = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.status).toBe(2);
    expect((await call(t.app, customer.token, { method: 'GET', url: '/api/user/info' })).statusCode).toBe(401);
    // Gone from the list and its details, its ledger kept.
    const list = await call(t.app, admin, { method: 'GET', url: `/api/admin/list?keyword=${customer.email}` });
    expect(list.json().data.list).toEqual([]);
    expect((await call(t.app, admin, { method: 'GET', url: `/api/admin/${customer.id}` })).statusCode).toBe(404);
    expect(
      await t.ctx.db.selectFrom('balance_logs').select('id').where('user_id', '=', customer.id).execute(),
    ).toHaveLength(2);
  });

  test('the export is an xlsx of the filtered list, in the caller’s language', async () => {
    const customer = await createActiveCustomer(t, admin, `export-${Date.now()}@shop.test`);
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/admin/down?keyword=${encodeURIComponent(customer.email)}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('Email');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(2).value).toBe(customer.email);
    expect(sheet?.getRow(2).getCell(9).value).toBe('Active');
  });

  test('pickers find customers by account, name or company within the caller’s reach', async () => {
    const customer = await createActiveCustomer(t, admin, `pick-${Date.now()}@shop.test`);
    const found = await call(t.app, admin, { method: 'GET', url: `/api/admin/allUserList?keyword=${customer.email}` });
    expect(found.json().data.map((row: Json) => row.id)).toEqual([customer.id]);
    const none = await call(t.app, customer.token, { method: 'GET', url: '/api/admin/allUserList' });
    expect(none.statusCode).toBe(403);
  });
});

describe('a seller reaches only its own customers', () => {
  test('lists, edits, registers under itself; another seller’s customer is not found', async () => {
    const seller = await createStaff(t, admin, [ROLE.seller], { invitationCode: `SELL-${Date.now() % 100000}` });
    const other = await createStaff(t, admin, [ROLE.seller], { invitationCode: `OTHR-${Date.now() % 100000}` });
    const mine = await createActiveCustomer(t, admin, undefined, undefined, {
      invitationCode: (
        await t.ctx.db
          .selectFrom('users')
          .select('invitation_code')
          .where('id', '=', seller.id)
          .executeTakeFirstOrThrow()
      ).invitation_code as string,
    });
    const theirs = await createActiveCustomer(t, admin, undefined, undefined, {
      invitationCode: (
        await t.ctx.db
          .selectFrom('users')
          .select('invitation_code')
          .where('id', '=', other.id)
          .executeTakeFirstOrThrow()
      ).invitation_code as string,
    });

    const sellers = await call(t.app, seller.token, { method: 'GET', url: '/api/admin/list/seller' });
    expect(sellers.json().data.list.map((row: Json) => [row.id, row.customers])).toEqual([[seller.id, 1]]);
    const everyone = await call(t.app, admin, { method: 'POST', url: '/api/admin/allSellers' });
    expect(everyone.json().data.map((row: Json) => row.id)).toEqual(expect.arrayContaining([seller.id, other.id]));

    const edit = (id: number) =>
      call(t.app, seller.token, { method: 'POST', url: `/api/admin/update/${id}`, payload: profile });
    expect((await edit(mine.id)).statusCode).toBe(200);
    expect((await edit(theirs.id)).statusCode).toBe(404);
    expect(
      (await call(t.app, seller.token, { method: 'POST', url: `/api/admin/delete/${theirs.id}` })).statusCode,
    ).toBe(404);
    // Moving a customer to another owner, or lending it credit, is not a seller's to do.
    const moved = await call(t.app, seller.token, {
      method: 'POST',
      url: `/api/admin/update/${mine.id}`,
      payload: { ...profile, ownerId: other.id },
    });
    expect(moved.statusCode).toBe(403);
    const credit = await call(t.app, seller.token, {
      method: 'POST',
      url: `/api/admin/update/${mine.id}`,
      payload: { ...profile, creditLimit: '1000.00' },
    });
    expect(credit.statusCode).toBe(403);

    const registered = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/admin/register',
      payload: { email: `seller-made-${Date.now()}@shop.test`, password: 'Customer#1', ...profile },
    });
    expect(registered.statusCode).toBe(200);
    const owner = await t.ctx.db
      .selectFrom('users')
      .select('owner_id')
      .where('id', '=', registered.json().data.id)
      .executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(seller.id);
    const picked = await call(t.app, seller.token, { method: 'GET', url: '/api/admin/allUserList?limit=500' });
    expect(
      picked
        .json()
        .data.map((row: Json) => row.id)
        .sort(),
    ).toEqual([mine.id, registered.json().data.id].sort());
  });
});

describe('proxies', () => {
  test('a proxy’s customer pays its markup; the commission is credited with the label and taken back on refund', async () => {
    const proxy = await createStaff(t, admin, [ROLE.proxy]);
    const set = await call(t.app, proxy.token, {
      method: 'POST',
      url: `/api/admin/proxyUpdate/${proxy.id}`,
      payload: { markupPercent: '10', markupFixed: '0.50' },
    });
    expect(set.statusCode).toBe(200);
    const { invitationCode } = set.json().data;
    expect(set.json().data).toMatchObject({ markupPercent: '10.00', markupFixed: '0.50' });
    expect(invitationCode).toMatch(/^[0-9A-F]{10}$/);

    const customer = await createActiveCustomer(t, admin, undefined, undefined, { invitationCode });
    await fund(customer.id, '100.00');
    const { orderId } = await buyLabel(t.app, customer.token);
    // A test label beside it is in none of the proxy's figures (issue 31).
    await buyLabel(t.app, customer.token, true);
    const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const platform = Number(order.rate) - Number(order.commission);
    expect(order.proxy_id).toBe(proxy.id);
    expect(Number(order.commission)).toBe(Math.round(platform * 0.1) + 50);

    // One ledger row in the proxy's wallet, of the commission type, naming the order.
    const credit = await t.ctx.db.selectFrom('balance_logs').selectAll().where('user_id', '=', proxy.id).execute();
    expect(credit.map((row) => [row.type, Number(row.amount), row.reference_no])).toEqual([
      [11, Number(order.commission), order.order_no],
    ]);
    expect(Number((await usdWallet(proxy.id)).balance)).toBe(Number(order.commission));

    const proxies = await call(t.app, proxy.token, { method: 'GET', url: '/api/admin/getPoxyUserList' });
    expect(proxies.json().data.list).toEqual([
      expect.objectContaining({ id: proxy.id, customers: 1, labels: 1, markupPercent: '10.00' }),
    ]);
    const customers = await call(t.app, proxy.token, { method: 'GET', url: '/api/admin/proxy/customers' });
    expect(customers.json().data.list).toEqual([
      expect.objectContaining({ id: customer.id, labels: 1, commission: (Number(order.commission) / 100).toFixed(2) }),
    ]);

    // Cancelled and approved: the customer is refunded and the commission taken back, one row each.
    await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
    const audit = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: orderId, approve: true },
    });
    expect(audit.statusCode).toBe(200);
    expect(Number((await usdWallet(proxy.id)).balance)).toBe(0);
    expect(Number((await usdWallet(customer.id)).balance)).toBe(10_000);
    await ledgerIsWhole(proxy.id);
    await ledgerIsWhole(customer.id);
    const after = await call(t.app, proxy.token, { method: 'GET', url: '/api/admin/getPoxyUserList' });
    expect(after.json().data.list[0]).toMatchObject({ labels: 0, commission: '0.00', balance: '0.00' });

    // A live label the carrier bills higher: priced again at the proxy's markup, the commission follows.
    const live = await buyLabel(t.app, customer.token, false);
    const bought = await t.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', live.orderId)
      .executeTakeFirstOrThrow();
    const bill = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/billed',
      payload: { id: live.orderId, cost: ((Number(bought.cost) + 1000) / 100).toFixed(2) },
    });
    expect(bill.statusCode).toBe(200);
    const billed = await t.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', live.orderId)
      .executeTakeFirstOrThrow();
    const newPrice = Number(bought.rate) + Math.round(Number(bill.json().data.difference) * 100);
    const newPlatform = newPrice - Number(billed.commission);
    expect(Number(billed.commission)).toBe(Math.round(newPlatform * 0.1) + 50);
    expect(Number(billed.commission)).toBeGreaterThan(Number(bought.commission));
    expect(Number((await usdWallet(proxy.id)).balance)).toBe(Number(billed.commission));
    await ledgerIsWhole(proxy.id);
    await ledgerIsWhole(customer.id);
  });

  test('a proxy sees and sets only itself; bad markups are refused by field', async () => {
    const proxy = await createStaff(t, admin, [ROLE.proxy]);
    const other = await createStaff(t, admin, [ROLE.proxy]);
    const theirs = await call(t.app, proxy.token, {
      method: 'POST',
      url: `/api/admin/proxyUpdate/${other.id}`,
      payload: { markupPercent: '5', markupFixed: '0' },
    });
    expect(theirs.statusCode).toBe(404);
    const list = await call(t.app, proxy.token, { method: 'GET', url: '/api/admin/getPoxyUserList' });
    expect(list.json().data.list.map((row: Json) => row.id)).toEqual([proxy.id]);
    const foreign = await call(t.app, proxy.token, {
      method: 'GET',
      url: `/api/admin/proxy/customers?proxyId=${other.id}`,
    });
    expect(foreign.statusCode).toBe(403);
    const bad = await call(t.app, proxy.token, {
      method: 'POST',
      url: `/api/admin/proxyUpdate/${proxy.id}`,
      payload: { markupPercent: '-1', markupFixed: '5000.00' },
    });
    expect(bad.statusCode).toBe(400);
    // Staff see every proxy and set any.
    const all = await call(t.app, admin, { method: 'GET', url: '/api/admin/getPoxyUserList?pageSize=100' });
    expect(all.json().data.list.map((row: Json) => row.id)).toEqual(expect.arrayContaining([proxy.id, other.id]));
    const staffSet = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/proxyUpdate/${other.id}`,
      payload: { markupPercent: '2.5', markupFixed: '0', invitationCode: 'PROXY-OTHER' },
    });
    expect(staffSet.json().data).toMatchObject({ invitationCode: 'PROXY-OTHER', markupPercent: '2.50' });
  });
});

describe('overseas-warehouse users', () => {
  test('listed with their volume and the merchants they shipped for; exported; out of a seller’s reach', async () => {
    const warehouse = await createActiveCustomer(t, admin, `ow-${Date.now()}@warehouse.test`);
    const ids = await roleIds(t, admin);
    const given = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/role/update',
      payload: { userId: warehouse.id, roleIds: [ids.customer, ids.overseasWarehouse] },
    });
    expect(given.statusCode).toBe(200);
    const token = await loginToken(t.app, warehouse.email, warehouse.password);
    await fund(warehouse.id, '100.00');
    await buyLabel(t.app, token);
    const second = await buyLabel(t.app, token);
    // A test label is in none of the warehouse's figures (issue 31).
    await buyLabel(t.app, token, true);
    const order = await t.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', second.orderId)
      .executeTakeFirstOrThrow();

    const list = await call(t.app, admin, {
      method: 'GET',
      url: `/api/admin/pageOWUser?keyword=${encodeURIComponent(warehouse.email)}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.list).toEqual([
      expect.objectContaining({ id: warehouse.id, labels: 2, merchants: 1, senderAddresses: 0 }),
    ]);
    const merchants = await call(t.app, admin, {
      method: 'GET',
      url: `/api/admin/pageOWUser/${warehouse.id}/merchants`,
    });
    expect(merchants.json().data).toEqual([expect.objectContaining({ sender: order.from_name, labels: 2 })]);
    // A period before the labels has none.
    const before = await call(t.app, admin, {
      method: 'GET',
      url: `/api/admin/pageOWUser?keyword=${encodeURIComponent(warehouse.email)}&to=2020-01-01`,
    });
    expect(before.json().data.list[0]).toMatchObject({ labels: 0, spend: '0.00', merchants: 0 });

    const sheet = await call(t.app, admin, {
      method: 'GET',
      url: `/api/admin/overSeasDown?keyword=${encodeURIComponent(warehouse.email)}`,
      headers: { 'accept-language': 'zh-CN' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).getCell(8).value).toBe('面单数');
    expect(book.worksheets[0]?.getRow(2).getCell(8).value).toBe(2);

    const seller = await createStaff(t, admin, [ROLE.seller]);
    const sellers = await call(t.app, seller.token, { method: 'GET', url: '/api/admin/pageOWUser' });
    expect(sellers.json().data.list).toEqual([]);
    const foreign = await call(t.app, seller.token, {
      method: 'GET',
      url: `/api/admin/pageOWUser/${warehouse.id}/merchants`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
