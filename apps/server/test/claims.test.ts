/**
 * Issue 28 "Claims": a merchant files an insurance claim on an insured order within the type's window, for at
 * most the insured value; staff holding adminClaimList review, decide and pay it; the payout is credited once
 * (one ledger row tied to the claim, plus a lost parcel's postage), also when pays race; the claim shows in the
 * order's money lines and in the work order it opened.
 */
import { FUND_TYPE, ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { refreshTracking } from '../src/modules/tracking/service.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  fundWallet,
  type Json,
  labelAddress,
  loginToken,
  PNG,
  startApp,
  type TestApp,
  upload,
  usdWallet,
} from './helpers.ts';

const DAY = 86_400_000;
let t: TestApp;
let admin: string;
let service: { id: number; token: string };
let finance: { id: number; token: string };
let seller: { id: number; token: string };

beforeAll(async () => {
  // 127.0.0.2: a webhook endpoint's address the test may use (nothing listens there; events are read as recorded).
  t = await startApp({ webhookAllowedHosts: ['127.0.0.2'] });
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  service = await createStaff(t, admin, ['customerService']);
  finance = await createStaff(t, admin, ['finance']);
  seller = await createStaff(t, admin, ['seller']);
});
afterAll(async () => t.close());

async function merchant() {
  const m = await createActiveCustomer(t, admin);
  await fundWallet(t.app, admin, m.id, '1000.00');
  return m;
}

