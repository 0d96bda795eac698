/**
 * A smoke test of the store stand-ins themselves (the adapters' tests use them): what an adapter relies on
 * most, checked against the stores' documented rules rather than the stand-ins' own code.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SHOPIFY_API_VERSION } from '../src/stores/shopify/wire.ts';
import { type ShopifyStandIn, startShopifyStandIn } from '../standins/shopify.ts';
import { startWooCommerceStandIn, type WooCommerceStandIn } from '../standins/woocommerce.ts';
import type { Json } from './helpers.ts';

const CLIENT_ID = 'smoke-client';
const CLIENT_SECRET = 'smoke-secret';
const SHOP = 'smoke.myshopify.com';

let shopify: ShopifyStandIn;
let woo: WooCommerceStandIn;
/** A webhook receiver recording what it got. */
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  [shopify, woo] = await Promise.all([
    startShopifyStandIn({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
    startWooCommerceStandIn(),
  ]);
  receiver = createServer(async (request, response) => {
    received.push({ headers: request.headers, body: await text(request) });
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await Promise.all([shopify.close(), woo.close(), new Promise((resolve) => receiver.close(resolve))]);
});

describe('the Shopify stand-in', () => {
  const origin = () => shopify.originOf(SHOP);
  let token: string;

  test('the install redirect carries an hmac that verifies as Shopify documents it, and its code works once', async () => {
    shopify.addShop(SHOP);
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      scope: 'read_orders,write_orders',
      redirect_uri: 'http://platform.test/callback',
      state: 'nonce-1',
    });
    const page = await fetch(`${origin()}/admin/oauth/authorize?${query}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<title>Install app</title>');
    const install = /<a id="install" href="([^"]+)">Install app<\/a>/.exec(html)?.[1];
    expect(install).toBeDefined();
    const redirect = await fetch((install as string).replaceAll('&amp;', '&'), { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://platform.test/callback');
    const params = Object.fromEntries(back.searchParams);
    expect(params).toMatchObject({ shop: SHOP, state: 'nonce-1' });
    // Signed as Shopify's own library checks it (shopify-app-js, validateHmac): the other parameters sorted,
    // written as a query with `%20` for a space (the host's base64 `=` encoded as `%3D`).
    const { hmac, ...others } = params;
    const signed = new URLSearchParams(Object.keys(others).map((name) => [name, others[name] as string]));
    signed.sort();
    const message = signed.toString().replaceAll('+', '%20');
    expect(hmac).toBe(createHmac('sha256', CLIENT_SECRET).update(message).digest('hex'));
    expect(Buffer.from(params.host as string, 'base64').toString()).toBe('admin.shopify.com/store/smoke');

    const exchange = () =>
      fetch(`${origin()}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: params.code }),
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    const granted = (await first.json()) as { access_token: string; scope: string };
    expect(granted.access_token).toMatch(/^shpat_[0-9a-f]{32}$/);
    expect(granted.scope).toBe('read_orders,write_orders');
    token = granted.access_token;
    const again = await exchange();
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_request' });
  });

  /** A GraphQL call as the adapter makes it (the document names its operation). */
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const answer = await fetch(`${origin()}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ query, variables }),
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as { data?: Json; errors?: { message: string }[]; extensions?: Json };
  };

  test('orders come in pages linked by a cursor, each answer reporting its cost', async () => {
    const made = [shopify.addOrder(SHOP), shopify.addOrder(SHOP), shopify.addOrder(SHOP)];
    const page = (after: string | null) =>
      graphql(
        'query OpenOrders($first: Int!, $after: String, $query: String!) { orders(first: $first, after: $after, query: $query) { edges { node { id } } pageInfo { hasNextPage endCursor } } }',
        { first: 2, after, query: 'status:open' },
      );
    const first = await page(null);
    expect(first.extensions?.cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
    expect(first.data?.orders.edges.map((edge: Json) => edge.node.id)).toEqual(
      made.slice(0, 2).map((order) => `gid://shopify/Order/${order.id}`),
    );
    expect(first.data?.orders.pageInfo.hasNextPage).toBe(true);
    const second = await page(first.data?.orders.pageInfo.endCursor);
    expect(second.data?.orders.edges.map((edge: Json) => edge.node.id)).toEqual([`gid://shopify/Order/${made[2]?.id}`]);
    expect(second.data?.orders.pageInfo.hasNextPage).toBe(false);
    const foreign = await page('not-a-cursor');
    expect(foreign.data).toBeUndefined();
    expect(foreign.errors?.[0]?.message).toContain('cursor');
  });

  test('a forged webhook is signed otherwise than a true one', async () => {
    const registered = await graphql(
      'mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) { webhookSubscription { id } userErrors { message } } }',
      { topic: 'ORDERS_CREATE', webhookSubscription: { uri: receiverUrl } },
    );
    expect(registered.data?.webhookSubscriptionCreate.userErrors).toEqual([]);
    const order = shopify.orders(SHOP)[0];
    received.length = 0;
    expect(await shopify.deliverWebhook(SHOP, 'orders/create', order)).toEqual([200]);
    expect(await shopify.deliverWebhook(SHOP, 'orders/create', order, { forge: true })).toEqual([200]);
    const [genuine, forged] = received;
    const expected = createHmac('sha256', CLIENT_SECRET)
      .update(genuine?.body ?? '')
      .digest('base64');
    expect(genuine?.headers['x-shopify-hmac-sha256']).toBe(expected);
    expect(genuine?.headers['x-shopify-topic']).toBe('orders/create');
    expect(forged?.body).toBe(genuine?.body);
    expect(forged?.headers['x-shopify-hmac-sha256']).not.toBe(expected);
  });
});

describe('the WooCommerce stand-in', () => {
  test("Basic auth is refused with a wrong secret and taken with the right one; the weight unit is WooCommerce's setting", async () => {
    const keys = woo.addSite('smoke', { weightUnit: 'lbs' });
    expect(keys.consumerKey).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(keys.consumerSecret).toMatch(/^cs_[0-9a-f]{40}$/);
    const setting = (key: string, secret: string) =>
      fetch(`${keys.siteUrl}/wp-json/wc/v3/settings/products/woocommerce_weight_unit`, {
        headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` },
      });
    const wrongSecret = await setting(keys.consumerKey, `cs_${'0'.repeat(40)}`);
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toEqual({
      code: 'woocommerce_rest_authentication_error',
      message: 'Consumer secret is invalid.',
      data: { status: 401 },
    });
    const unknownKey = await setting(`ck_${'0'.repeat(40)}`, keys.consumerSecret);
    expect(unknownKey.status).toBe(401);
    expect(await unknownKey.json()).toEqual({
      code: 'woocommerce_rest_cannot_view',
      message: 'Sorry, you cannot list resources.',
      data: { status: 401 },
    });
    const taken = await setting(keys.consumerKey, keys.consumerSecret);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ id: 'woocommerce_weight_unit', value: 'lbs' });
  });
});
