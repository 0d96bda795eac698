import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sealedCredentials } from '../src/modules/stores/connection.ts';
import { pushFulfilments } from '../src/modules/stores/push.ts';
import { insertStore } from '../src/modules/stores/repo.ts';
import { SHOPIFY_API_VERSION } from '../src/stores/shopify/wire.ts';
import { bodyOf, type Fixture, fixture } from './conformance/replay.ts';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  fundWallet,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';
import { providerFixture } from './provider-fixtures.ts';

/**
 * A push back to a store whose answer was lost (issue 25): the store may have taken it, so the sweep that
 * pushes it again asks the store first, on the stores' own recorded bodies: WooCommerce's notes of the
 * order (a note to the customer naming the tracking number is the push done), Shopify's fulfillments of
 * the order (one with the tracking number). A customer is never sent the same tracking twice.
 */

const APP = { clientId: 'push-app', clientSecret: 'push-app-secret' };

/** A store's API as a test plays it: each request answered by the script, every request kept. */
interface Played {
  method: string;
  path: string;
  body: unknown;
}
type Script = (request: Played) => Fixture;

let t: TestApp;
let server: http.Server;
let origin: string;
let script: Script = () => fixture('woocommerce', 'error-404-no-route');
let seen: Played[] = [];
let owner: { id: number; token: string };

beforeAll(async () => {
  server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const played = {
      method: request.method ?? '',
      path: new URL(request.url ?? '/', 'http://store').pathname,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(played);
    const { status, body, text: raw } = script(played).response;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(raw ?? (body === undefined ? '' : JSON.stringify(body)));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startApp({
    publicUrl: 'https://parcelport.test',
    secretKey: Buffer.alloc(32, 7).toString('base64'),
    storeAllowedHosts: ['127.0.0.1'],
    // The pushes are run by the test (pushFulfilments), not by the instance's sweep.
    sweepMs: 3_600_000,
  });
  const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/config/update',
    payload: { shopify: { ...APP, shopOrigin: `${origin}/shops/{shop}` } },
  });
  const customer = await createActiveCustomer(t, admin);
  await fundWallet(t.app, admin, customer.id, '100.00');
  owner = { id: customer.id, token: customer.token };
});

afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  server?.close();
});

/** A store of the merchant's with one store order whose label is bought: its push is due. */
async function storeWithLabel(platform: 'woocommerce' | 'shopify', externalId: string) {
  const { orderId, tracking } = await buyLabel(t.app, owner.token);
  const credentials =
    platform === 'woocommerce'
      ? { consumerKey: 'ck_push', consumerSecret: 'cs_push', webhookSecret: 'push-secret' }
      : { accessToken: 'shpat_push' };
  const storeId = await insertStore(
    t.ctx.db,
    {
      userId: owner.id,
      platform,
      name: `${platform} store`,
      account: platform === 'woocommerce' ? origin : `push-${orderId}.myshopify.com`,
      status: 'active',
    },
    { credentials: sealedCredentials(t.ctx, credentials), weight_unit: 'lb' },
  );
  const now = Date.now();
  await t.ctx.db
    .insertInto('store_orders')
    .values({
      store_id: storeId,
      external_id: externalId,
      external_name: `#${externalId}`,
      external_updated_at: '2017-03-22T16:28:08',
      order_id: orderId,
      synced_at: now,
      created_at: now,
    })
    .execute();
  const row = () =>
    t.ctx.db.selectFrom('store_orders').selectAll().where('store_id', '=', storeId).executeTakeFirstOrThrow();
  return { storeId, tracking, row };
}

/** The sweep's next round, after a push's wait (RETRY_MS) is over. */
async function later(storeId: number) {
  await t.ctx.db.updateTable('store_orders').set({ claimed_until: 0 }).where('store_id', '=', storeId).execute();
  await pushFulfilments(t.ctx, storeId);
}

const woo = (name: string) => fixture('woocommerce', name);
const NOTES = '/wp-json/wc/v3/orders/727/notes';
const ORDER = '/wp-json/wc/v3/orders/727';

/** WooCommerce's recorded list of an order's notes, holding `notes` now. */
function withNotes(notes: unknown[]): Fixture {
  const listed = providerFixture('woocommerce', 'order-notes');
  return { ...listed, response: { ...listed.response, body: notes } };
}

/** WooCommerce's recorded note (its create example) as one the push wrote for `tracking`. */
function ourNote(tracking: string, id: number) {
  return {
    ...(bodyOf(woo('order-note-create')) as object),
    id,
    note: `Shipped with USPS, tracking number ${tracking}`,
    customer_note: true,
  };
}

