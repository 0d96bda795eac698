/**
 * Issue 15, carrier bills in: a bill or adjustment file of a channel is read with a preset and a mapping,
 * each line matched by tracking number and classified in a preview that charges nothing; posting charges
 * the merchant through the pricing rule (the penalty for a wrong weight or size), refunds credits, takes
 * down to the credit limit and keeps the rest owed, and never charges a line twice.
 */
import { FUND_TYPE, ROLE } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { up as remarkCodes } from '../src/db/migrations/0046_ledger_remark_codes.ts';
import { billClassifier } from '../src/modules/bills/match.ts';
import type { BillLineInput } from '../src/modules/bills/read.ts';
import { insertBill } from '../src/modules/bills/repo.ts';
import { findDoubtfulWallets } from '../src/modules/funds/ledger.ts';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  createStaff,
  demoChannelId,
  fundWallet,
  loginToken,
  multipart,
  PNG,
  startApp,
  type TestApp,
  upload,
  usdWallet,
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

/** A merchant with `funds` dollars and `labels` bought labels: their tracking numbers and order ids. */
async function merchantWithLabels(funds: string, labels: number) {
  const merchant = await createActiveCustomer(t, admin);
  await fundWallet(t.app, admin, merchant.id, funds);
  const bought = [];
  for (let i = 0; i < labels; i++) bought.push(await buyLabel(t.app, merchant.token));
  return { ...merchant, labels: bought };
}

function uploadBill(
  token: string,
  fields: Record<string, string>,
  filename: string,
  content: string,
  url = '/api/admin/bills/preview',
) {
  const body = multipart(filename, Buffer.from(content), 'text/csv', fields);
  return call(t.app, token, {
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': 'en-US' },
  });
}

const csv = (rows: string[][]) => rows.map((row) => row.join(',')).join('\n');
const wallet = (userId: number) => usdWallet(t, userId);
const ledger = (userId: number) =>
  t.ctx.db
    .selectFrom('balance_logs')
    .select(['type', 'amount', 'reference_type'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const lines = async (billId: number, query = '') =>
  (await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/${billId}/lines?pageSize=100${query}` })).json()
    .data.list;
const post = (billId: number) => call(t.app, admin, { method: 'POST', url: `/api/admin/bills/${billId}/post` });

/**
 * A merchant with two labels on `channel` and a posted bill of weight corrections on them (3.00 on the
 * first, 1.00 on the second), which the dispute tests start from.
 */
async function correctedLabels(channel: number, file: string) {
  const merchant = await merchantWithLabels('40.00', 2);
  const [first, second] = merchant.labels.map((label) => label.tracking as string) as [string, string];
  const preview = await uploadBill(
    admin,
    { channelId: String(channel) },
    file,
    csv([
      ['Tracking number', 'Amount', 'Reason', 'Billed weight'],
      [first, '3.00', 'Weight correction', '4'],
      [second, '1.00', 'Weight correction', '2'],
    ]),
  );
  const billId = preview.json().data.id as number;
  expect((await post(billId)).statusCode).toBe(200);
  return { merchant, first, second, billId };
}
/** The file rows of `billId`'s lines left unexplained (GET /api/admin/bills/unexplained), in file order. */
const unexplained = async (billId: number, query = '') =>
  (
    (await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/unexplained?pageSize=100${query}` })).json().data
      .list as { billId: number; row: number }[]
  )
    .filter((line) => line.billId === billId)
    .map((line) => line.row)
    .sort((a, b) => a - b);

