/**
 * Quotes are made from reads kept in memory per catalogue version (lib/catalogue-memo.ts), and a repeated
 * quote is answered from the answer kept for it. Whatever a quote is made of, changed on another instance or
 * straight in the database, must show on the very next quote: a price rule, a proxy's markup, an allotment,
 * a channel's state, the session itself.
 */
import { ROLE } from '@parcelport/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  loginToken,
  startTwoInstances,
  type TestApp,
} from './helpers.ts';
import { usParty } from './parties.ts';

const shipment = (insuredValue = '0') => ({
  from: usParty('Ada Shipper', '90210', 'Beverly Hills', 'CA'),
  to: usParty('Bo Recipient', '10118', 'New York', 'NY'),
  parcels: [{ length: 10, width: 8, height: 4, weight: 2, insuredValue }],
});

interface Line {
  serviceId: number;
  channelId: number;
  available: boolean;
  price: string;
  insurance: string;
  total: string;
}

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

/** The quote of the shipment on `app`, twice: the second is the kept answer, and must equal the first. */
async function quote(app: FastifyInstance, token: string, body: object = shipment(), lang = 'en-US') {
  const ask = () =>
    call(app, token, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: body,
      headers: { 'accept-language': lang },
    });
  const res = await ask();
  expect(res.statusCode).toBe(200);
  const again = await ask();
  expect(again.statusCode).toBe(200);
  expect(again.json()).toEqual(res.json());
  return res.json().data as Line[];
}

const prices = (lines: Line[]) => lines.filter((line) => line.available).map((line) => line.price);

describe('a quote after a change of what it is made of, on another instance', () => {
  test('a price rule changed in the database is priced in on the next quote', async () => {
    const customer = await createActiveCustomer(first, admin);
    const before = await quote(second, customer.token);
    expect(prices(before).length).toBeGreaterThan(0);
    await first.ctx.db
      .insertInto('price_rules')
      .values({
        name: 'quote-versions',
        channel_id: null,
        service_id: null,
        percent_bp: 5000,
        fixed_cents: 100,
        status: 1,
        is_default: 0,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    const rule = await first.ctx.db
      .selectFrom('price_rules')
      .select('id')
      .where('name', '=', 'quote-versions')
      .executeTakeFirstOrThrow();
    await first.ctx.db.insertInto('user_price_rules').values({ user_id: customer.id, rule_id: rule.id }).execute();
    const marked = await quote(second, customer.token);
    expect(prices(marked)).not.toEqual(prices(before));

    await first.ctx.db
      .updateTable('price_rules')
      .set({ percent_bp: 0, fixed_cents: 0 })
      .where('id', '=', rule.id)
      .execute();
    const plain = await quote(second, customer.token);
    expect(prices(plain)).not.toEqual(prices(marked));
  });

  test("a proxy's markup, and a customer joining a proxy, show on the next quote", async () => {
    const proxy = await createStaff(first, admin, [ROLE.proxy]);
    const customer = await createActiveCustomer(first, admin);
    const own = await quote(second, customer.token);

    // The customer joins the proxy (as registering with its invitation code does): the proxy's markup applies.
    await first.ctx.db
      .updateTable('users')
      .set({ proxy_percent_bp: 1000, proxy_fixed_cents: 50 })
      .where('id', '=', proxy.id)
      .execute();
    await first.ctx.db.updateTable('users').set({ owner_id: proxy.id }).where('id', '=', customer.id).execute();
    const proxied = await quote(second, customer.token);
    expect(prices(proxied)).not.toEqual(prices(own));

    // The proxy raises its markup through its own call, on the other instance.
    const set = await call(first.app, proxy.token, {
      method: 'POST',
      url: `/api/admin/proxyUpdate/${proxy.id}`,
      payload: { markupPercent: '20', markupFixed: '0.50' },
    });
    expect(set.statusCode).toBe(200);
    const raised = await quote(second, customer.token);
    expect(prices(raised)).not.toEqual(prices(proxied));
    for (const [index, price] of prices(raised).entries()) {
      expect(Number(price)).toBeGreaterThan(Number(prices(proxied)[index]));
    }
  });

  test('a channel switched off and an allotment taken away leave the next quote', async () => {
    const customer = await createActiveCustomer(first, admin);
    const lines = await quote(second, customer.token);
    const channelId = (lines[0] as Line).channelId;

    await first.ctx.db.updateTable('channels').set({ status: 0 }).where('id', '=', channelId).execute();
    try {
      const off = await quote(second, customer.token);
      expect(off.filter((line) => line.channelId === channelId && line.available)).toEqual([]);
    } finally {
      await first.ctx.db.updateTable('channels').set({ status: 1 }).where('id', '=', channelId).execute();
    }
    expect((await quote(second, customer.token)).some((line) => line.channelId === channelId)).toBe(true);

    await first.ctx.db.deleteFrom('user_channels').where('user_id', '=', customer.id).execute();
    expect(await quote(second, customer.token)).toEqual([]);
  });

  test('a session ended on one instance quotes no more on the other', async () => {
    const customer = await createActiveCustomer(first, admin);
    await quote(second, customer.token);
    expect((await call(first.app, customer.token, { method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(200);
    const refused = await call(second, customer.token, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: shipment(),
    });
    expect(refused.statusCode).toBe(401);
  });

  test('a kept quote is one of its own shipment, insurance, language and caller only', async () => {
    const customer = await createActiveCustomer(first, admin);
    const other = await createActiveCustomer(first, admin);
    const plain = await quote(second, customer.token);
    const insured = await quote(second, customer.token, shipment('300.00'));
    expect(insured.map((line) => line.insurance)).not.toEqual(plain.map((line) => line.insurance));
    // The other customer pays its own rule: the first's kept answer is never given to it.
    const rule = await first.ctx.db
      .insertInto('price_rules')
      .values({
        name: 'other-customer',
        channel_id: null,
        service_id: null,
        percent_bp: 3000,
        fixed_cents: 0,
        status: 1,
        is_default: 0,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await first.ctx.db.insertInto('user_price_rules').values({ user_id: other.id, rule_id: rule.id }).execute();
    const mine = await quote(second, customer.token);
    const theirs = await quote(second, other.token);
    expect(prices(theirs)).not.toEqual(prices(mine));
    // A heavier parcel is another shipment.
    const heavier = { ...shipment(), parcels: [{ length: 10, width: 8, height: 4, weight: 9, insuredValue: '0' }] };
    expect(prices(await quote(second, customer.token, heavier))).not.toEqual(prices(mine));
    // Staff who set prices see cost and margin; a merchant's kept answer never shows them.
    expect(JSON.stringify(mine)).not.toContain('"margin"');
  });
});
