/**
 * Sessions and merchants' list pages are kept in memory per app instance (db/versions.ts). Whatever
 * changes them, on another instance or straight in the database, must show on the very next call.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  type Json,
  loginToken,
  startTwoInstances,
  type TestApp,
} from './helpers.ts';
import { usParty } from './parties.ts';

let first: TestApp;
let second: FastifyInstance;
let admin: string;

let instances: Awaited<ReturnType<typeof startTwoInstances>>;

beforeAll(async () => {
  instances = await startTwoInstances();
  ({ first, second } = instances);
  admin = await loginToken(first.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await instances.close();
});

const me = (app: FastifyInstance, token: string) => call(app, token, { method: 'GET', url: '/api/user/info' });

async function draft(token: string, recipient: string) {
  const res = await call(first.app, token, {
    method: 'POST',
    url: '/api/app/order/draft',
    payload: {
      from: usParty('Ada Shipper', '90210', 'Beverly Hills', 'CA'),
      to: usParty(recipient, '10118', 'New York', 'NY'),
      parcels: [{ length: 10, width: 8, height: 4, weight: 2, insuredValue: '0' }],
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.orderId as number;
}

async function listed(app: FastifyInstance, token: string, query = '') {
  const res = await call(app, token, { method: 'GET', url: `/api/app/order/orders?pageSize=50${query}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json().data as { list: Json[]; total: number };
}

describe('signed-in calls on two instances of one database', () => {
  test('a logout on one instance ends the token on the other at once', async () => {
    const customer = await createActiveCustomer(first, admin);
    expect((await me(second, customer.token)).statusCode).toBe(200);
    expect((await me(second, customer.token)).statusCode).toBe(200);

    await call(first.app, customer.token, { method: 'POST', url: '/api/admin/logout' });
    expect((await me(second, customer.token)).statusCode).toBe(401);
  });

  test('a disabled account is refused on the other instance at once, and let in again when enabled', async () => {
    const customer = await createActiveCustomer(first, admin);
    expect((await me(second, customer.token)).statusCode).toBe(200);

    await call(first.app, admin, {
      method: 'POST',
      url: `/api/admin/updateStatus/${customer.id}`,
      payload: { status: 0 },
    });
    expect((await me(second, customer.token)).statusCode).toBe(401);

    await call(first.app, admin, {
      method: 'POST',
      url: `/api/admin/updateStatus/${customer.id}`,
      payload: { status: 1 },
    });
    const again = await loginToken(first.app, customer.email, customer.password);
    expect((await me(second, again)).statusCode).toBe(200);
  });

  test('a resource taken from a role in the database is refused on the next call', async () => {
    const staff = await loginToken(second, ADMIN.username, ADMIN.password);
    const orders = () => call(second, staff, { method: 'GET', url: '/api/admin/order/orders' });
    expect((await orders()).statusCode).toBe(200);

    const db = first.ctx.db;
    const resource = await db
      .selectFrom('resources')
      .select('id')
      .where('code', '=', 'orderList')
      .executeTakeFirstOrThrow();
    const links = await db.selectFrom('role_resources').selectAll().where('resource_id', '=', resource.id).execute();
    await db.deleteFrom('role_resources').where('resource_id', '=', resource.id).execute();
    try {
      expect((await orders()).statusCode).toBe(403);
    } finally {
      await db.insertInto('role_resources').values(links).execute();
    }
    expect((await orders()).statusCode).toBe(200);
  });
});

describe("a merchant's order list on two instances of one database", () => {
  test('a draft cancelled on one instance shows cancelled on the other, same page, same filters', async () => {
    const customer = await createActiveCustomer(first, admin);
    const orderId = await draft(customer.token, 'Grace Buyer');
    const before = await listed(second, customer.token);
    expect(before.list.map((order) => [order.id, order.status])).toEqual([[orderId, 0]]);
    expect(await listed(second, customer.token)).toEqual(before);

    await call(first.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/cancel',
      payload: { ids: [orderId] },
    });
    const after = await listed(second, customer.token);
    expect(after.list.map((order) => [order.id, order.status])).toEqual([[orderId, 4]]);
    expect((await listed(second, customer.token, '&status=0')).list).toEqual([]);
  });

  test('a new order, and a change or a deletion made straight in the database, show on the next call', async () => {
    const customer = await createActiveCustomer(first, admin);
    const firstOrder = await draft(customer.token, 'Grace Buyer');
    expect((await listed(second, customer.token)).total).toBe(1);

    const secondOrder = await draft(customer.token, 'Alan Buyer');
    const both = await listed(second, customer.token);
    expect(both.list.map((order) => order.id)).toEqual([secondOrder, firstOrder]);

    await first.ctx.db
      .updateTable('orders')
      .set({ remark: 'fixed by an operator' })
      .where('id', '=', firstOrder)
      .execute();
    const edited = await listed(second, customer.token);
    expect(edited.list.find((order) => order.id === firstOrder)?.remark).toBe('fixed by an operator');

    await first.ctx.db.deleteFrom('parcels').where('order_id', '=', secondOrder).execute();
    await first.ctx.db.deleteFrom('order_events').where('order_id', '=', secondOrder).execute();
    await first.ctx.db.deleteFrom('orders').where('id', '=', secondOrder).execute();
    expect((await listed(second, customer.token)).list.map((order) => order.id)).toEqual([firstOrder]);
  });

  test("one merchant's change leaves another's list as it was, and neither sees the other's orders", async () => {
    const [one, two] = [await createActiveCustomer(first, admin), await createActiveCustomer(first, admin)];
    const ones = await draft(one.token, 'Grace Buyer');
    const twos = await draft(two.token, 'Alan Buyer');
    expect((await listed(second, one.token)).list.map((order) => order.id)).toEqual([ones]);
    expect((await listed(second, two.token)).list.map((order) => order.id)).toEqual([twos]);

    await call(first.app, two.token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [twos] } });
    expect((await listed(second, one.token)).list.map((order) => [order.id, order.status])).toEqual([[ones, 0]]);
    expect((await listed(second, two.token)).list.map((order) => [order.id, order.status])).toEqual([[twos, 4]]);
  });
});
