/** The statistics of docs/spec.md §7 (issue 13): per period, day and seller, within the caller's reach. */
import { FUND_TYPE, LABEL_PAID_STATUSES, ROLE } from '@parcelport/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  createStaff,
  expectFieldError,
  labelAddress,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

const DAY = 86_400_000;
// The labels' purchase times are set below, so a run across midnight (UTC) counts the same.
const startOfToday = Math.floor(Date.now() / DAY) * DAY;
const today = new Date(startOfToday).toISOString().slice(0, 10);
const yesterday = new Date(startOfToday - DAY).toISOString().slice(0, 10);

let t: TestApp;
let admin: string;
let seller: { id: number; token: string };
let other: { id: number; token: string };
let own: { id: number; email: string; token: string };
let charges: { own: number[]; direct: number };
/** A platform customer whose label was paid from its CNY wallet, and a CNY refund it was written. */
let yuan: { id: number; orderId: number; charge: number; refund: number };

const post = (token: string, url: string, payload: object) => call(t.app, token, { method: 'POST', url, payload });
const get = (token: string, url: string, language = 'en-US') =>
  call(t.app, token, { method: 'GET', url, headers: { 'accept-language': language } });
const cents = (text: string) => Math.round(Number(text) * 100);

/** A customer (under the seller with that code, if any) funded and buying `labels` labels; their charges. */
async function buyer(labels: number, invitationCode?: string) {
  const customer = await createActiveCustomer(t, admin, undefined, undefined, invitationCode ? { invitationCode } : {});
  await post(admin, '/api/admin/balance/adjust', {
    userId: customer.id,
    currency: 'USD',
    amount: '200.00',
    remark: 'stats',
  });
  const bought: number[] = [];
  for (let i = 0; i < labels; i += 1) bought.push((await buyLabel(t.app, customer.token)).orderId);
  return { customer, bought };
}

const chargeOf = async (orderId: number) => {
  const order = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  return Number(order.rate) + Number(order.insurance_fee);
};

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  seller = await createStaff(t, admin, [ROLE.seller], { invitationCode: 'STATS-SELLER' });
  other = await createStaff(t, admin, [ROLE.seller], { invitationCode: 'STATS-OTHER' });
  const mine = await buyer(2, 'STATS-SELLER');
  const platform = await buyer(1);
  own = mine.customer;
  // The first of the seller's customer's labels was bought yesterday, the others today.
  const boughtAt = (ids: number[], at: number) =>
    t.ctx.db.updateTable('orders').set({ label_created_at: at }).where('id', 'in', ids).execute();
  await boughtAt([mine.bought[0] as number], startOfToday - DAY / 2);
  await boughtAt([mine.bought[1] as number, platform.bought[0] as number], startOfToday + 60_000);
  charges = {
    own: [await chargeOf(mine.bought[0] as number), await chargeOf(mine.bought[1] as number)],
    direct: await chargeOf(platform.bought[0] as number),
  };
  // A purchase charges the USD wallet; the order is written as one paid from the CNY wallet records it
  // (orders.currency), and its customer is refunded 1.50 CNY today.
  const paidInYuan = await buyer(1);
  const orderId = paidInYuan.bought[0] as number;
  await t.ctx.db
    .updateTable('orders')
    .set({ currency: 'CNY', label_created_at: startOfToday + 120_000 })
    .where('id', '=', orderId)
    .execute();
  await t.ctx.db
    .insertInto('balance_logs')
    .values({
      user_id: paidInYuan.customer.id,
      currency: 'CNY',
      type: FUND_TYPE.refund,
      amount: 150,
      balance_after: 150,
      earnest_after: 0,
      deposit_after: 0,
      created_at: startOfToday + 180_000,
    })
    .execute();
  yuan = { id: paidInYuan.customer.id, orderId, charge: await chargeOf(orderId), refund: 150 };
});
afterAll(async () => t.close());