describe('carrier bills', () => {
  test('a preview classifies every line and charges nothing; posting charges, refunds and penalises once', async () => {
    const merchant = await merchantWithLabels('50.00', 3);
    const [weight, address, same] = merchant.labels.map((label) => label.tracking);
    const header = ['Tracking number', 'Amount', 'Reason', 'Billed weight', 'Length', 'Width', 'Height', 'Zone'];
    const file = csv([
      header,
      [weight as string, '+2.00', 'Weight correction', '3', '12', '10', '8', '5'],
      [address as string, '(1.00)', 'Address correction credit', '', '', '', '', ''],
      [same as string, '0.00', '', '', '', '', '', ''],
      ['9400100000000000000000', '4.00', 'Weight correction', '', '', '', '', ''],
      [weight as string, '2.00', 'Weight correction', '3', '12', '10', '8', '5'],
    ]);
    const before = await wallet(merchant.id);
    const ledgerBefore = (await ledger(merchant.id)).length;

    const preview = await uploadBill(
      admin,
      { channelId: String(channelId), preset: 'generic' },
      'adjustments.csv',
      file,
    );
    expect(preview.statusCode).toBe(200);
    const bill = preview.json().data;
    expect(bill).toMatchObject({
      status: 'previewed',
      amountKind: 'adjustment',
      lines: 5,
      counts: { adjustment: 1, credit: 1, matches: 1, unmatched: 1, duplicate: 1 },
      adjustments: '2.00',
      credits: '1.00',
      charged: '0.00',
      errors: [],
      uploadedBefore: false,
    });
    // Nothing charged by a preview.
    expect(await wallet(merchant.id)).toEqual(before);
    expect((await ledger(merchant.id)).length).toBe(ledgerBefore);

    const previewed = await lines(bill.id);
    expect(previewed.map((line: { kind: string }) => line.kind)).toEqual([
      'adjustment',
      'credit',
      'matches',
      'unmatched',
      'duplicate',
    ]);
    // Declared beside billed: 1 lb declared, 3 lb (48 oz) measured, the size as the carrier found it.
    expect(previewed[0]).toMatchObject({
      row: 2,
      cause: 'weightOrSize',
      declaredOz: 16,
      billedOz: 48,
      billedSize: '12 x 10 x 8 in',
      billedZone: '5',
      customer: merchant.email,
      costChange: '2.00',
      merchantChange: null,
    });
    expect(previewed[1]).toMatchObject({ cause: 'address', costChange: '-1.00' });
    expect(previewed[4].duplicateOf).toBe(`${bill.id}:2`);
    // /maintenance/doubtfulOrderFlow lists what is left unexplained, line by line: before posting, every line.
    expect(await unexplained(bill.id)).toEqual([2, 3, 4, 5, 6]);
    expect(await unexplained(bill.id, '&reason=unmatched')).toEqual([5]);

    const posted = await post(bill.id);
    expect(posted.statusCode).toBe(200);
    // Once posted, what stays unexplained is the line matching no label and the one billed twice.
    expect(await unexplained(bill.id)).toEqual([5, 6]);
    expect(await unexplained(bill.id, `&channelId=${channelId}&reason=duplicate`)).toEqual([6]);
    // The 10 % markup of the default rule: 2.00 billed more is 2.20 to the merchant, plus the 5.00 penalty;
    // 1.00 credited is 1.10 back.
    expect(posted.json().data).toMatchObject({ status: 'posted', charged: '7.20', refunded: '1.10', owed: '0.00' });
    const after = await wallet(merchant.id);
    expect(after.balance).toBe(before.balance - 220 - 500 + 110);
    const rows = (await ledger(merchant.id)).slice(ledgerBefore);
    expect(rows).toEqual([
      { type: FUND_TYPE.billDeduction, amount: -220, reference_type: 'carrierBill' },
      { type: FUND_TYPE.penalty, amount: -500, reference_type: 'carrierBill' },
      { type: FUND_TYPE.refund, amount: 110, reference_type: 'carrierBill' },
    ]);
    expect((await lines(bill.id, '&kind=adjustment'))[0]).toMatchObject({
      merchantChange: '2.20',
      penalty: '5.00',
      taken: '7.20',
      owed: '0.00',
    });

    // Posting again, or the same file again, charges nothing twice.
    expect((await post(bill.id)).json().data.charged).toBe('7.20');
    const again = await uploadBill(admin, { channelId: String(channelId) }, 'copy.csv', file);
    expect(again.json().data).toMatchObject({ id: bill.id, uploadedBefore: true, status: 'posted' });
    expect(await wallet(merchant.id)).toEqual(after);

    // The same line in another file is a duplicate of the posted one, and posting that file charges nothing.
    const other = await uploadBill(
      admin,
      { channelId: String(channelId) },
      'next-week.csv',
      csv([header, [weight as string, '2.00', 'Weight correction', '3', '12', '10', '8', '5', '']]),
    );
    expect(other.json().data.counts).toMatchObject({ duplicate: 1, adjustment: 0 });
    expect((await lines(other.json().data.id))[0].duplicateOf).toBe(`${bill.id}:2`);
    await post(other.json().data.id);
    expect(await wallet(merchant.id)).toEqual(after);
    expect(await findDoubtfulWallets(t.ctx.db)).toEqual([]);
  });

  test('a line billed for a test label moves no money when posted', async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, merchant.id, '20.00');
    const { tracking } = await buyLabel(t.app, merchant.token, true);
    const file = csv([
      ['Tracking number', 'Amount', 'Reason', 'Billed weight'],
      [tracking, '+2.00', 'Weight correction', '3'],
    ]);
    const before = await wallet(merchant.id);
    const ledgerBefore = await ledger(merchant.id);
    const preview = await uploadBill(admin, { channelId: String(channelId), preset: 'generic' }, 'test.csv', file);
    expect(preview.statusCode).toBe(200);
    const posted = await call(t.app, admin, { method: 'POST', url: `/api/admin/bills/${preview.json().data.id}/post` });
    expect(posted.statusCode).toBe(200);
    expect(await wallet(merchant.id)).toEqual(before);
    expect(await ledger(merchant.id)).toEqual(ledgerBefore);
  });

  test('two bills carrying the same line, previewed before either is posted and posted at once, charge it once', async () => {
    const merchant = await merchantWithLabels('30.00', 2);
    const [tracking, other] = merchant.labels.map((label) => label.tracking as string);
    const header = ['Tracking number', 'Amount', 'Reason'];
    const shared = [tracking as string, '1.00', 'Address correction'];
    const first = await uploadBill(admin, { channelId: String(channelId) }, 'a.csv', csv([header, shared]));
    const second = await uploadBill(
      admin,
      { channelId: String(channelId) },
      'b.csv',
      csv([header, [other as string, '0.00', ''], shared]),
    );
    expect(second.json().data.counts).toMatchObject({ adjustment: 1, matches: 1, duplicate: 0 });
    const before = await wallet(merchant.id);
    const posted = await Promise.all([post(first.json().data.id), post(second.json().data.id)]);
    expect(posted.map((res) => res.statusCode)).toEqual([200, 200]);
    // 1.00 billed more is 1.10 to the merchant, once.
    expect((await wallet(merchant.id)).balance).toBe(before.balance - 110);
    const kinds = [...(await lines(first.json().data.id)), ...(await lines(second.json().data.id))]
      .filter((line: { trackingNo: string }) => line.trackingNo === tracking)
      .map((line: { kind: string }) => line.kind)
      .sort();
    expect(kinds).toEqual(['adjustment', 'duplicate']);
    expect(await findDoubtfulWallets(t.ctx.db)).toEqual([]);
  });

  test('what the wallet cannot pay down to its credit limit stays owed on the line', async () => {
    const merchant = await merchantWithLabels('10.00', 1);
    const { balance } = await wallet(merchant.id);
    const tracking = merchant.labels[0]?.tracking as string;
    const preview = await uploadBill(
      admin,
      { channelId: String(channelId) },
      'big.csv',
      csv([
        ['Tracking number', 'Amount', 'Reason'],
        [tracking, '20.00', 'Dimensional weight'],
      ]),
    );
    const posted = (await post(preview.json().data.id)).json().data;
    // 22.00 + 5.00 owed in all; the wallet gives what it holds and no more.
    expect(posted).toMatchObject({ charged: '27.00', owed: ((2700 - balance) / 100).toFixed(2) });
    const line = (await lines(preview.json().data.id))[0];
    expect(line).toMatchObject({ taken: (balance / 100).toFixed(2), owed: ((2700 - balance) / 100).toFixed(2) });
    expect((await wallet(merchant.id)).balance).toBe(0);
    expect(await findDoubtfulWallets(t.ctx.db)).toEqual([]);

    // What the merchant's workplace shows: its own owed total; another merchant's lines owe nothing of it.
    const owedTo = async (token: string) =>
      (await call(t.app, token, { method: 'GET', url: '/api/app/bills/lines' })).json().data;
    expect(await owedTo(merchant.token)).toMatchObject({ total: 1, owed: ((2700 - balance) / 100).toFixed(2) });
    const other = await merchantWithLabels('10.00', 1);
    expect(await owedTo(other.token)).toMatchObject({ total: 0, owed: '0.00' });
  });

  test("an invoice's whole charge is compared with what the carrier charged, a parcel's lines summed", async () => {
    const merchant = await merchantWithLabels('30.00', 1);
    const order = await t.ctx.db
      .selectFrom('orders')
      .select(['cost'])
      .where('id', '=', merchant.labels[0]?.orderId as number)
      .executeTakeFirstOrThrow();
    const total = ((Number(order.cost) + 150) / 100).toFixed(2);
    const preview = await uploadBill(
      admin,
      { channelId: String(channelId), preset: 'fedex' },
      'invoice.csv',
      csv([
        ['Express or Ground Tracking ID', 'Net Charge Amount', 'Rated Weight Amount', 'Zone Code'],
        [merchant.labels[0]?.tracking as string, `$${total}`, '1', '04'],
      ]),
    );
    expect(preview.json().data).toMatchObject({ amountKind: 'total', counts: { adjustment: 1 }, adjustments: '1.50' });
    // Neither weight nor size differs: no penalty.
    const posted = (await post(preview.json().data.id)).json().data;
    expect(posted).toMatchObject({ charged: '1.65' });
    const billed = await t.ctx.db
      .selectFrom('orders')
      .select(['billed_cost', 'billed_at'])
      .where('id', '=', merchant.labels[0]?.orderId as number)
      .executeTakeFirstOrThrow();
    expect(Number(billed.billed_cost)).toBe(Number(order.cost) + 150);
    expect(billed.billed_at).not.toBeNull();
  });

  test("a label's lines summed on its first line are the same whatever slices the bill is classified in", async () => {
    const merchant = await merchantWithLabels('30.00', 1);
    const { tracking, orderId } = merchant.labels[0] as { tracking: string; orderId: number };
    const { cost } = await t.ctx.db
      .selectFrom('orders')
      .select('cost')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const line = (row: number, amount: number): BillLineInput => ({
      row,
      trackingNo: tracking,
      amount,
      reason: '',
      billedOz: null,
      billedSize: '',
      zone: '',
      service: '',
      reference: '',
      adjusts: false,
    });
    /** The bill kept with its lines classified `size` at a time: each kept line's row, kind and change. */
    const keptInSlicesOf = async (size: number) => {
      const classifier = billClassifier(channelId, 'total');
      // The label's charge and a surcharge billed on a row of its own, 1.25 over what the carrier charged.
      const lines = [line(2, Number(cost)), line(3, 125)];
      const id = await insertBill(
        t.ctx.db,
        {
          channelId,
          fileName: 'invoice.csv',
          sha256: `sliced-${size}-${orderId}`,
          preset: 'generic',
          amountKind: 'total',
          mapping: {},
          errors: [],
          createdBy: 1,
        },
        classifier.slices(lines, size),
        classifier.revised,
      );
      return t.ctx.db
        .selectFrom('carrier_bill_lines')
        .select(['row_no', 'kind', 'cost_change'])
        .where('bill_id', '=', id)
        .orderBy('row_no')
        .execute();
    };
    const expected = [
      { row_no: 2, kind: 'adjustment', cost_change: 125 },
      { row_no: 3, kind: 'matches', cost_change: 0 },
    ];
    // One slice, and a slice per line: the surcharge then revises the first line, already kept.
    expect((await keptInSlicesOf(2)).map((row) => ({ ...row, cost_change: Number(row.cost_change) }))).toEqual(
      expected,
    );
    expect((await keptInSlicesOf(1)).map((row) => ({ ...row, cost_change: Number(row.cost_change) }))).toEqual(
      expected,
    );
  });

  test('rows that cannot be read are named by row and column, and such a bill is not posted', async () => {
    const missing = await uploadBill(
      admin,
      { channelId: String(channelId) },
      'no-amount.csv',
      csv([
        ['Tracking number', 'Note'],
        ['1Z999', 'x'],
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields).toEqual({
      amount: 'No column of the file holds this; pick the header it is under',
    });

    // A header the preset does not know, mapped by hand; a bad amount and a missing tracking number.
    const bad = await uploadBill(
      admin,
      { channelId: String(channelId), mapping: JSON.stringify({ amount: 'Charge' }) },
      'bad.csv',
      csv([
        ['Tracking number', 'Charge'],
        ['1Z999', 'abc'],
        ['', '1.00'],
        ['1Z998', '1.005'],
      ]),
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data.errors).toEqual([
      { row: 2, column: 'B (Charge)', message: 'Enter an amount with at most two decimals' },
      { row: 3, column: 'A (Tracking number)', message: 'This field is required' },
      { row: 4, column: 'B (Charge)', message: 'Enter an amount with at most two decimals' },
    ]);
    expect((await post(bad.json().data.id)).statusCode).toBe(409);
    // The mapping is remembered for the channel.
    const mapping = await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/channels/${channelId}/mapping` });
    expect(mapping.json().data).toMatchObject({ preset: 'generic', mapping: { amount: 'Charge' } });

    // The mapping form reads the headers first: what each field reads with the preset and the mapping.
    const headers = await uploadBill(
      admin,
      { preset: 'usps', mapping: JSON.stringify({ amount: 'Charge' }) },
      'apv.csv',
      csv([['IMpb', 'Charge', 'Assessed Weight', 'Note']]),
      '/api/admin/bills/headers',
    );
    expect(headers.json().data).toEqual({
      headers: ['IMpb', 'Charge', 'Assessed Weight', 'Note'],
      matched: { trackingNumber: 'IMpb', amount: 'Charge', billedWeight: 'Assessed Weight' },
      required: ['trackingNumber', 'amount'],
    });

    const fields = await uploadBill(admin, { channelId: 'x', preset: 'dhl' }, 'a.csv', 'a,b');
    expect(fields.statusCode).toBe(400);
    expect(Object.keys(fields.json().data.fields).sort()).toEqual(['channelId', 'preset']);
  });

  test('a merchant disputes a deduction with its evidence; staff accept (reversed) or reject (kept)', async () => {
    const { merchant, first } = await correctedLabels(channelId, 'disputed.csv');
    const afterPosting = await wallet(merchant.id);

    const mine = await call(t.app, merchant.token, { method: 'GET', url: '/api/app/bills/lines' });
    expect(mine.statusCode).toBe(200);
    const [newest, older] = mine.json().data.list;
    expect(mine.json().data).toMatchObject({ total: 2, owed: '0.00' });
    // The evidence, what it charged; never the carrier's cost.
    expect(older).toMatchObject({
      trackingNo: first,
      declaredOz: 16,
      billedOz: 64,
      merchantChange: '3.30',
      penalty: '5.00',
    });
    expect(older).not.toHaveProperty('costChange');
    expect(older).not.toHaveProperty('amount');

    const dispute = (id: number, token: string, reason = 'The parcel weighed 1 lb: photo on the scale') =>
      call(t.app, token, { method: 'POST', url: `/api/app/bills/lines/${id}/dispute`, payload: { reason } });
    const other = await createActiveCustomer(t, admin);
    expect((await dispute(older.id, other.token)).statusCode).toBe(404);
    expect((await dispute(older.id, merchant.token, ' ')).statusCode).toBe(400);
    const opened = await dispute(older.id, merchant.token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({
      dispute: 'open',
      disputeReason: 'The parcel weighed 1 lb: photo on the scale',
    });
    expect((await dispute(older.id, merchant.token)).statusCode).toBe(409);
    // A billing work order carries the line's evidence.
    const ticket = await t.ctx.db
      .selectFrom('work_orders')
      .selectAll()
      .where('id', '=', opened.json().data.workOrderId)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ user_id: merchant.id, type: 'billing', status: 0 });
    expect(ticket.subject).toContain(first);
    expect(ticket.description).toContain('64 oz');

    const open = await call(t.app, admin, { method: 'GET', url: '/api/admin/bills/disputes?state=open' });
    expect(open.json().data.list.map((line: { id: number }) => line.id)).toContain(older.id);
    const accepted = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/bills/lines/${older.id}/accept`,
      payload: { answer: 'The scale photo shows 1 lb' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ dispute: 'accepted', owed: '0.00' });
    // What the line took (3.30 + 5.00) comes back in one refund row.
    expect((await wallet(merchant.id)).balance).toBe(afterPosting.balance + 830);
    expect((await ledger(merchant.id)).at(-1)).toEqual({
      type: FUND_TYPE.refund,
      amount: 830,
      reference_type: 'carrierBill',
    });
    // The merchant's ledger says what each row was, in their language.
    const remarks = async (language: string) =>
      (
        await call(t.app, merchant.token, {
          method: 'GET',
          url: '/api/app/balance/log/list',
          headers: { 'accept-language': language },
        })
      )
        .json()
        .data.list.slice(0, 4)
        .map((row: { type: number; remark: string }) => [row.type, row.remark]);
    expect(await remarks('en-US')).toEqual([
      [FUND_TYPE.refund, 'Bill dispute accepted'],
      [FUND_TYPE.penalty, 'Wrong size or weight declared'],
      [FUND_TYPE.billDeduction, 'Carrier bill'],
      [FUND_TYPE.penalty, 'Wrong size or weight declared'],
    ]);
    expect(await remarks('zh-CN')).toEqual([
      [FUND_TYPE.refund, '账单申诉已通过'],
      [FUND_TYPE.penalty, '尺寸或重量申报不符'],
      [FUND_TYPE.billDeduction, '承运商账单'],
      [FUND_TYPE.penalty, '尺寸或重量申报不符'],
    ]);
    // Rows written before migration 0046 said it in English words: they become the codes, staff's words stay.
    const setRemark = (type: number, remark: string) =>
      t.ctx.db
        .updateTable('balance_logs')
        .set({ remark })
        .where('user_id', '=', merchant.id)
        .where('type', '=', type)
        .execute();
    await setRemark(FUND_TYPE.refund, 'bill dispute accepted');
    await setRemark(FUND_TYPE.billDeduction, 'carrier bill');
    await setRemark(FUND_TYPE.penalty, 'wrong size or weight');
    await setRemark(FUND_TYPE.adjustment, 'carrier bill');
    await remarkCodes(t.ctx.db as never);
    expect(await remarks('en-US')).toEqual([
      [FUND_TYPE.refund, 'Bill dispute accepted'],
      [FUND_TYPE.penalty, 'Wrong size or weight declared'],
      [FUND_TYPE.billDeduction, 'Carrier bill'],
      [FUND_TYPE.penalty, 'Wrong size or weight declared'],
    ]);
    const staffWords = t.ctx.db
      .selectFrom('balance_logs')
      .select('remark')
      .where('user_id', '=', merchant.id)
      .where('type', '=', FUND_TYPE.adjustment);
    expect(await staffWords.execute()).toEqual([{ remark: 'carrier bill' }]);
    const closed = await t.ctx.db
      .selectFrom('work_orders')
      .select(['status', 'last_reply'])
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ status: 1, last_reply: 'The scale photo shows 1 lb' });
    expect(
      (
        await call(t.app, admin, {
          method: 'POST',
          url: `/api/admin/bills/lines/${older.id}/reject`,
          payload: { answer: 'x' },
        })
      ).statusCode,
    ).toBe(409);

    // Rejected: a reason is required, and nothing moves.
    await dispute(newest.id, merchant.token, 'Wrong');
    const noReason = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/bills/lines/${newest.id}/reject`,
      payload: { answer: '' },
    });
    expect(noReason.statusCode).toBe(400);
    const beforeReject = await wallet(merchant.id);
    const rejected = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/bills/lines/${newest.id}/reject`,
      payload: { answer: 'USPS measured 2 lb at the plant' },
    });
    expect(rejected.json().data).toMatchObject({
      dispute: 'rejected',
      disputeAnswer: 'USPS measured 2 lb at the plant',
    });
    expect(await wallet(merchant.id)).toEqual(beforeReject);
    expect(await findDoubtfulWallets(t.ctx.db)).toEqual([]);
  });

  test('what stays owed is taken from the next top-up', async () => {
    const merchant = await merchantWithLabels('10.00', 1);
    const preview = await uploadBill(
      admin,
      { channelId: String(channelId) },
      'owed.csv',
      csv([
        ['Tracking number', 'Amount', 'Reason'],
        [merchant.labels[0]?.tracking as string, '30.00', 'Address correction'],
      ]),
    );
    const posted = (await post(preview.json().data.id)).json().data;
    const owed = Math.round(Number(posted.owed) * 100);
    expect(owed).toBeGreaterThan(0);
    expect((await call(t.app, merchant.token, { method: 'GET', url: '/api/app/bills/lines' })).json().data.owed).toBe(
      posted.owed,
    );

    const voucher = (await upload(t.app, merchant.token, 'transfer.png', PNG)).json().data;
    const submitted = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/user/recharge',
      payload: { currency: 'USD', paymentMethod: 'achWire', amount: '100.00', voucherId: voucher.id },
    });
    const approved = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/recharge/approve',
      payload: { id: submitted.json().data.id, approve: true, actualAmount: '100.00', remark: '' },
    });
    expect(approved.statusCode).toBe(200);
    expect((await wallet(merchant.id)).balance).toBe(10_000 - owed);
    expect((await ledger(merchant.id)).at(-1)).toEqual({
      type: FUND_TYPE.billDeduction,
      amount: -owed,
      reference_type: 'carrierBill',
    });
    expect((await call(t.app, merchant.token, { method: 'GET', url: '/api/app/bills/lines' })).json().data.owed).toBe(
      '0.00',
    );
    expect(await findDoubtfulWallets(t.ctx.db)).toEqual([]);
  });

  test('a line billed on a label voided meanwhile charges nothing; staff charge the merchant or write it off', async () => {
    const merchant = await merchantWithLabels('60.00', 3);
    const [before, live, after] = merchant.labels as { tracking: string; orderId: number }[];
    const voidLabel = async (orderId: number) => {
      await call(t.app, merchant.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
      const approved = await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/order/orders/cancelAudit',
        payload: { id: orderId, approve: true },
      });
      expect(approved.statusCode).toBe(200);
    };
    // Voided before the bill is read, and after its preview: both are billed on a voided label.
    await voidLabel(before?.orderId as number);
    const preview = await uploadBill(
      admin,
      { channelId: String(channelId) },
      'voided.csv',
      csv([
        ['Tracking number', 'Amount', 'Reason', 'Billed weight'],
        [before?.tracking as string, '2.00', 'Weight correction', '3'],
        [live?.tracking as string, '1.00', 'Address correction', ''],
        [after?.tracking as string, '1.50', 'Address correction', ''],
      ]),
    );
    const bill = preview.json().data;
    expect(bill.counts).toMatchObject({ voided: 1, adjustment: 2 });
    await voidLabel(after?.orderId as number);
    const today = new Date().toISOString().slice(0, 10);
    const unexplained = async () =>
      (
        await call(t.app, admin, {
          method: 'GET',
          url: `/api/admin/bills/reconciliation?channelId=${channelId}&from=${today}&to=${today}`,
        })
      ).json().data;
    const start = await unexplained();

    const funded = await wallet(merchant.id);
    const ledgerBefore = (await ledger(merchant.id)).length;
    expect((await post(bill.id)).json().data).toMatchObject({ counts: { voided: 2, adjustment: 1 }, charged: '1.10' });
    // Only the live label's adjustment charged: 1.00 billed more is 1.10.
    expect((await wallet(merchant.id)).balance).toBe(funded.balance - 110);
    expect((await ledger(merchant.id)).length).toBe(ledgerBefore + 1);
    const [first, second, third] = await lines(bill.id);
    expect(first).toMatchObject({ kind: 'voided', costChange: '2.00', merchantChange: '0.00', resolution: 'none' });
    expect(third).toMatchObject({ kind: 'voided', costChange: '1.50', merchantChange: '0.00', resolution: 'none' });
    expect(third.postedAt).not.toBeNull();
    // Counted as unexplained until staff act (the preview already counted the first).
    const posted = await unexplained();
    expect(posted.unexplained.voidedLines).toBe(start.unexplained.voidedLines + 1);

    // Charged: the label's price again and the adjustment through the pricing rule, and the wrong-size penalty.
    const order = await t.ctx.db
      .selectFrom('orders')
      .select(['cost', 'rate'])
      .where('id', '=', before?.orderId as number)
      .executeTakeFirstOrThrow();
    const lineUrl = (id: number, action: string) => `/api/admin/bills/lines/${id}/${action}`;
    const seller = await createStaff(t, admin, [ROLE.seller]);
    expect((await call(t.app, seller.token, { method: 'POST', url: lineUrl(first.id, 'charge') })).statusCode).toBe(
      403,
    );
    const charged = await call(t.app, admin, { method: 'POST', url: lineUrl(first.id, 'charge') });
    expect(charged.statusCode).toBe(200);
    const price = Math.round((Number(order.cost) + 200) * 1.1);
    expect(Math.abs(price - Number(order.rate) - 220)).toBeLessThanOrEqual(1);
    expect(charged.json().data).toMatchObject({
      resolution: 'charged',
      merchantChange: (price / 100).toFixed(2),
      penalty: '5.00',
      taken: ((price + 500) / 100).toFixed(2),
      owed: '0.00',
    });
    expect((await ledger(merchant.id)).slice(ledgerBefore + 1)).toEqual([
      { type: FUND_TYPE.billDeduction, amount: -price, reference_type: 'carrierBill' },
      { type: FUND_TYPE.penalty, amount: -500, reference_type: 'carrierBill' },
    ]);
    // The merchant is told, in its language, what was charged and why.
    const [notice] = (await call(t.app, merchant.token, { method: 'GET', url: '/api/user/messages' })).json().data;
    expect(notice.title).toBe('A voided label was billed by the carrier');
    expect(notice.content).toContain(`${((price + 500) / 100).toFixed(2)} USD charged, 0.00 USD owed`);
    const afterCharge = await wallet(merchant.id);
    // Never twice: charged again, written off, or the bill posted again.
    expect((await call(t.app, admin, { method: 'POST', url: lineUrl(first.id, 'charge') })).statusCode).toBe(409);
    const writeOff = (id: number, reason: string) =>
      call(t.app, admin, { method: 'POST', url: lineUrl(id, 'writeOff'), payload: { reason } });
    expect((await writeOff(first.id, 'x')).statusCode).toBe(409);
    expect((await writeOff(second.id, 'x')).statusCode).toBe(409);
    expect((await writeOff(999_999_999, 'x')).statusCode).toBe(404);
    await post(bill.id);
    expect(await wallet(merchant.id)).toEqual(afterCharge);

    // Written off as a claim against the carrier: a reason is required, nothing moves.
    const noReason = await writeOff(third.id, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().data.fields)).toEqual(['reason']);
    const written = await writeOff(third.id, 'Voided before pickup: claim filed with USPS');
    expect(written.json().data).toMatchObject({
      resolution: 'writtenOff',
      resolutionNote: 'Voided before pickup: claim filed with USPS',
      merchantChange: '0.00',
    });
    expect(await wallet(merchant.id)).toEqual(afterCharge);
    const decided = await unexplained();
    expect(decided.unexplained.voidedLines).toBe(posted.unexplained.voidedLines - 2);
    expect(decided.claims.lines).toBe(posted.claims.lines + 1);
    // The merchant sees the charge and may dispute it, as any deduction.
    const mine = (await call(t.app, merchant.token, { method: 'GET', url: '/api/app/bills/lines' })).json().data;
    expect(mine.list.map((line: { trackingNo: string }) => line.trackingNo)).toContain(before?.tracking);
    expect(await findDoubtfulWallets(t.ctx.db)).toEqual([]);
  });

  test('only platform-wide staff with the maintenance code reach bills', async () => {
    const merchant = await createActiveCustomer(t, admin);
    const seller = await createStaff(t, admin, [ROLE.seller]);
    for (const token of [merchant.token, seller.token]) {
      expect((await call(t.app, token, { method: 'GET', url: '/api/admin/bills' })).statusCode).toBe(403);
      expect((await uploadBill(token, { channelId: String(channelId) }, 'x.csv', 'a,b')).statusCode).toBe(403);
    }
    const list = await call(t.app, admin, { method: 'GET', url: '/api/admin/bills' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ page: 1, list: expect.any(Array) });
  });
});