/** Buys a USPS label for a one-parcel order declared at `insuredValue`; answers the order id and its price. */
async function buyInsured(token: string, insuredValue: string) {
  const { orderId } = (
    await call(t.app, token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        from: labelAddress('90210', 'Beverly Hills', 'CA'),
        to: labelAddress('10118', 'New York', 'NY'),
        parcels: [{ length: 5, width: 5, height: 5, weight: 1, insuredValue }],
      },
    })
  ).json().data;
  const line = (
    await call(t.app, token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } })
  )
    .json()
    .data.find((l: { serviceCode: string }) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
  const bought = await call(t.app, token, {
    method: 'POST',
    url: '/api/app/order/label/create',
    payload: { orderId, serviceId: line.serviceId },
  });
  expect(bought.statusCode).toBe(200);
  const order = await t.ctx.db
    .selectFrom('orders')
    .select(['rate'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { orderId: orderId as number, rate: Number(order.rate) };
}

/** The carrier's part, as tracking would leave it: in transit since `scannedDaysAgo`, made `madeDaysAgo`. */
async function inTransit(orderId: number, scannedDaysAgo: number, madeDaysAgo = scannedDaysAgo + 2) {
  const now = Date.now();
  await t.ctx.db
    .updateTable('orders')
    .set({ status: ORDER_STATUS.inTransit, label_created_at: now - madeDaysAgo * DAY })
    .where('id', '=', orderId)
    .execute();
  const scannedAt = now - scannedDaysAgo * DAY;
  await t.ctx.db
    .updateTable('parcels')
    .set({ tracking_status: 2, tracking_updated_at: scannedAt })
    .where('order_id', '=', orderId)
    .execute();
  const parcels = await t.ctx.db.selectFrom('parcels').select('id').where('order_id', '=', orderId).execute();
  await t.ctx.db
    .insertInto('tracking_events')
    .values(
      parcels.map((parcel) => ({
        parcel_id: parcel.id,
        order_id: orderId,
        status: 2,
        description: 'In transit',
        location: 'Los Angeles, CA',
        occurred_at: scannedAt,
        created_at: scannedAt,
      })),
    )
    .execute();
}

async function delivered(orderId: number, daysAgo: number) {
  const at = Date.now() - daysAgo * DAY;
  await t.ctx.db
    .updateTable('orders')
    .set({ status: ORDER_STATUS.delivered, label_created_at: at - 3 * DAY })
    .where('id', '=', orderId)
    .execute();
  await t.ctx.db
    .insertInto('order_events')
    .values({
      order_id: orderId,
      status: ORDER_STATUS.delivered,
      event: 'delivered',
      detail: '',
      actor_id: null,
      created_at: at,
    })
    .execute();
}

const file = (token: string, payload: Json) => call(t.app, token, { method: 'POST', url: '/api/app/claim', payload });
const staff = (token: string, method: 'GET' | 'POST', path: string, payload?: Json) =>
  call(t.app, token, { method, url: `/api/admin/claim${path}`, ...(payload ? { payload } : {}) });
const claimRows = (claimId: number) =>
  t.ctx.db
    .selectFrom('balance_logs')
    .select(['type', 'amount'])
    .where('reference_type', '=', 'claim')
    .where('reference_id', '=', claimId)
    .orderBy('id')
    .execute();

describe('filing a claim', () => {
  test('the window of each type is shown and enforced', async () => {
    const m = await merchant();
    const recent = await buyInsured(m.token, '300.00');
    await inTransit(recent.orderId, 5);
    const options = (
      await call(t.app, m.token, { method: 'GET', url: `/api/app/claim/options/${recent.orderId}` })
    ).json().data;
    expect(options.insuredValue).toBe('300.00');
    const lost = options.types.find((o: Json) => o.type === 'lost');
    expect(lost).toMatchObject({ open: false, blockedBy: 'notYetOpen', postageRefunded: true });
    expect(Date.parse(lost.opensAt) - Date.now()).toBeGreaterThan(9 * DAY);
    expect(options.types.find((o: Json) => o.type === 'damaged')).toMatchObject({
      open: false,
      blockedBy: 'wrongState',
    });

    const early = await file(m.token, { orderId: recent.orderId, type: 'lost', amount: '100.00', description: 'gone' });
    expect(early.statusCode).toBe(422);
    const wrong = await file(m.token, { orderId: recent.orderId, type: 'damaged', amount: '100.00', description: 'x' });
    expect(wrong.statusCode).toBe(422);

    const old = await buyInsured(m.token, '300.00');
    await delivered(old.orderId, 70);
    const late = await file(m.token, {
      orderId: old.orderId,
      type: 'damaged',
      amount: '100.00',
      description: 'broken',
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/window|期限/);
    const dnr = await file(m.token, {
      orderId: old.orderId,
      type: 'deliveredNotReceived',
      amount: '100.00',
      description: 'never came',
    });
    expect(dnr.statusCode).toBe(422);

    const fresh = await buyInsured(m.token, '300.00');
    await delivered(fresh.orderId, 10);
    const ok = await file(m.token, {
      orderId: fresh.orderId,
      type: 'damaged',
      amount: '100.00',
      description: 'broken',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'submitted', type: 'damaged', amount: '100.00' });
  });

  test("a parcel flagged in transit too long stays claimable as lost: the flag is ours, not the carrier's scan", async () => {
    const m = await merchant();
    const order = await buyInsured(m.token, '300.00');
    await inTransit(order.orderId, 20);
    const [parcel] = await t.ctx.db.selectFrom('parcels').select('id').where('order_id', '=', order.orderId).execute();
    // A refresh round in which the carrier says nothing new: the parcel is flagged, 20 days without news.
    const silent = { code: 'silent', register: async () => undefined, fetch: async () => new Map() };
    await refreshTracking(t.ctx, { test: silent, live: silent }, 7, [Number(parcel?.id)]);
    const flagged = await t.ctx.db
      .selectFrom('parcels')
      .select('tracking_status')
      .where('order_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(flagged.tracking_status).toBe(TRACKING_STATUS.transitTooLong);
    const options = (
      await call(t.app, m.token, { method: 'GET', url: `/api/app/claim/options/${order.orderId}` })
    ).json().data;
    expect(options.types.find((o: Json) => o.type === 'lost')).toMatchObject({ open: true, blockedBy: null });
    const filed = await file(m.token, { orderId: order.orderId, type: 'lost', amount: '300.00', description: 'gone' });
    expect(filed.statusCode).toBe(200);
  });

  test('the amount is at most the insured value; an uninsured order cannot be claimed', async () => {
    const m = await merchant();
    const insured = await buyInsured(m.token, '250.00');
    await delivered(insured.orderId, 2);
    const over = await file(m.token, { orderId: insured.orderId, type: 'damaged', amount: '250.01', description: 'x' });
    expect(over.statusCode).toBe(400);
    expect(over.json().data.fields.amount).toBeTruthy();
    const zero = await file(m.token, { orderId: insured.orderId, type: 'damaged', amount: '0', description: 'x' });
    expect(zero.statusCode).toBe(400);

    const bare = await buyInsured(m.token, '0');
    await delivered(bare.orderId, 2);
    const uninsured = await file(m.token, { orderId: bare.orderId, type: 'damaged', amount: '1.00', description: 'x' });
    expect(uninsured.statusCode).toBe(422);
    expect(
      await t.ctx.db
        .selectFrom('insurance_claims')
        .select('id')
        .where('order_id', 'in', [insured.orderId, bare.orderId])
        .execute(),
    ).toEqual([]);
  });

  test('one standing claim per order and type; a rejected one may be filed again', async () => {
    const m = await merchant();
    const order = await buyInsured(m.token, '200.00');
    await delivered(order.orderId, 3);
    const body = { orderId: order.orderId, type: 'damaged', amount: '50.00', description: 'dented' };
    const first = (await file(m.token, body)).json().data;
    const second = await file(m.token, body);
    expect(second.statusCode).toBe(409);
    // Another type on the same order is its own claim.
    expect((await file(m.token, { ...body, type: 'deliveredNotReceived' })).statusCode).toBe(200);

    // Filed at once on another order: one stands, the others are refused.
    const other = await buyInsured(m.token, '200.00');
    await delivered(other.orderId, 3);
    const raced = await Promise.all(
      Array.from({ length: 4 }, () => file(m.token, { ...body, orderId: other.orderId })),
    );
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);

    expect((await staff(service.token, 'POST', `/${first.id}/review`)).statusCode).toBe(200);
    const rejected = await staff(service.token, 'POST', `/${first.id}/decide`, {
      decision: 'reject',
      reason: 'No photos',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'No photos' });
    expect((await file(m.token, body)).statusCode).toBe(200);
  });
});

describe('scopes', () => {
  test('a merchant reaches only its own orders and claims; staff need adminClaimList', async () => {
    const owner = await merchant();
    const other = await merchant();
    const order = await buyInsured(owner.token, '200.00');
    await delivered(order.orderId, 3);
    const foreign = await file(other.token, {
      orderId: order.orderId,
      type: 'damaged',
      amount: '10.00',
      description: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call(t.app, other.token, { method: 'GET', url: `/api/app/claim/options/${order.orderId}` })).statusCode,
    ).toBe(404);
    const claim = (
      await file(owner.token, { orderId: order.orderId, type: 'damaged', amount: '10.00', description: 'x' })
    ).json().data;
    expect((await call(t.app, other.token, { method: 'GET', url: `/api/app/claim/${claim.id}` })).statusCode).toBe(404);
    const otherList = (await call(t.app, other.token, { method: 'GET', url: '/api/app/claim/list' })).json().data;
    expect(otherList.list.map((c: Json) => c.id)).not.toContain(claim.id);
    // A merchant cannot reach the staff desk; a seller (no adminClaimList) neither.
    expect((await staff(owner.token, 'GET', '/list')).statusCode).toBe(403);
    expect((await staff(seller.token, 'POST', `/${claim.id}/review`)).statusCode).toBe(403);
    expect((await staff(service.token, 'GET', `/${claim.id}`)).statusCode).toBe(200);
    expect((await staff(finance.token, 'GET', `/${claim.id}`)).statusCode).toBe(200);
  });
});

describe('deciding and paying', () => {
  test('a lost parcel partly approved is paid once: the payout less 10% and the postage, tied to the claim', async () => {
    const m = await merchant();
    const listening = await call(t.app, m.token, {
      method: 'POST',
      url: '/api/app/webhooks/endpoints',
      payload: { url: 'http://127.0.0.2:9/hooks', eventTypes: ['claim.updated'], description: 'claims' },
    });
    expect(listening.statusCode).toBe(200);
    const order = await buyInsured(m.token, '400.00');
    await inTransit(order.orderId, 20);
    const photo = (await upload(t.app, m.token, 'box.png', PNG)).json().data;
    const filed = await file(m.token, {
      orderId: order.orderId,
      type: 'lost',
      amount: '300.00',
      description: 'No scan for 20 days',
      attachmentIds: [photo.id],
    });
    expect(filed.statusCode).toBe(200);
    const claim = filed.json().data;
    expect(claim.files).toEqual([expect.objectContaining({ id: photo.id, name: 'box.png' })]);
    expect(claim.ticketNo).toMatch(/^WO/);

    // Staff are told of it in their to-dos, see it in the queue with its evidence, and may open the photo.
    const todos = (await call(t.app, finance.token, { method: 'GET', url: '/api/admin/todos' })).json().data;
    expect(todos).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'claim', path: '/adminSettings/claims' })]),
    );
    const queue = (await staff(service.token, 'GET', '/list?status=submitted')).json().data;
    expect(queue.list.map((c: Json) => c.id)).toContain(claim.id);
    const evidence = await call(t.app, service.token, { method: 'GET', url: claim.files[0].url });
    expect(evidence.statusCode).toBe(200);

    // Paying before a decision is refused; so is deciding before review.
    expect((await staff(finance.token, 'POST', `/${claim.id}/pay`)).statusCode).toBe(409);
    expect((await staff(service.token, 'POST', `/${claim.id}/decide`, { decision: 'approve' })).statusCode).toBe(409);
    expect((await staff(service.token, 'POST', `/${claim.id}/review`)).statusCode).toBe(200);
    const tooMuch = await staff(service.token, 'POST', `/${claim.id}/decide`, {
      decision: 'partlyApprove',
      amount: '300.00',
    });
    expect(tooMuch.statusCode).toBe(400);
    const decided = await staff(service.token, 'POST', `/${claim.id}/decide`, {
      decision: 'partlyApprove',
      amount: '200.00',
    });
    expect(decided.json().data).toMatchObject({ status: 'partlyApproved', approvedAmount: '200.00', payout: '180.00' });

    const before = Number((await usdWallet(t, m.id)).balance);
    const paid = await staff(finance.token, 'POST', `/${claim.id}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', postageRefund: (order.rate / 100).toFixed(2) });
    expect(Number((await usdWallet(t, m.id)).balance)).toBe(before + 18_000 + order.rate);
    expect((await staff(finance.token, 'POST', `/${claim.id}/pay`)).statusCode).toBe(409);
    expect(Number((await usdWallet(t, m.id)).balance)).toBe(before + 18_000 + order.rate);
    expect((await claimRows(claim.id)).map((r) => [r.type, Number(r.amount)])).toEqual([
      [FUND_TYPE.claimPayout, 18_000],
      [FUND_TYPE.refund, order.rate],
    ]);

    // The order's money lines show the claim; its work order's thread shows each change and is closed.
    const detail = (await call(t.app, m.token, { method: 'GET', url: `/api/app/order/detail/${order.orderId}` })).json()
      .data;
    expect(detail.money.lines.map((l: Json) => [l.kind, l.amount])).toEqual(
      expect.arrayContaining([
        ['claimPayout', '-180.00'],
        ['claimRefund', (-order.rate / 100).toFixed(2)],
      ]),
    );
    const ticket = (
      await call(t.app, m.token, { method: 'GET', url: `/api/app/workOrder/${claim.workOrderId}` })
    ).json().data;
    expect(ticket.type).toBe('claim');
    expect(ticket.status).toBe(1);
    expect(ticket.replies.map((r: Json) => r.content).join('\n')).toMatch(/In review[\s\S]*Partly approved[\s\S]*Paid/);
    const box = (await call(t.app, m.token, { method: 'GET', url: '/api/user/messages' })).json().data;
    expect(JSON.stringify(box)).toContain('Claim paid');
    expect((await call(t.app, admin, { method: 'GET', url: '/api/admin/balance/doubtful' })).json().data).toEqual([]);

    // The merchant's endpoint was told of each step once, with what each step is about.
    const told = await t.ctx.db
      .selectFrom('webhook_events')
      .select('body')
      .where('user_id', '=', m.id)
      .where('type', '=', 'claim.updated')
      .orderBy('id')
      .execute();
    expect(told.map((row) => JSON.parse(row.body).data)).toEqual(
      [
        ['submitted', '300.00'],
        ['inReview', '300.00'],
        ['partlyApproved', '200.00'],
        ['paid', ((18_000 + order.rate) / 100).toFixed(2)],
      ].map(([status, amount]) => ({ claimId: claim.id, orderId: order.orderId, status, currency: 'USD', amount })),
    );
  });

  test('pays racing for one claim credit the wallet once; damage gives no postage back', async () => {
    const m = await merchant();
    const order = await buyInsured(m.token, '150.00');
    await delivered(order.orderId, 1);
    const claim = (
      await file(m.token, { orderId: order.orderId, type: 'damaged', amount: '150.00', description: 'crushed' })
    ).json().data;
    await staff(service.token, 'POST', `/${claim.id}/review`);
    const approved = await staff(service.token, 'POST', `/${claim.id}/decide`, { decision: 'approve' });
    expect(approved.json().data).toMatchObject({ status: 'approved', approvedAmount: '150.00', payout: '135.00' });
    const before = Number((await usdWallet(t, m.id)).balance);
    const answers = await Promise.all(Array.from({ length: 6 }, () => staff(admin, 'POST', `/${claim.id}/pay`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(Number((await usdWallet(t, m.id)).balance)).toBe(before + 13_500);
    expect((await claimRows(claim.id)).map((r) => [r.type, Number(r.amount)])).toEqual([
      [FUND_TYPE.claimPayout, 13_500],
    ]);
    expect((await staff(admin, 'GET', `/${claim.id}`)).json().data.postageRefund).toBe('0.00');
  });
});
