/**
 * Issue 28 "Unused labels": a label never scanned N days after it was made (USPS 28 by default) is voided and
 * refunded by the sweep exactly once, its merchant told 3 days before and after; a scanned label is left
 * alone, and so is every label of a merchant who switched the void off.
 */
import { FUND_TYPE, ORDER_STATUS } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepUnusedLabels } from '../src/modules/unused-labels/service.ts';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  fundWallet,
  type Json,
  loginToken,
  startApp,
  type TestApp,
  usdWallet,
} from './helpers.ts';

const DAY = 86_400_000;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

async function merchant() {
  const m = await createActiveCustomer(t, admin);
  await fundWallet(t.app, admin, m.id, '100.00');
  return m;
}

const order = (id: number) =>
  t.ctx.db.selectFrom('orders').select(['status', 'label_created_at']).where('id', '=', id).executeTakeFirstOrThrow();
const refunds = (id: number) =>
  t.ctx.db
    .selectFrom('balance_logs')
    .select(['amount'])
    .where('reference_type', '=', 'order')
    .where('reference_id', '=', id)
    .where('type', '=', FUND_TYPE.refund)
    .execute();
const titles = async (token: string) =>
  ((await call(t.app, token, { method: 'GET', url: '/api/user/messages' })).json().data as Json[]).map((m) => m.title);

/** The sweep as it would run `days` after the label was made. */
const sweepAt = async (orderId: number, days: number) =>
  sweepUnusedLabels(t.ctx, Number((await order(orderId)).label_created_at) + days * DAY);

describe('unused labels', () => {
  test('an unscanned USPS label is announced at 25 days and voided and refunded once at 28', async () => {
    const m = await merchant();
    const full = Number((await usdWallet(t, m.id)).balance);
    const { orderId } = await buyLabel(t.app, m.token);
    expect(Number((await usdWallet(t, m.id)).balance)).toBeLessThan(full);

    await sweepAt(orderId, 24);
    expect(await titles(m.token)).not.toContain('Unused label to be voided');
    await sweepAt(orderId, 25);
    await sweepAt(orderId, 26);
    expect((await titles(m.token)).filter((title) => title === 'Unused label to be voided')).toHaveLength(1);
    expect((await order(orderId)).status).toBe(ORDER_STATUS.pendingTransport);

    await Promise.all([sweepAt(orderId, 28), sweepAt(orderId, 28)]);
    await sweepAt(orderId, 40);
    expect((await order(orderId)).status).toBe(ORDER_STATUS.voided);
    expect(await refunds(orderId)).toHaveLength(1);
    expect(Number((await usdWallet(t, m.id)).balance)).toBe(full);
    expect((await titles(m.token)).filter((title) => title === 'Unused label voided')).toHaveLength(1);
    expect((await call(t.app, admin, { method: 'GET', url: '/api/admin/balance/doubtful' })).json().data).toEqual([]);
  });

  test('a label first announced late still gets its 3 days before the void', async () => {
    const m = await merchant();
    const { orderId } = await buyLabel(t.app, m.token);
    await sweepAt(orderId, 35);
    expect((await order(orderId)).status).toBe(ORDER_STATUS.pendingTransport);
    await sweepAt(orderId, 37);
    expect((await order(orderId)).status).toBe(ORDER_STATUS.pendingTransport);
    await sweepAt(orderId, 38);
    expect((await order(orderId)).status).toBe(ORDER_STATUS.voided);
  });

  test('a scanned label is never voided', async () => {
    const m = await merchant();
    const { orderId } = await buyLabel(t.app, m.token);
    await sweepAt(orderId, 26);
    // Scanned after the warning: the carrier has it now.
    await t.ctx.db.updateTable('orders').set({ status: ORDER_STATUS.inTransit }).where('id', '=', orderId).execute();
    await sweepAt(orderId, 60);
    expect((await order(orderId)).status).toBe(ORDER_STATUS.inTransit);
    expect(await refunds(orderId)).toHaveLength(0);
    expect(await titles(m.token)).not.toContain('Unused label voided');
  });

  test('a merchant who switched it off keeps every label', async () => {
    const m = await merchant();
    const url = '/api/app/unusedLabels/setting';
    expect((await call(t.app, m.token, { method: 'GET', url })).json().data).toEqual({ enabled: true });
    const off = await call(t.app, m.token, { method: 'PUT', url, payload: { enabled: false } });
    expect(off.json().data).toEqual({ enabled: false });
    expect((await call(t.app, m.token, { method: 'PUT', url, payload: { enabled: 'no' } })).statusCode).toBe(400);
    const { orderId } = await buyLabel(t.app, m.token);
    await sweepAt(orderId, 26);
    await sweepAt(orderId, 60);
    expect((await order(orderId)).status).toBe(ORDER_STATUS.pendingTransport);
    expect(await refunds(orderId)).toHaveLength(0);
    expect(await titles(m.token)).not.toContain('Unused label to be voided');
  });
});