describe('statistics', () => {
  test('sales and orders of the period; a seller counts only its own customers', async () => {
    const all = await post(admin, '/api/admin/salesAndOrders', { from: yesterday, to: today });
    expect(all.json().data).toMatchObject({
      currency: 'USD',
      currencies: ['USD', 'CNY'],
      labels: 3,
      customers: 2,
      refunds: '0.00',
    });
    expect(cents(all.json().data.sales)).toBe(charges.own[0]! + charges.own[1]! + charges.direct);
    const mine = await post(seller.token, '/api/admin/salesAndOrders', { from: yesterday, to: today });
    expect(mine.json().data).toMatchObject({ currencies: ['USD'], labels: 2, customers: 1 });
    const todayOnly = await post(admin, '/api/admin/salesAndOrders', { from: today, to: today });
    expect(todayOnly.json().data.labels).toBe(2);
  });

  test('labels per day, every day listed; per day and seller', async () => {
    const daily = await post(admin, '/api/admin/getDailyOrderQuantity', { from: yesterday, to: today });
    expect(daily.json().data.map((row: { day: string; labels: number }) => [row.day, row.labels])).toEqual([
      [yesterday, 1],
      [today, 2],
    ]);
    const bySeller = await post(admin, '/api/admin/dailyAmountGroupBySeller', { from: yesterday, to: today });
    // By day, the platform's own customers (seller null) before the sellers.
    const usd = { currency: 'USD', labels: 1, sales: expect.any(String) };
    expect(bySeller.json().data).toEqual([
      { day: yesterday, sellerId: seller.id, seller: expect.any(String), ...usd },
      { day: today, sellerId: null, seller: null, ...usd },
      { day: today, sellerId: seller.id, seller: expect.any(String), ...usd },
    ]);
  });

  test("a seller's customers day by day, and each seller's performance", async () => {
    const staffView = await post(admin, '/api/admin/sellerUserDayStatistics', {
      from: yesterday,
      to: today,
      sellerId: seller.id,
    });
    expect(staffView.json().data.map((row: { day: string; userId: number }) => [row.day, row.userId])).toEqual([
      [yesterday, own.id],
      [today, own.id],
    ]);
    expectFieldError(
      await post(admin, '/api/admin/sellerUserDayStatistics', { from: yesterday, to: today }),
      'sellerId',
    );
    const sellerView = await post(seller.token, '/api/admin/sellerUserDayStatistics', { from: yesterday, to: today });
    expect(sellerView.json().data).toHaveLength(2);
    const foreign = await post(other.token, '/api/admin/sellerUserDayStatistics', {
      from: yesterday,
      to: today,
      sellerId: seller.id,
    });
    expect(foreign.statusCode).toBe(403);

    const performance = await post(admin, '/api/admin/sellerPerformanceStatistics', { from: yesterday, to: today });
    const row = performance.json().data.find((one: { sellerId: number }) => one.sellerId === seller.id);
    expect(row).toMatchObject({ customers: 1, activeCustomers: 1, labels: 2 });
    expect(cents(row.sales)).toBe(charges.own[0]! + charges.own[1]!);
    const idle = performance.json().data.find((one: { sellerId: number }) => one.sellerId === other.id);
    expect(idle).toMatchObject({ customers: 0, activeCustomers: 0, labels: 0, sales: '0.00' });
    const itself = await post(other.token, '/api/admin/sellerPerformanceStatistics', { from: yesterday, to: today });
    expect(itself.json().data.map((one: { sellerId: number }) => one.sellerId)).toEqual([other.id]);
  });

  test('amounts per wallet currency: a CNY label and refund counted in CNY only; an unknown currency refused', async () => {
    const period = { from: yesterday, to: today, currency: 'CNY' };
    const totals = await post(admin, '/api/admin/salesAndOrders', period);
    expect(totals.json().data).toMatchObject({
      currency: 'CNY',
      currencies: ['USD', 'CNY'],
      labels: 1,
      customers: 1,
      refunds: '1.50',
    });
    expect(cents(totals.json().data.sales)).toBe(yuan.charge);

    const daily = await post(admin, '/api/admin/getDailyOrderQuantity', period);
    expect(
      daily
        .json()
        .data.map((row: { day: string; currency: string; labels: number }) => [row.day, row.currency, row.labels]),
    ).toEqual([
      [yesterday, 'CNY', 0],
      [today, 'CNY', 1],
    ]);
    expect(cents(daily.json().data[1].sales)).toBe(yuan.charge);
    const bySeller = await post(admin, '/api/admin/dailyAmountGroupBySeller', period);
    expect(bySeller.json().data).toEqual([
      { day: today, sellerId: null, seller: null, currency: 'CNY', labels: 1, sales: expect.any(String) },
    ]);
    const performance = await post(admin, '/api/admin/sellerPerformanceStatistics', period);
    expect(performance.json().data.find((row: { sellerId: number }) => row.sellerId === seller.id)).toMatchObject({
      currency: 'CNY',
      customers: 1,
      activeCustomers: 0,
      labels: 0,
      sales: '0.00',
    });
    const customers = await post(admin, '/api/admin/sellerUserDayStatistics', { ...period, sellerId: seller.id });
    expect(customers.json().data).toEqual([]);
    // The seller's customers paid in USD only: its CNY figures are zeros, its currencies USD alone.
    const sellers = await post(seller.token, '/api/admin/salesAndOrders', period);
    expect(sellers.json().data).toMatchObject({ currency: 'CNY', currencies: ['USD'], labels: 0, sales: '0.00' });

    expectFieldError(await post(admin, '/api/admin/salesAndOrders', { ...period, currency: 'EUR' }), 'currency');
  });

  test('the day totals follow every change of a label: cancelled, voided, restored, moved, deleted', async () => {
    // What the statistics read (label_day_totals, kept by triggers) against a sum over the orders themselves.
    const dayTotalOf = (row: {
      day: number | string;
      currency: string;
      user_id: number | string;
      owner_id: number | string | null;
      labels: number | string;
      sales: number | string;
    }) => [Number(row.day), row.currency, Number(row.user_id), row.owner_id, Number(row.labels), Number(row.sales)];
    const expected = async () =>
      (
        await t.ctx.db
          .selectFrom('orders')
          .innerJoin('users', 'users.id', 'orders.user_id')
          .select((eb) => [
            sql<number>`orders.label_created_at / ${sql.lit(DAY)}`.as('day'),
            'orders.currency',
            'orders.user_id',
            'users.owner_id',
            eb.fn.countAll<number>().as('labels'),
            eb.fn
              .sum<number>(eb(eb.fn.coalesce('orders.rate', eb.lit(0)), '+', eb.ref('orders.insurance_fee')))
              .as('sales'),
          ])
          .where('orders.status', 'in', LABEL_PAID_STATUSES)
          .where('orders.label_created_at', 'is not', null)
          .groupBy([
            sql`orders.label_created_at / ${sql.lit(DAY)}`,
            'orders.currency',
            'orders.user_id',
            'users.owner_id',
          ])
          .execute()
      )
        .map(dayTotalOf)
        .sort();
    const kept = async () =>
      (await t.ctx.db.selectFrom('label_day_totals').selectAll().execute()).map(dayTotalOf).sort();
    const same = async () => expect(await kept()).toEqual(await expected());
    await same();

    const { customer, bought } = await buyer(2);
    const [first, second] = bought as [number, number];
    const labelsOf = async () =>
      (await post(admin, '/api/admin/salesAndOrders', { from: yesterday, to: today })).json().data.labels;
    const before = await labelsOf();
    const cancel = (id: number) => post(customer.token, '/api/app/order/cancel', { ids: [id] });
    // Being cancelled, the label is still paid; voided, it leaves the figures; back to draft, it stays out.
    await cancel(first);
    await same();
    expect(await labelsOf()).toBe(before);
    await post(admin, '/api/admin/order/orders/cancelAudit', { id: first, approve: true });
    await same();
    expect(await labelsOf()).toBe(before - 1);
    await post(customer.token, '/api/app/order/backToDraft', { ids: [first] });
    await same();
    // A rejected cancellation keeps it paid.
    await cancel(second);
    await post(admin, '/api/admin/order/orders/cancelAudit', { id: second, approve: false, reason: 'Already shipped' });
    await same();
    expect(await labelsOf()).toBe(before - 1);
    // Moved to another day, repriced, deleted: whatever writes the order, the totals follow.
    await t.ctx.db
      .updateTable('orders')
      .set({ label_created_at: startOfToday - 3 * DAY, rate: 999 })
      .where('id', '=', second)
      .execute();
    await same();
    expect(await labelsOf()).toBe(before - 2);
    // Given to a seller, the customer's history counts for that seller from then on, its past days too.
    await t.ctx.db.updateTable('users').set({ owner_id: other.id }).where('id', '=', customer.id).execute();
    await same();
    const others = await post(other.token, '/api/admin/sellerPerformanceStatistics', { from: yesterday, to: today });
    expect(others.json().data).toMatchObject([{ sellerId: other.id, customers: 1, activeCustomers: 0, labels: 0 }]);
    await t.ctx.db.updateTable('orders').set({ label_created_at: startOfToday }).where('id', '=', second).execute();
    const moved = await post(other.token, '/api/admin/sellerPerformanceStatistics', { from: yesterday, to: today });
    expect(moved.json().data).toMatchObject([{ sellerId: other.id, activeCustomers: 1, labels: 1 }]);
    await t.ctx.db.updateTable('users').set({ owner_id: null }).where('id', '=', customer.id).execute();
    await same();
    // Its wallet changed, the label moves from the USD figures to the CNY ones.
    const yuanLabels = async () =>
      (await post(admin, '/api/admin/salesAndOrders', { from: yesterday, to: today, currency: 'CNY' })).json().data
        .labels;
    const inYuan = await yuanLabels();
    await t.ctx.db.updateTable('orders').set({ currency: 'CNY' }).where('id', '=', second).execute();
    await same();
    expect(await yuanLabels()).toBe(inYuan + 1);
    await t.ctx.db.deleteFrom('parcels').where('order_id', '=', second).execute();
    await t.ctx.db.deleteFrom('orders').where('id', '=', second).execute();
    await same();
  });

  test('a period backwards or over a year is refused on its end; merchants may not ask', async () => {
    expectFieldError(await post(admin, '/api/admin/salesAndOrders', { from: today, to: yesterday }), 'to');
    expectFieldError(await post(admin, '/api/admin/salesAndOrders', { from: '2024-01-01', to: '2025-06-01' }), 'to');
    const merchant = await createActiveCustomer(t, admin);
    expect((await post(merchant.token, '/api/admin/salesAndOrders', { from: today, to: today })).statusCode).toBe(403);
  });

  test("the workplace: a merchant's own days and what waits; staff the platform's; a seller its customers'", async () => {
    const period = `from=${yesterday}&to=${today}`;
    const before = (await get(own.token, `/api/app/workplace?${period}`)).json().data;
    expect(before.days.map((row: { day: string; labels: number }) => [row.day, row.labels])).toEqual([
      [yesterday, 1],
      [today, 1],
    ]);
    expect(cents(before.days[0].sales)).toBe(charges.own[0]);
    expect(before).toMatchObject({ drafts: 0, awaitingPickup: 2, inTransit: 0, openWorkOrders: 0 });

    const draft = await post(own.token, '/api/app/order/draft', {
      from: labelAddress('90210', 'Beverly Hills', 'CA'),
      to: labelAddress('10118', 'New York', 'NY'),
      parcels: [{ length: 5, width: 5, height: 5, weight: 1 }],
    });
    expect(draft.json()).toMatchObject({ code: 200 });
    const opened = await post(own.token, '/api/app/workOrder', {
      type: 'other',
      subject: 'Where is my parcel',
      description: 'Stuck since Monday',
    });
    expect(opened.statusCode).toBe(200);
    const after = (await get(own.token, `/api/app/workplace?${period}`)).json().data;
    expect(after).toMatchObject({ drafts: 1, awaitingPickup: 2, openWorkOrders: 1 });

    const platform = (await get(admin, `/api/admin/workplace?${period}`)).json().data;
    expect(platform.days.map((row: { labels: number }) => row.labels)).toEqual([1, 2]);
    expect(platform.drafts).toBeGreaterThanOrEqual(1);
    expect(platform.openWorkOrders).toBeGreaterThanOrEqual(1);
    const sellers = (await get(seller.token, `/api/admin/workplace?${period}`)).json().data;
    expect(sellers).toMatchObject({ drafts: 1, awaitingPickup: 2, openWorkOrders: 1 });
    const idle = (await get(other.token, `/api/admin/workplace?${period}`)).json().data;
    expect(idle).toMatchObject({ drafts: 0, awaitingPickup: 0, openWorkOrders: 0 });
    expect(idle.days.map((row: { labels: number }) => row.labels)).toEqual([0, 0]);

    expect((await get(own.token, `/api/admin/workplace?${period}`)).statusCode).toBe(403);
    expectFieldError(await get(own.token, `/api/app/workplace?from=${today}&to=${yesterday}`), 'to');
    expectFieldError(await get(own.token, `/api/app/workplace?from=yesterday&to=${today}`), 'from');
  });

  test('the financial report as xlsx: totals, days, days per seller and sellers per wallet, in the reader language', async () => {
    const answer = await get(admin, `/api/admin/statistics/down?from=${yesterday}&to=${today}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain(`statistics-${yesterday}-${today}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Totals', 'Per day', 'Per day and seller', 'Sellers']);
    const [totalsSheet, daily, bySeller, sellers] = book.worksheets;
    // Each currency's five figures in turn, USD first: period, labels, sales, customers, refunds.
    expect(totalsSheet?.getRow(1).values).toEqual([undefined, 'Figure', 'Wallet', 'Value']);
    expect(totalsSheet?.getRow(3).values).toEqual([undefined, 'Labels', 'USD', 3]);
    expect(totalsSheet?.getRow(4).getCell(3).value).toBe((charges.own[0]! + charges.own[1]! + charges.direct) / 100);
    expect(totalsSheet?.getRow(8).values).toEqual([undefined, 'Labels', 'CNY', 1]);
    expect(totalsSheet?.getRow(9).getCell(3).value).toBe(yuan.charge / 100);
    expect(totalsSheet?.getRow(11).values).toEqual([undefined, 'Refunds', 'CNY', 1.5]);
    expect(daily?.getRow(1).values).toEqual([undefined, 'Day (UTC)', 'Wallet', 'Labels', 'Sales']);
    const dayRow = (row: number) => ((daily?.getRow(row).values ?? []) as unknown[]).slice(1, 4);
    expect([2, 3, 4, 5].map(dayRow)).toEqual([
      [yesterday, 'USD', 1],
      [today, 'USD', 2],
      [yesterday, 'CNY', 0],
      [today, 'CNY', 1],
    ]);
    expect(bySeller?.getRow(3).getCell(2).value).toBe("The platform's own customers");
    expect(bySeller?.getRow(5).values).toEqual([
      undefined,
      today,
      "The platform's own customers",
      'CNY',
      1,
      yuan.charge / 100,
    ]);
    expect(sellers?.getRow(1).getCell(2).value).toBe('Wallet');
    expect(sellers?.rowCount).toBeGreaterThanOrEqual(5);

    // A seller's workbook covers its own customers only, in Chinese when asked.
    const mine = await get(seller.token, `/api/admin/statistics/down?from=${yesterday}&to=${today}`, 'zh-CN');
    const sellerBook = new ExcelJS.Workbook();
    await sellerBook.xlsx.load(mine.rawPayload as unknown as ArrayBuffer);
    expect(sellerBook.worksheets[0]?.name).toBe('汇总');
    expect(sellerBook.worksheets[0]?.getRow(3).values).toEqual([undefined, '面单数', 'USD', 2]);
    expect(sellerBook.worksheets[3]?.rowCount).toBe(2);

    expectFieldError(await get(admin, `/api/admin/statistics/down?from=${today}&to=${yesterday}`), 'to');
    expect((await get(own.token, `/api/admin/statistics/down?from=${yesterday}&to=${today}`)).statusCode).toBe(403);
  });
});
