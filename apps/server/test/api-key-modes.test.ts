/**
 * Issue 31: test and live API keys. A test key (`pp_test_…`) makes and buys test labels only and sees only
 * test orders; a live key (`pp_live_…`, and every key made before modes) only live ones; test labels are
 * never counted in statistics, bills or the ledger; every answer to a key's call and every user-log row
 * made with it names the mode.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newToken, sha256 } from '../src/lib/tokens.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectEnvelope,
  expectFieldError,
  fundWallet,
  type Json,
  labelAddress,
  loginToken,
  makeApiKey,
  startApp,
  type TestApp,
  usdWallet,
} from './helpers.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

const MODE = 'parcelport-mode';
const makeKey = (token: string, payload: object) => makeApiKey(t.app, token, payload);
const post = (token: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  call(t.app, token, { method: 'POST', url, payload, headers });
const get = (token: string, url: string) => call(t.app, token, { method: 'GET', url });
const draftOf = (isTest?: boolean) => ({
  from: labelAddress('90210', 'Beverly Hills', 'CA'),
  to: labelAddress('10118', 'New York', 'NY'),
  parcels: [{ length: 5, width: 5, height: 5, weight: 1 }],
  ...(isTest === undefined ? {} : { isTest }),
});
const newDraft = async (token: string, isTest?: boolean) =>
  expectEnvelope(await post(token, '/api/app/order/draft', draftOf(isTest)), 200).data as {
    orderId: number;
    orderNo: string;
  };
/** Buys the demo USPS Ground Advantage label of the order with the caller's token: the answer as it came. */
async function buy(token: string, orderId: number) {
  const lines = (await post(token, '/api/app/order/estimateRateMix', { orderId })).json().data as Json[] | undefined;
  const line = lines?.find((l) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
  const serviceId = line?.serviceId ?? 1;
  return post(token, '/api/app/order/label/create', { orderId, serviceId });
}
const listed = async (token: string, query = '') =>
  (expectEnvelope(await get(token, `/api/app/order/orders?pageSize=100${query}`), 200).data.list as Json[]).map(
    (order) => order.id as number,
  );
const ledgerOf = (userId: number) =>
  t.ctx.db.selectFrom('balance_logs').select(['type', 'amount']).where('user_id', '=', userId).orderBy('id').execute();

describe('test and live API keys', () => {
  test('a key is made test or live, its prefix and the list say which; a key made before modes is live and works as before', async () => {
    const customer = await createActiveCustomer(t, admin);
    const testKey = await makeKey(customer.token, { name: 'Sandbox', mode: 'test' });
    const liveKey = await makeKey(customer.token, { name: 'Production' });
    expect(testKey.key).toMatch(/^pp_test_[A-Za-z0-9_-]{20,}$/);
    expect(testKey).toMatchObject({ mode: 'test', prefix: testKey.key.slice(0, 14) });
    expect(testKey.prefix).toMatch(/^pp_test_/);
    expect(liveKey.key).toMatch(/^pp_live_/);
    expect(liveKey).toMatchObject({ mode: 'live' });
    expectFieldError(await post(customer.token, '/api/app/user/apiKey', { name: 'x', mode: 'sandbox' }), 'mode');

    // A key made before modes: `pp_` and a token, as 0008 made them.
    const oldKey = `pp_${newToken()}`;
    await t.ctx.db
      .insertInto('sessions')
      .values({
        token_hash: sha256(oldKey),
        user_id: customer.id,
        actor_id: null,
        issued_at: Date.now(),
        expires_at: Date.UTC(9999, 11, 31),
        api_key_name: 'Old',
        api_key_prefix: oldKey.slice(0, 10),
      })
      .execute();
    const list = expectEnvelope(await get(customer.token, '/api/app/user/apiKey/list'), 200).data as Json[];
    expect(list.map((key) => [key.name, key.mode])).toEqual([
      ['Old', 'live'],
      ['Production', 'live'],
      ['Sandbox', 'test'],
    ]);
    const old = await newDraft(oldKey);
    const oldAnswer = await get(oldKey, `/api/app/order/detail/${old.orderId}`);
    expect(expectEnvelope(oldAnswer, 200).data.isTest).toBe(false);
    expect(oldAnswer.headers[MODE]).toBe('live');

    // Every answer to a key's call names its mode, a refusal too; a signed-in session's names none.
    expect((await get(testKey.key, '/api/app/order/orders')).headers[MODE]).toBe('test');
    expect((await get(testKey.key, '/api/app/order/detail/999999')).headers[MODE]).toBe('test');
    expect((await get(customer.token, '/api/app/order/orders')).headers[MODE]).toBeUndefined();

    // A rolled test key's successor is a test key.
    const rolled = expectEnvelope(
      await post(customer.token, `/api/app/user/apiKey/${testKey.id}/roll`, { overlapHours: 0 }),
      200,
    ).data;
    expect(rolled).toMatchObject({ mode: 'test', name: 'Sandbox' });
    expect(rolled.key).toMatch(/^pp_test_/);
  });

  test('a test key makes test orders only and buys them free; a live key buys live labels, charged, as before', async () => {
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '50.00');
    const testKey = (await makeKey(customer.token, { name: 'Sandbox', mode: 'test' })).key as string;
    const liveKey = (await makeKey(customer.token, { name: 'Production', mode: 'live' })).key as string;
    const before = await usdWallet(t, customer.id);
    const ledgerBefore = await ledgerOf(customer.id);

    // Asked for a live order, a test key still makes a test one.
    const sandbox = await newDraft(testKey, false);
    const bought = expectEnvelope(await buy(testKey, sandbox.orderId), 200).data;
    expect(bought.tackNo).toEqual(expect.any(String));
    const detail = expectEnvelope(await get(testKey, `/api/app/order/detail/${sandbox.orderId}`), 200).data;
    expect(detail).toMatchObject({ status: 1, isTest: true, rate: '0.00' });
    expect(await usdWallet(t, customer.id)).toEqual(before);
    expect(await ledgerOf(customer.id)).toEqual(ledgerBefore);

    // A live key may not ask for a test order (its list would not show it), and buys live labels, charged.
    expectFieldError(await post(liveKey, '/api/app/order/draft', draftOf(true)), 'isTest');
    const production = await newDraft(liveKey);
    expectEnvelope(await buy(liveKey, production.orderId), 200);
    const live = expectEnvelope(await get(liveKey, `/api/app/order/detail/${production.orderId}`), 200).data;
    expect(live).toMatchObject({ status: 1, isTest: false });
    expect(Number(live.rate)).toBeGreaterThan(0);
    expect((await usdWallet(t, customer.id)).balance).toBe(before.balance - Math.round(Number(live.rate) * 100));
  });

  test('a test key neither sees nor buys nor changes a live order, and a live key none of the test ones', async () => {
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '50.00');
    const testKey = (await makeKey(customer.token, { name: 'Sandbox', mode: 'test' })).key as string;
    const liveKey = (await makeKey(customer.token, { name: 'Production' })).key as string;
    // Made in the web app: one live draft, one test draft (the "Test order" box).
    const liveDraft = await newDraft(customer.token);
    const testDraft = await newDraft(customer.token, true);
    const keyTest = await newDraft(testKey);
    const keyLive = await newDraft(liveKey);

    expect(await listed(testKey)).toEqual([keyTest.orderId, testDraft.orderId]);
    expect(await listed(liveKey)).toEqual([keyLive.orderId, liveDraft.orderId]);
    // Asking the other mode's orders gets none of them.
    expect(await listed(testKey, '&mode=live')).toEqual([]);
    // The signed-in owner's list shows the live orders, the test ones only when asked: never both mixed.
    expect(await listed(customer.token)).toEqual([keyLive.orderId, liveDraft.orderId]);
    expect(await listed(customer.token, '&mode=live')).toEqual([keyLive.orderId, liveDraft.orderId]);
    expect(await listed(customer.token, '&mode=test')).toEqual([keyTest.orderId, testDraft.orderId]);

    for (const [key, other] of [
      [testKey, liveDraft],
      [liveKey, testDraft],
    ] as const) {
      expectEnvelope(await get(key, `/api/app/order/detail/${other.orderId}`), 404);
      expectEnvelope(await buy(key, other.orderId), 404);
      expectEnvelope(await post(key, '/api/app/order/draft', { ...draftOf(), orderId: other.orderId }), 404);
      const cancelled = expectEnvelope(await post(key, '/api/app/order/cancel', { ids: [other.orderId] }), 200).data;
      expect(cancelled).toEqual([{ id: other.orderId, ok: false, message: 'Order not found' }]);
      expectEnvelope(await post(key, '/api/app/order/order/copy', { id: other.orderId }), 404);
      expectFieldError(await post(key, '/api/app/order/batchEstimateRateMix', { ids: [other.orderId] }), 'ids');
    }
    const rows = await t.ctx.db
      .selectFrom('orders')
      .select(['id', 'status', 'is_test'])
      .where('id', 'in', [liveDraft.orderId, testDraft.orderId])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: liveDraft.orderId, status: 0, is_test: 0 },
      { id: testDraft.orderId, status: 0, is_test: 1 },
    ]);

    // A live key's export holds live orders only; the owner's too unless asked for the test ones, marked.
    const exported = async (token: string, query = '', family = 'app') => {
      const workbook = new ExcelJS.Workbook();
      const answer = await get(token, `/api/${family}/order/order/down${query}`);
      expect(answer.statusCode).toBe(200);
      await workbook.xlsx.load(answer.rawPayload as never);
      const lines: string[][] = [];
      // Array.from: an empty cell is a hole in row.values, which map would keep.
      workbook.worksheets[0]?.eachRow((row) =>
        lines.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? ''))),
      );
      const test = lines[0]?.indexOf('Test label') ?? -1;
      return lines.slice(1).map((line) => [line[0], line[test]]);
    };
    expect(await exported(liveKey)).toEqual([
      [keyLive.orderNo, ''],
      [liveDraft.orderNo, ''],
    ]);
    expect(await exported(customer.token)).toEqual([
      [keyLive.orderNo, ''],
      [liveDraft.orderNo, ''],
    ]);
    expect(await exported(customer.token, '?mode=test')).toEqual([
      [keyTest.orderNo, '✓'],
      [testDraft.orderNo, '✓'],
    ]);
    // A test key asking the live ones still gets none of them.
    expect(await exported(testKey, '?mode=live')).toEqual([]);
  });

  test("a signed-in session's lists and downloads show live orders unless asked for the test ones, merchant's and staff's alike", async () => {
    const customer = await createActiveCustomer(t, admin);
    const liveDraft = await newDraft(customer.token);
    const testDraft = await newDraft(customer.token, true);
    const both = [liveDraft, testDraft].map((draft) => draft.orderNo);

    // Staff's list of every waybill and its export: live by default, test when asked, never both.
    const staffListed = async (query = '') =>
      (
        expectEnvelope(await get(admin, `/api/admin/order/orders?pageSize=100&userId=${customer.id}${query}`), 200).data
          .list as Json[]
      ).map((order) => [order.id, order.isTest]);
    expect(await staffListed()).toEqual([[liveDraft.orderId, false]]);
    expect(await staffListed('&mode=live')).toEqual([[liveDraft.orderId, false]]);
    expect(await staffListed('&mode=test')).toEqual([[testDraft.orderId, true]]);
    const staffExport = async (query: string) => {
      const workbook = new ExcelJS.Workbook();
      const answer = await get(admin, `/api/admin/order/order/down?userId=${customer.id}${query}`);
      expect(answer.statusCode).toBe(200);
      await workbook.xlsx.load(answer.rawPayload as never);
      const numbers: string[] = [];
      workbook.worksheets[0]?.eachRow((row, index) => {
        if (index > 1) numbers.push(String((row.values as unknown[])[1]));
      });
      return numbers;
    };
    expect(await staffExport('')).toEqual([liveDraft.orderNo]);
    expect(await staffExport('&mode=test')).toEqual([testDraft.orderNo]);

    // The merchant's downloads of a filtered selection hold the mode the list shows; a test draft's packing
    // slip is found only in test mode, and a download of its id (the order's own) as given.
    const slips = (token: string, query: string) => get(token, `/api/app/order/packingSlips?${query}`);
    for (const orderNo of both) {
      const live = await slips(customer.token, `keyword=${orderNo}`);
      const test = await slips(customer.token, `keyword=${orderNo}&mode=test`);
      if (orderNo === liveDraft.orderNo) {
        expect(live.statusCode).toBe(200);
        expectFieldError(test, 'ids');
      } else {
        expectFieldError(live, 'ids');
        expect(test.statusCode).toBe(200);
      }
    }
    expect((await slips(customer.token, `ids=${testDraft.orderId}`)).statusCode).toBe(200);
    expectFieldError(await slips(customer.token, `ids=${testDraft.orderId}&mode=live`), 'ids');
  });

  test('a test label is never among the refunds carriers owe, a list of live money', async () => {
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '50.00');
    const [live, test] = [await newDraft(customer.token), await newDraft(customer.token, true)];
    for (const order of [live, test]) expectEnvelope(await buy(customer.token, order.orderId), 200);
    // Both voided, the carrier's refund of each still to come.
    await t.ctx.db
      .updateTable('orders')
      .set({ status: 15, carrier_refund: 'pending' })
      .where('id', 'in', [live.orderId, test.orderId])
      .execute();
    const owed = expectEnvelope(await get(admin, '/api/admin/order/carrierRefundsOwed?page=1&pageSize=100'), 200).data
      .list as Json[];
    const ids = owed.map((line) => line.id);
    expect(ids).toContain(live.orderId);
    expect(ids).not.toContain(test.orderId);
  });

  test("a day's manifest in a session lists live labels unless asked for the test ones", async () => {
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '50.00');
    const testOrder = await newDraft(customer.token, true);
    expectEnvelope(await buy(customer.token, testOrder.orderId), 200);
    const day = new Date().toISOString().slice(0, 10);
    const manifest = (query: string) => get(customer.token, `/api/app/order/createManifest?date=${day}${query}`);
    // Only a test label was bought today: the live manifest has nothing to list, the test one lists it.
    expectFieldError(await manifest(''), 'ids');
    expect((await manifest('&mode=test')).statusCode).toBe(200);
    const liveOrder = await newDraft(customer.token);
    expectEnvelope(await buy(customer.token, liveOrder.orderId), 200);
    expect((await manifest('')).statusCode).toBe(200);
  });

  test('test labels never count: not in statistics, the workplace, bills or the ledger', async () => {
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '50.00');
    const testKey = (await makeKey(customer.token, { name: 'Sandbox', mode: 'test' })).key as string;
    const today = new Date().toISOString().slice(0, 10);
    const period = { from: today, to: today };
    const figures = async () => expectEnvelope(await post(admin, '/api/admin/salesAndOrders', period), 200).data;
    const workplace = async (token: string) =>
      expectEnvelope(await get(token, `/api/app/workplace?from=${today}&to=${today}`), 200).data;
    const before = await figures();
    const ledgerBefore = await ledgerOf(customer.id);

    const sandbox = await newDraft(testKey);
    expectEnvelope(await buy(testKey, sandbox.orderId), 200);
    expect(await figures()).toEqual(before);
    // The owner's workplace counts live labels and drafts only; the test key's, its test orders' drafts and labels.
    expect(await workplace(customer.token)).toMatchObject({ drafts: 0, awaitingPickup: 0 });
    expect((await workplace(customer.token)).days.map((day: Json) => day.labels)).toEqual([0]);
    expect(await workplace(testKey)).toMatchObject({ drafts: 0, awaitingPickup: 1 });

    // A live label of the same customer does count, so the figures above could have moved.
    const production = await newDraft(customer.token);
    expectEnvelope(await buy(customer.token, production.orderId), 200);
    expect((await figures()).labels).toBe(before.labels + 1);
    expect((await workplace(customer.token)).days.map((day: Json) => day.labels)).toEqual([1]);

    // No carrier bill is posted to a test label, and it never reached the ledger.
    expectEnvelope(await post(admin, '/api/admin/order/billed', { id: sandbox.orderId, cost: '9.00' }), 422);
    const ledger = await ledgerOf(customer.id);
    expect(ledger.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
    const rows = await t.ctx.db
      .selectFrom('balance_logs')
      .select('reference_no')
      .where('user_id', '=', customer.id)
      .execute();
    expect(rows.map((row) => row.reference_no)).not.toContain(sandbox.orderNo);
  });

  test('a test key has no money: the wallet, the ledger and a recharge are refused; a live key reads them', async () => {
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '20.00');
    const testKey = (await makeKey(customer.token, { name: 'Sandbox', mode: 'test' })).key as string;
    const liveKey = (await makeKey(customer.token, { name: 'Production' })).key as string;
    const ledger = expectEnvelope(await get(liveKey, '/api/app/balance/log/list'), 200).data;
    expect(ledger.total).toBeGreaterThan(0);
    const read = expectEnvelope(await get(testKey, '/api/app/balance/log/list'), 403);
    expect(read).toMatchObject({
      message: 'A test API key has no money: the wallet, ledger, top-ups and bills take a live key',
      data: { reason: 'apiKeyTestMode' },
    });
    const recharge = await post(testKey, '/api/app/user/recharge', {
      currency: 'USD',
      paymentMethod: 'achWire',
      amount: '10.00',
      voucherId: 1,
    });
    expect(expectEnvelope(recharge, 403).data).toEqual({ reason: 'apiKeyTestMode' });
    expect(await t.ctx.db.selectFrom('recharges').select('id').where('user_id', '=', customer.id).execute()).toEqual(
      [],
    );
  });

  test('a test key is told its test balance (zero: test labels are free), never the live wallet; a live key the wallet', async () => {
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '20.00');
    const testKey = (await makeKey(customer.token, { name: 'Sandbox', mode: 'test' })).key as string;
    const liveKey = (await makeKey(customer.token, { name: 'Production' })).key as string;
    const info = async (token: string) => expectEnvelope(await get(token, '/api/user/info'), 200).data as Json;

    const asTest = await info(testKey);
    expect(asTest).toMatchObject({ mode: 'test', balance: '0.00', creditLimit: '0.00', earnestBalance: '0.00' });
    expect(asTest.wallets).toEqual([
      {
        currency: 'USD',
        balance: '0.00',
        earnestBalance: '0.00',
        depositBalance: '0.00',
        refundAmount: '0.00',
        creditLimit: '0.00',
      },
    ]);
    // A test label bought with it leaves the test balance at zero, and the live wallet as it was.
    const { orderId } = await newDraft(testKey);
    expect((await buy(testKey, orderId)).statusCode).toBe(200);
    expect((await info(testKey)).balance).toBe('0.00');
    expect(await info(liveKey)).toMatchObject({ mode: 'live', balance: '20.00' });
    expect(await info(customer.token)).toMatchObject({ mode: null, balance: '20.00' });
  });

  test("staff working through a test key are told no live money: customers' balances and wallets are zero to it", async () => {
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '20.00');
    const testKey = (await makeKey(admin, { name: 'Staff sandbox', mode: 'test' })).key as string;
    const liveKey = (await makeKey(admin, { name: 'Staff production' })).key as string;
    const listed = async (token: string) =>
      (
        expectEnvelope(await get(token, `/api/admin/list?keyword=${encodeURIComponent(customer.email)}`), 200).data
          .list as Json[]
      ).find((row) => row.id === customer.id);
    const wallet = async (token: string) =>
      (
        (expectEnvelope(await get(token, `/api/admin/${customer.id}`), 200).data.wallets as Json[]).find(
          (one) => one.currency === 'USD',
        ) as Json
      ).balance;
    expect((await listed(liveKey))?.balance).toBe('20.00');
    expect(await wallet(liveKey)).toBe('20.00');
    expect((await listed(testKey))?.balance).toBe('0.00');
    expect(await wallet(testKey)).toBe('0.00');
    expect(await wallet(admin)).toBe('20.00');
  });

  test('the user log names the mode of the key each change was made with', async () => {
    const customer = await createActiveCustomer(t, admin);
    const testKey = (await makeKey(customer.token, { name: 'Sandbox', mode: 'test' })).key as string;
    const liveKey = (await makeKey(customer.token, { name: 'Production' })).key as string;
    await newDraft(testKey);
    await newDraft(liveKey);
    await newDraft(customer.token);
    // A call's log row is written once its answer has gone out: the list is read until the last one is there.
    const modes = async () =>
      (
        expectEnvelope(await get(admin, `/api/admin/user-logs?subjectId=${customer.id}&path=/api/app/order/draft`), 200)
          .data.list as Json[]
      ).map((row) => row.keyMode);
    await expect.poll(modes, { timeout: 10_000 }).toEqual([null, 'live', 'test']);
  });

  test('an Idempotency-Key is kept apart per mode: the same key sent by a test and a live key runs twice', async () => {
    const customer = await createActiveCustomer(t, admin);
    const testKey = (await makeKey(customer.token, { name: 'Sandbox', mode: 'test' })).key as string;
    const liveKey = (await makeKey(customer.token, { name: 'Production' })).key as string;
    const headers = { 'idempotency-key': 'draft-1' };
    const first = await post(testKey, '/api/app/order/draft', draftOf(), headers);
    const second = await post(liveKey, '/api/app/order/draft', draftOf(), headers);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().data.orderId).not.toBe(first.json().data.orderId);
    // Within a mode it replays as before.
    const again = await post(liveKey, '/api/app/order/draft', draftOf(), headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(second.json().data);
  });
});