describe('daily reconciliation', () => {
  test("an accepted dispute: the day's merchant figures and margin are what the merchant's ledger moved", async () => {
    // An install of its own: no other test's labels on the channel that day.
    const own = await startApp();
    const previous = t;
    t = own;
    try {
      admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
      const usps = await demoChannelId(t);
      const { merchant, first: disputed, billId } = await correctedLabels(usps, 'disputed-day.csv');
      const line = (await lines(billId)).find((row: { trackingNo: string }) => row.trackingNo === disputed);
      // The disputed line charged an adjustment and the wrong-size penalty.
      expect(line).toMatchObject({ merchantChange: '3.30', penalty: '5.00' });
      await call(t.app, merchant.token, {
        method: 'POST',
        url: `/api/app/bills/lines/${line.id}/dispute`,
        payload: { reason: 'The parcel weighed 1 lb' },
      });
      const accepted = await call(t.app, admin, {
        method: 'POST',
        url: `/api/admin/bills/lines/${line.id}/accept`,
        payload: { answer: 'Agreed' },
      });
      expect(accepted.json().data).toMatchObject({ dispute: 'accepted' });

      // What the bill moved in the merchant's ledger: its charges (deductions, penalties) and refunds.
      const moved = await t.ctx.db
        .selectFrom('balance_logs')
        .select('amount')
        .where('user_id', '=', merchant.id)
        .where('reference_type', '=', 'carrierBill')
        .where('reference_id', '=', billId)
        .execute();
      const ledgerCharged = -moved.filter((row) => row.amount < 0).reduce((sum, row) => sum + row.amount, 0);
      const ledgerRefunded = moved.filter((row) => row.amount > 0).reduce((sum, row) => sum + row.amount, 0);
      // The accepted line's 3.30 + 5.00 came back; the kept line's charge stays.
      expect(ledgerRefunded).toBe(830);
      expect(ledgerCharged - ledgerRefunded).toBeGreaterThan(0);

      const orders = await t.ctx.db
        .selectFrom('orders')
        .select(['cost', 'rate', 'insurance_fee', 'label_created_at'])
        .where('user_id', '=', merchant.id)
        .execute();
      const cost = orders.reduce((sum, order) => sum + Number(order.cost), 0);
      const charged = orders.reduce((sum, order) => sum + Number(order.rate) + Number(order.insurance_fee), 0);
      const day = new Date(Number(orders[0]?.label_created_at)).toISOString().slice(0, 10);
      const reconciled = (
        await call(t.app, admin, {
          method: 'GET',
          url: `/api/admin/bills/reconciliation?channelId=${usps}&from=${day}&to=${day}`,
        })
      ).json().data;
      const money = (cents: number) => (cents / 100).toFixed(2);
      expect(reconciled.totals).toMatchObject({
        adjustments: '4.00',
        merchantCharged: money(ledgerCharged),
        merchantRefunded: money(ledgerRefunded),
        owed: '0.00',
        margin: money(charged + ledgerCharged - ledgerRefunded - (cost + 400)),
      });
      expect(reconciled.days).toEqual([{ day, ...reconciled.totals }]);
    } finally {
      t = previous;
      admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
      await own.close();
    }
  });

  test("a known day: the channel's labels against its bill, the margin, and what is left unexplained", async () => {
    // An install of its own: no other test's labels on the channel that day.
    const own = await startApp();
    const previous = t;
    t = own;
    try {
      admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
      const usps = { id: await demoChannelId(t) };
      const merchant = await merchantWithLabels('40.00', 2);
      // A test label on the channel that day is none of the day's labels (issue 31).
      const test = await buyLabel(t.app, merchant.token, true);
      const testOrder = await t.ctx.db
        .selectFrom('orders')
        .select(['channel_id', 'is_test'])
        .where('id', '=', test.orderId)
        .executeTakeFirstOrThrow();
      expect(testOrder).toEqual({ channel_id: usps.id, is_test: 1 });
      const orders = await t.ctx.db
        .selectFrom('orders')
        .select(['cost', 'rate', 'insurance_fee', 'label_created_at'])
        .where('user_id', '=', merchant.id)
        .execute();
      const cost = orders.reduce((sum, order) => sum + Number(order.cost), 0);
      const charged = orders.reduce((sum, order) => sum + Number(order.rate) + Number(order.insurance_fee), 0);
      const [first, second] = merchant.labels.map((label) => label.tracking as string);
      const preview = await uploadBill(
        admin,
        { channelId: String(usps.id) },
        'day.csv',
        csv([
          ['Tracking number', 'Amount', 'Reason'],
          [first as string, '2.00', 'Weight correction'],
          [second as string, '-1.00', 'Address correction'],
          ['9400111111111111111111', '4.00', 'Weight correction'],
        ]),
      );
      // The day the labels were bought (UTC), not the clock's now: a run across midnight still reads that day.
      const today = new Date(Number(orders[0]?.label_created_at)).toISOString().slice(0, 10);
      const reconcile = async () =>
        (
          await call(t.app, admin, {
            method: 'GET',
            url: `/api/admin/bills/reconciliation?channelId=${usps.id}&from=${today}&to=${today}`,
          })
        ).json().data;

      const before = await reconcile();
      expect(before.unexplained).toMatchObject({
        unmatchedLines: 1,
        unmatched: '4.00',
        unpostedLines: 2,
        unposted: '1.00',
      });
      expect(before.totals).toMatchObject({ labels: 2, notBilled: 2, adjustments: '0.00' });

      await post(preview.json().data.id);
      const after = await reconcile();
      const money = (cents: number) => (cents / 100).toFixed(2);
      const figures = {
        labels: 2,
        cost: money(cost),
        charged: money(charged),
        adjustments: '2.00',
        credits: '1.00',
        merchantCharged: '7.20',
        merchantRefunded: '1.10',
        owed: '0.00',
        // (charges + 7.20 - 1.10) - (cost + 2.00 - 1.00)
        margin: money(charged + 720 - 110 - (cost + 200 - 100)),
        notBilled: 0,
      };
      expect(after.days).toEqual([{ day: today, ...figures }]);
      expect(after.totals).toEqual(figures);
      expect(after.unexplained).toEqual({
        unmatchedLines: 1,
        unmatched: '4.00',
        duplicateLines: 0,
        duplicates: '0.00',
        unpostedLines: 0,
        unposted: '0.00',
        openDisputes: 0,
        voidedLines: 0,
        voided: '0.00',
      });
      expect(after.claims).toEqual({ lines: 0, amount: '0.00' });
      expect(after.carrierRefunds.total).toEqual({ count: 0, amount: '0.00' });

      // The refunds the carrier owes for voided labels, by age since the void; past its window, overdue.
      const more = await merchantWithLabels('40.00', 3);
      const owedCost = [];
      for (const [i, days] of [2, 10, 40].entries()) {
        const orderId = more.labels[i]?.orderId as number;
        const order = await t.ctx.db
          .updateTable('orders')
          .set({ carrier_refund: 'pending' })
          .where('id', '=', orderId)
          .returning('cost')
          .executeTakeFirstOrThrow();
        owedCost.push(Number(order.cost));
        await t.ctx.db
          .insertInto('order_events')
          .values({
            order_id: orderId,
            status: 6,
            event: 'cancel',
            actor_id: null,
            created_at: Date.now() - days * 86_400_000,
          })
          .execute();
      }
      const aged = (await reconcile()).carrierRefunds;
      const figure = (cents: number[]) => ({ count: cents.length, amount: money(cents.reduce((a, b) => a + b, 0)) });
      const [young, middle, old] = owedCost as [number, number, number];
      expect(aged).toEqual({
        windowDays: 30,
        total: figure(owedCost),
        overdue: figure([old]),
        buckets: {
          days0to7: figure([young]),
          days8to14: figure([middle]),
          days15to30: figure([]),
          over30: figure([old]),
        },
      });
    } finally {
      t = previous;
      admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
      await own.close();
    }
  });
});