describe('a WooCommerce push whose answer was lost', () => {
  test('is settled by the order notes: the note the store took is the push, never posted again', async () => {
    const { storeId, tracking, row } = await storeWithLabel('woocommerce', '727');
    const notes: unknown[] = [...(bodyOf(providerFixture('woocommerce', 'order-notes')) as unknown[])];
    seen = [];
    // The site took the note, then its answer was lost (a 503 from the maintenance page in front).
    script = (request) => {
      if (request.method === 'POST' && request.path === NOTES) {
        notes.push(ourNote(tracking, 282));
        return woo('error-503-maintenance');
      }
      if (request.method === 'GET' && request.path === NOTES) return withNotes(notes);
      if (request.method === 'PUT' && request.path === ORDER) return woo('order-update');
      return woo('error-404-no-route');
    };
    await pushFulfilments(t.ctx, storeId);
    expect(await row()).toMatchObject({ fulfilment: 'unknown', fulfilment_id: null });
    expect((await row()).error).toContain('Briefly unavailable');
    // The merchant reads it as still to be pushed, with the store's words.
    const listed = (
      await call(t.app, owner.token, { method: 'GET', url: `/api/app/stores/${storeId}/orders?pageSize=50` })
    ).json().data.list;
    expect(listed[0]).toMatchObject({ fulfilment: 'none', error: expect.stringContaining('Briefly unavailable') });

    seen = [];
    await later(storeId);
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${NOTES}`, `PUT ${ORDER}`]);
    expect(seen[1]?.body).toEqual({ status: 'completed' });
    expect(await row()).toMatchObject({ fulfilment: 'pushed', fulfilment_id: '282', error: null });
    expect(notes.filter((note) => (note as { note: string }).note.includes(tracking))).toHaveLength(1);
  });

  test('that the store never took is pushed again once the notes show none', async () => {
    const { storeId, row } = await storeWithLabel('woocommerce', '727');
    let posted = 0;
    seen = [];
    script = (request) => {
      if (request.method === 'POST' && request.path === NOTES)
        return posted++ === 0 ? woo('error-502-html') : woo('order-note-create');
      if (request.method === 'GET' && request.path === NOTES) return providerFixture('woocommerce', 'order-notes');
      if (request.method === 'PUT' && request.path === ORDER) return woo('order-update');
      return woo('error-404-no-route');
    };
    await pushFulfilments(t.ctx, storeId);
    expect((await row()).fulfilment).toBe('unknown');
    seen = [];
    await later(storeId);
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET ${NOTES}`,
      `POST ${NOTES}`,
      `PUT ${ORDER}`,
    ]);
    const created = bodyOf(woo('order-note-create')) as { id: number };
    expect(await row()).toMatchObject({ fulfilment: 'pushed', fulfilment_id: String(created.id) });
  });
});

describe('a Shopify fulfilment whose answer was lost', () => {
  const graphqlPath = (account: string) => `/shops/${account}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  const operationOf = (body: unknown) => /^\s*(?:query|mutation)\s+(\w+)/.exec((body as { query: string }).query)?.[1];

  test("is settled by the order's fulfillments: the one with the tracking number is the push", async () => {
    const { storeId, tracking, row } = await storeWithLabel('shopify', '450789469');
    const account = (
      await t.ctx.db.selectFrom('stores').select('account').where('id', '=', storeId).executeTakeFirstOrThrow()
    ).account;
    const found = providerFixture('shopify', 'order-fulfillments');
    // The fulfillment Shopify made for the lost request carries this label's tracking number.
    const made = JSON.parse(JSON.stringify(found.response.body).replace('9400111899223344556677', tracking));
    script = (request) => {
      if (request.path !== graphqlPath(account)) return fixture('shopify', 'not-found');
      const operation = operationOf(request.body);
      if (operation === 'OrderFulfillmentOrders') return fixture('shopify', 'fulfillment-orders');
      if (operation === 'FulfillmentCreate') return fixture('shopify', 'server-error');
      if (operation === 'OrderFulfillments') return { ...found, response: { status: 200, body: made } };
      return fixture('shopify', 'query-error');
    };
    seen = [];
    await pushFulfilments(t.ctx, storeId);
    expect(seen.map((request) => operationOf(request.body))).toEqual(['OrderFulfillmentOrders', 'FulfillmentCreate']);
    expect((await row()).fulfilment).toBe('unknown');
    seen = [];
    await later(storeId);
    expect(seen.map((request) => operationOf(request.body))).toEqual(['OrderFulfillments']);
    expect(await row()).toMatchObject({ fulfilment: 'pushed', fulfilment_id: '237894043', error: null });
  });
});
