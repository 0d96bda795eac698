import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { moveBilledCosts, ordersByIds } from '../src/modules/orders/index.ts';
import { ADMIN, buyLabel, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';

/**
 * A chunk of carrier bill lines moves its orders' billed costs in one statement, only where each cost is still
 * what the chunk read (bills/post.ts rolls the chunk back otherwise): another posting that billed one of them
 * meanwhile is a conflict, never overwritten.
 */
let t: TestApp;
let orders: number[];

beforeAll(async () => {
  t = await startApp();
  const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  const customer = await createActiveCustomer(t, admin);
  await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId: customer.id, currency: 'USD', amount: '100', remark: 'x' },
  });
  orders = [(await buyLabel(t.app, customer.token)).orderId, (await buyLabel(t.app, customer.token)).orderId];
});
afterAll(() => t.close());

const setBilled = (id: number, cost: number | null) =>
  t.ctx.db
    .updateTable('orders')
    .set({ billed_cost: cost, billed_at: cost === null ? null : Date.now() })
    .where('id', '=', id)
    .execute();

describe("a chunk's billed costs", () => {
  test('an order read as never billed, billed meanwhile at the cost another order of the chunk was read at, is a conflict', async () => {
    const [billedBefore, notBilled] = orders as [number, number];
    await setBilled(billedBefore, 500);
    await setBilled(notBilled, null);
    // The chunk reads both orders and works out their new charges.
    const read = new Map((await ordersByIds(t.ctx.db, orders)).map((order) => [order.id, order]));
    const moved = new Map<number, number | null>([
      [billedBefore, 500],
      [notBilled, null],
    ]);
    for (const id of orders) Object.assign(read.get(id) as object, { billed_cost: 650, billed_at: Date.now() });
    // Meanwhile another posting bills the second order, at exactly 500.
    await setBilled(notBilled, 500);
    const written = await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        const ok = await moveBilledCosts(trx, read, moved);
        if (!ok) throw new Error('conflict');
        return ok;
      })
      .catch((error: Error) => error.message);
    expect(written).toBe('conflict');
    const after = await ordersByIds(t.ctx.db, orders);
    expect(after.map((order) => order.billed_cost)).toEqual([500, 500]);
  });

  test('with nobody in between, the chunk moves every charge', async () => {
    const [first, second] = orders as [number, number];
    await setBilled(first, 500);
    await setBilled(second, null);
    const read = new Map((await ordersByIds(t.ctx.db, orders)).map((order) => [order.id, order]));
    const moved = new Map<number, number | null>([
      [first, 500],
      [second, null],
    ]);
    for (const id of orders) Object.assign(read.get(id) as object, { billed_cost: 650, billed_at: Date.now() });
    expect(await t.ctx.db.transaction().execute((trx) => moveBilledCosts(trx, read, moved))).toBe(true);
    expect((await ordersByIds(t.ctx.db, orders)).map((order) => order.billed_cost)).toEqual([650, 650]);
  });
});
