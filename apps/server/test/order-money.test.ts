/**
 * Issue 15 "Money after the label": the order detail's money lines and its net (paid in the end) are the
 * merchant's ledger rows for the order, so a label voided and refunded and later charged through a carrier
 * bill shows the charge, the refund, the bill's deduction and penalty and the net they leave; what an
 * accepted dispute gives back shows too.
 */
import { FUND_TYPE, formatCents } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  demoChannelId,
  fundWallet,
  loginToken,
  multipart,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let admin: string;
let channelId: number;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  channelId = await demoChannelId(t);
});
afterAll(async () => t.close());

interface MoneyLine {
  id: number;
  kind: string;
  type: number;
  amount: string;
  time: string;
}

const detail = async (token: string, orderId: number, family: 'app' | 'admin' = 'app') => {
  const answer = await call(t.app, token, { method: 'GET', url: `/api/${family}/order/detail/${orderId}` });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as { money: { currency: string; lines: MoneyLine[]; net: string }; status: number };
};

/** The merchant's ledger rows naming the order (its number, or the label's tracking number on a bill's row). */
const ledgerRows = async (userId: number, orderNo: string, tracking: string) =>
  (
    await t.ctx.db
      .selectFrom('balance_logs')
      .select(['id', 'type', 'amount', 'earnest_amount'])
      .where('user_id', '=', userId)
      .where('reference_no', 'in', [orderNo, tracking])
      .orderBy('id')
      .execute()
  ).map((row) => ({ id: row.id, type: row.type, amount: Number(row.amount), earnest: Number(row.earnest_amount) }));

async function postBill(rows: string[][]) {
  const body = multipart('adjustments.csv', Buffer.from(rows.map((row) => row.join(',')).join('\n')), 'text/csv', {
    channelId: String(channelId),
  });
  const preview = await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/bills/preview',
    payload: body.payload,
    headers: body.headers,
  });
  expect(preview.statusCode).toBe(200);
  const bill = preview.json().data;
  expect((await call(t.app, admin, { method: 'POST', url: `/api/admin/bills/${bill.id}/post` })).statusCode).toBe(200);
  return (await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/${bill.id}/lines?pageSize=100` })).json()
    .data.list as { id: number; trackingNo: string }[];
}

const cents = (money: string) => Math.round(Number(money) * 100);

describe('order money from the ledger', () => {
  test('a voided, refunded label later charged by a carrier bill shows the charge, refund, deduction, penalty and net', async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, merchant.id, '60.00');
    const label = await buyLabel(t.app, merchant.token);
    const bought = await detail(merchant.token, label.orderId);
    const order = await t.ctx.db
      .selectFrom('orders')
      .select(['order_no', 'rate', 'insurance_fee', 'cost'])
      .where('id', '=', label.orderId)
      .executeTakeFirstOrThrow();
    const price = Number(order.rate) + Number(order.insurance_fee);
    // Bought: the charge alone (the earnest frozen is shown apart, it nets nothing).
    expect(bought.money).toMatchObject({
      currency: 'USD',
      lines: [{ kind: 'charge', type: FUND_TYPE.placeOrder, amount: formatCents(price) }],
      net: formatCents(price),
    });

    // Voided and refunded.
    await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [label.orderId] },
    });
    const approved = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/order/orders/cancelAudit',
      payload: { id: label.orderId, approve: true },
    });
    expect(approved.statusCode).toBe(200);
    const voided = await detail(merchant.token, label.orderId);
    expect(voided.money.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['charge', formatCents(price)],
      ['refund', formatCents(-price)],
    ]);
    expect(voided.money.net).toBe('0.00');
    // Its money back, its label is no longer the merchant's to print, one at a time as in bulk.
    const printed = await call(t.app, merchant.token, {
      method: 'GET',
      url: `/api/app/order/label/down?id=${label.orderId}`,
    });
    expect(printed.statusCode).toBe(400);
    expect(printed.json().data.fields).toEqual({ id: expect.any(String) });

    // The carrier bills the voided label an adjustment (a weight correction); staff charge the merchant.
    const [line] = await postBill([
      ['Tracking number', 'Amount', 'Reason', 'Billed weight'],
      [label.tracking, '2.00', 'Weight correction', '3'],
    ]);
    const charged = await call(t.app, admin, { method: 'POST', url: `/api/admin/bills/lines/${line?.id}/charge` });
    expect(charged.statusCode).toBe(200);
    const deduction = cents(charged.json().data.merchantChange);
    expect(deduction).toBeGreaterThan(0);
    expect(charged.json().data.penalty).toBe('5.00');

    const billed = await detail(merchant.token, label.orderId);
    expect(billed.money.lines.map((moneyLine) => [moneyLine.kind, moneyLine.amount])).toEqual([
      ['charge', formatCents(price)],
      ['refund', formatCents(-price)],
      ['billDeduction', formatCents(deduction)],
      ['penalty', '5.00'],
    ]);
    expect(billed.money.net).toBe(formatCents(deduction + 500));
    // The same on the staff's detail, and the same as the merchant's ledger rows for the order.
    expect((await detail(admin, label.orderId, 'admin')).money).toEqual(billed.money);
    const ledger = await ledgerRows(merchant.id, order.order_no, label.tracking);
    const moving = ledger.filter((row) => row.amount + row.earnest !== 0);
    expect(billed.money.lines.map((moneyLine) => moneyLine.id)).toEqual(moving.map((row) => row.id));
    expect(cents(billed.money.net)).toBe(-ledger.reduce((sum, row) => sum + row.amount + row.earnest, 0));
  });

  test("an accepted dispute's reversal shows on the order, and the net is what is left paid", async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, merchant.id, '60.00');
    const label = await buyLabel(t.app, merchant.token);
    const other = await buyLabel(t.app, merchant.token);
    const [line] = await postBill([
      ['Tracking number', 'Amount', 'Reason', 'Billed weight'],
      [label.tracking, '3.00', 'Weight correction', '4'],
      [other.tracking, '1.00', 'Address correction', ''],
    ]);
    const mine = (await call(t.app, merchant.token, { method: 'GET', url: '/api/app/bills/lines' })).json().data.list;
    const disputed = mine.find((row: { trackingNo: string }) => row.trackingNo === label.tracking);
    expect(disputed.id).toBe(line?.id);
    const opened = await call(t.app, merchant.token, {
      method: 'POST',
      url: `/api/app/bills/lines/${disputed.id}/dispute`,
      payload: { reason: 'The parcel weighed 1 lb' },
    });
    expect(opened.statusCode).toBe(200);
    const accepted = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/bills/lines/${disputed.id}/accept`,
      payload: { answer: 'The scale photo shows 1 lb' },
    });
    expect(accepted.statusCode).toBe(200);
    const taken = cents(accepted.json().data.taken);
    expect(taken).toBe(cents(disputed.merchantChange) + 500);

    const shown = await detail(merchant.token, label.orderId);
    const price = cents(shown.money.lines[0]?.amount ?? '0');
    expect(shown.money.lines.map((moneyLine) => [moneyLine.kind, moneyLine.amount])).toEqual([
      ['charge', formatCents(price)],
      ['billDeduction', disputed.merchantChange],
      ['penalty', '5.00'],
      ['disputeReversal', formatCents(-taken)],
    ]);
    // Given back whole: the label's price is what was paid in the end.
    expect(shown.money.net).toBe(formatCents(price));
    // The other label's lines are its own.
    const otherShown = await detail(merchant.token, other.orderId);
    expect(otherShown.money.lines.map((moneyLine) => moneyLine.kind)).toEqual(['charge', 'billDeduction']);
  });
});
