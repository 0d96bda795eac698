import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUpstreamClient } from '../../src/outbound/client.ts';
import { UpstreamError } from '../../src/outbound/types.ts';
import { shopifyConnection } from '../../src/stores/client.ts';
import { shopifyAdapter, shopWeightUnit } from '../../src/stores/shopify/adapter.ts';
import { ask, DOCUMENTS } from '../../src/stores/shopify/graphql.ts';
import { exchangeCode } from '../../src/stores/shopify/oauth.ts';
import { SHOPIFY_API_VERSION, validCallbackHmac, validWebhookHmac } from '../../src/stores/shopify/wire.ts';
import type { StoreConnection, StoreOrder } from '../../src/stores/types.ts';
import { SHOPIFY_GRAPHQL_ROUTE, type ShopifyStandIn, startShopifyStandIn } from '../../standins/shopify.ts';
import {
  expectSameShape,
  expectServes,
  FIXTURES,
  type Fixture,
  fixture,
  jsonReply,
  type RecordedCall,
  type Route,
  replay,
  replyOf,
  type StandInReply,
  unlistedFixtures,
} from './replay.ts';

/**
 * Shopify's adapter (docs/stores.md) against Shopify's own material: the official library's HMAC vectors
 * and Shopify's published examples, each fixture naming its source.
 */

const SHOP = 'https://your-development-store.myshopify.com';
const TOKEN = 'shpat_0123456789abcdef0123456789abcdef';
const CLIENT_SECRET = 'app-client-secret';
const GRAPHQL = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
const STORE: StoreConnection = {
  id: 1,
  platform: 'shopify',
  account: 'your-development-store.myshopify.com',
  credentials: { accessToken: TOKEN },
  weightUnit: 'lb',
};
const shopify = (name: string) => fixture('shopify', name);

/** A shop's client as storeClient builds it (the same fields), its network replaced by `routes`. */
const shop = (routes: Route[], token = TOKEN) => replay(shopifyConnection(SHOP, token, CLIENT_SECRET), routes);

/** The GraphQL endpoint answering each operation (named by the document sent) with its fixture(s). */
function graphql(answers: Record<string, Fixture | Fixture[]>): Route {
  const served = new Map<string, number>();
  return {
    method: 'POST',
    path: GRAPHQL,
    answers: (call: RecordedCall) => {
      const operation = operationOf(call);
      const given = answers[operation];
      if (!given) throw new Error(`no fixture for the operation ${operation}`);
      const list = Array.isArray(given) ? given : [given];
      const turn = served.get(operation) ?? 0;
      served.set(operation, turn + 1);
      return list[Math.min(turn, list.length - 1)] as Fixture;
    },
  };
}

/** The operation a GraphQL call named (`query OpenOrders(...)` → OpenOrders). */
function operationOf(call: RecordedCall): string {
  const query = (call.json as { query?: string } | undefined)?.query ?? '';
  return /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
}

const variablesOf = (call: RecordedCall | undefined) => (call?.json as { variables?: unknown } | undefined)?.variables;

/** Every page an adapter's generator yields. */
async function pagesOf(pages: AsyncGenerator<StoreOrder[]>): Promise<StoreOrder[][]> {
  const all: StoreOrder[][] = [];
  for await (const page of pages) all.push(page);
  return all;
}

/** The UpstreamError a call failed with (the test fails if it did not). */
async function failureOf(call: Promise<unknown>): Promise<UpstreamError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

/** The official library's validateHmac vectors, beside the fixture's source (checked by `fixture`). */
interface HmacVectors {
  secret: string;
  vectors: { test: string; query: Record<string, string>; signed?: string; valid: boolean }[];
}

function hmacVectors(): HmacVectors {
  fixture('shopify', 'callback-hmac-vectors');
  return JSON.parse(readFileSync(path.join(FIXTURES, 'shopify', 'callback-hmac-vectors.json'), 'utf8'));
}

/** The library's test signature: hex HMAC-SHA256 of the string it signs. */
const hexHmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

/** A callback's query as the web server hands it to us: one decoded value per name. */
const queryOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('shopify connect', () => {
  const { secret, vectors } = hmacVectors();

  test.each(vectors)("the official library's vector '$test' is judged as the library judges it", (vector) => {
    const query = vector.signed ? { ...vector.query, hmac: hexHmac(secret, vector.signed) } : vector.query;
    expect(validCallbackHmac(query, secret)).toBe(vector.valid);
  });

  test("Shopify's documented callback (raw values) is accepted, and refused once a value is changed", () => {
    const location = fixture('shopify', 'callback-hmac-docs').response.headers?.location as string;
    const query = queryOf(new URL(location).search);
    const { secret: docsSecret } = JSON.parse(
      readFileSync(path.join(FIXTURES, 'shopify', 'callback-hmac-docs.json'), 'utf8'),
    ) as { secret: string };
    expect(validCallbackHmac(query, docsSecret)).toBe(true);
    expect(validCallbackHmac({ ...query, shop: 'other-shop.myshopify.com' }, docsSecret)).toBe(false);
    expect(validCallbackHmac(query, 'another secret')).toBe(false);
  });

  test('the code is exchanged as documented: client id, secret and code in JSON, the token read from the answer', async () => {
    const { http, calls, log } = shop(
      [{ method: 'POST', path: '/admin/oauth/access_token', answers: shopify('access-token') }],
      '',
    );
    const token = await exchangeCode(http, { clientId: 'app-client-id', clientSecret: CLIENT_SECRET }, 'the-code');
    expect(token).toBe('f85632530bf277ec9ac6f649fc327f17');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.href).toBe(`${SHOP}/admin/oauth/access_token`);
    expect(calls[0]?.json).toEqual({ client_id: 'app-client-id', client_secret: CLIENT_SECRET, code: 'the-code' });
    expect(calls[0]?.headers['x-shopify-access-token']).toBeUndefined();
    expect(JSON.stringify(log)).not.toContain(CLIENT_SECRET);
  });

  test('values with `=`, `/`, `+`, `:` and spaces are signed encoded, as the library writes its query', () => {
    // The library's rule (processed-query.ts): URLSearchParams' form encoding, then `+` written `%20`.
    const query = { host: 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUveA==', shop: 'x.myshopify.com', custom: 'a+b c:/d' };
    const signed = 'custom=a%2Bb%20c%3A%2Fd&host=YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUveA%3D%3D&shop=x.myshopify.com';
    expect(validCallbackHmac({ ...query, hmac: hexHmac(secret, signed) }, secret)).toBe(true);
    expect(validCallbackHmac({ ...query, hmac: hexHmac(secret, signed).toUpperCase() }, secret)).toBe(true);
    expect(validCallbackHmac({ ...query, custom: 'a+b c:/e', hmac: hexHmac(secret, signed) }, secret)).toBe(false);
    expect(validCallbackHmac(query, secret)).toBe(false);
  });
});

describe('shopify orders', () => {
  test('open orders are read page after page by cursor; what was sent and what was made of it', async () => {
    const { http, calls, unmatched } = shop([
      graphql({ OpenOrders: [shopify('orders-page'), shopify('orders-last-page')] }),
    ]);
    const pages = await pagesOf(shopifyAdapter.openOrders(http, STORE));
    expect(unmatched).toEqual([]);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.method).toBe('POST');
      expect(call.url.href).toBe(`${SHOP}${GRAPHQL}`);
      expect(call.headers['x-shopify-access-token']).toBe(TOKEN);
      expect(operationOf(call)).toBe('OpenOrders');
    }
    expect(variablesOf(calls[0])).toEqual({
      first: 5,
      after: null,
      query: 'status:open -fulfillment_status:fulfilled',
    });
    expect(variablesOf(calls[1])).toEqual({
      first: 5,
      after: 'eyJsYXN0X2lkIjo1NTY1Mjc2MzgsImxhc3RfdmFsdWUiOiIyMDA1LTA3LTMxIDE1OjU3OjExLjAwMDAwMCJ9',
      query: 'status:open -fulfillment_status:fulfilled',
    });
    expect(pages).toEqual([
      [
        {
          externalId: '158040885',
          name: '#2000',
          updatedAt: '2024-01-01T00:00:00.000Z',
          open: true,
          cancelled: false,
          to: null,
          items: [{ title: 'Draft - 151cm', sku: 'draft-151', quantity: 10, grams: null, priceCents: 0 }],
        },
      ],
      [
        {
          externalId: '199007853',
          name: '#2006',
          updatedAt: '2024-01-01T00:00:00.000Z',
          // Nothing in it ships: nothing to draft.
          open: false,
          cancelled: false,
          to: null,
          items: [],
        },
      ],
    ]);
  });

  test('an order whose shape changed fails naming the operation and the field', async () => {
    const changed = structuredClone(shopify('orders-page'));
    const body = changed.response.body as { data: { orders: { edges: { node: Record<string, unknown> }[] } } };
    delete body.data.orders.edges[0]?.node.name;
    const { http } = shop([graphql({ OpenOrders: changed })]);
    const error = await failureOf(pagesOf(shopifyAdapter.openOrders(http, STORE)));
    expect(error.kind).toBe('transient');
    expect(error.message).toMatch(/^shopify openOrders: answer changed shape at orders\.edges\.0\.node\.name/);
  });
});

describe('shopify fulfil', () => {
  const shipment = {
    externalId: '450789469',
    trackingNumber: '9400111899223344556677',
    carrier: 'USPS',
    trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677',
  };

  test('the open fulfillment orders are fulfilled with the tracking, the customer notified', async () => {
    const { http, calls } = shop([
      graphql({
        OrderFulfillmentOrders: shopify('fulfillment-orders'),
        FulfillmentCreate: shopify('fulfillment-create'),
      }),
    ]);
    expect(await shopifyAdapter.fulfil(http, STORE, shipment)).toEqual({ fulfilmentId: '237894043' });
    expect(calls.map(operationOf)).toEqual(['OrderFulfillmentOrders', 'FulfillmentCreate']);
    expect(variablesOf(calls[0])).toEqual({ id: 'gid://shopify/Order/450789469' });
    // Only the OPEN fulfillment order: the CLOSED one was fulfilled already.
    expect(variablesOf(calls[1])).toEqual({
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1046000781' }],
        trackingInfo: { company: 'USPS', number: shipment.trackingNumber, url: shipment.trackingUrl },
        notifyCustomer: true,
      },
    });
  });

  test('an order fulfilled in Shopify already is told apart, and nothing is created', async () => {
    const { http, calls } = shop([graphql({ OrderFulfillmentOrders: shopify('fulfillment-orders-closed') })]);
    expect(await shopifyAdapter.fulfil(http, STORE, shipment)).toBe('alreadyFulfilled');
    expect(calls.map(operationOf)).toEqual(['OrderFulfillmentOrders']);
  });

  test('a fulfilment is cancelled by its global id', async () => {
    const { http, calls } = shop([graphql({ FulfillmentCancel: shopify('fulfillment-cancel') })]);
    await shopifyAdapter.cancelFulfilment(http, STORE, { externalId: '450789469', fulfilmentId: '237894043' });
    expect(calls.map(operationOf)).toEqual(['FulfillmentCancel']);
    expect(variablesOf(calls[0])).toEqual(
      variablesOf({ json: shopify('fulfillment-cancel').request?.body } as RecordedCall),
    );
    expect(variablesOf(calls[0])).toEqual({ id: 'gid://shopify/Fulfillment/237894043' });
  });
});

describe('shopify webhooks', () => {
  const ADDRESS = 'https://apple.com/uninstall';

  test('a first connection subscribes the three topics to the address', async () => {
    const { http, calls } = shop([
      graphql({
        WebhookSubscriptions: shopify('webhook-subscriptions-none'),
        WebhookSubscriptionCreate: [
          shopify('webhook-subscription-create-orders'),
          shopify('webhook-subscription-create-orders'),
          shopify('webhook-subscription-create'),
        ],
      }),
    ]);
    const ids = await shopifyAdapter.registerWebhooks(http, STORE, ADDRESS);
    expect(ids).toEqual(['8589934628', '8589934628', '8589934632']);
    expect(calls.map(operationOf)).toEqual([
      'WebhookSubscriptions',
      'WebhookSubscriptionCreate',
      'WebhookSubscriptionCreate',
      'WebhookSubscriptionCreate',
    ]);
    expect(variablesOf(calls[0])).toEqual({ uri: ADDRESS });
    expect(calls.slice(1).map(variablesOf)).toEqual(
      ['ORDERS_CREATE', 'ORDERS_UPDATED', 'APP_UNINSTALLED'].map((topic) => ({
        topic,
        webhookSubscription: { uri: ADDRESS },
      })),
    );
  });

  test('a reconnect keeps the subscription Shopify has for the address and creates only the missing ones', async () => {
    const { http, calls } = shop([
      graphql({
        WebhookSubscriptions: shopify('webhook-subscriptions'),
        WebhookSubscriptionCreate: shopify('webhook-subscription-create-orders'),
      }),
    ]);
    const ids = await shopifyAdapter.registerWebhooks(http, STORE, ADDRESS);
    // APP_UNINSTALLED at this address exists (901471826); ORDERS_CANCELLED at another is not ours to keep.
    expect(ids).toEqual(['8589934628', '8589934628', '901471826']);
    expect(calls.slice(1).map((call) => (variablesOf(call) as { topic: string }).topic)).toEqual([
      'ORDERS_CREATE',
      'ORDERS_UPDATED',
    ]);
  });

  test('disconnecting deletes the subscriptions and uninstalls the app; a token already refused is no failure', async () => {
    const { http, calls } = shop([
      graphql({
        WebhookSubscriptionDelete: shopify('webhook-subscription-delete'),
        AppUninstall: shopify('app-uninstall'),
      }),
    ]);
    await shopifyAdapter.disconnect(http, STORE, ['525699895']);
    expect(calls.map(operationOf)).toEqual(['WebhookSubscriptionDelete', 'AppUninstall']);
    expect(variablesOf(calls[0])).toEqual(
      variablesOf({ json: shopify('webhook-subscription-delete').request?.body } as RecordedCall),
    );
    expect(variablesOf(calls[1])).toEqual({});

    const gone = shop([{ method: 'POST', path: GRAPHQL, answers: shopify('unauthorized') }]);
    await shopifyAdapter.disconnect(gone.http, STORE, ['525699895']);
    expect(gone.calls).toHaveLength(2);
  });

  test("a delivery's X-Shopify-Hmac-Sha256 is checked as the library checks it", () => {
    const vector = shopify('webhook-hmac');
    const { secret } = JSON.parse(readFileSync(path.join(FIXTURES, 'shopify', 'webhook-hmac.json'), 'utf8')) as {
      secret: string;
    };
    const body = vector.request?.body as string;
    const signature = vector.response.headers?.['x-shopify-hmac-sha256'];
    expect(validWebhookHmac(body, secret, signature)).toBe(true);
    expect(validWebhookHmac(body.replace('bar', 'baz'), secret, signature)).toBe(false);
    expect(validWebhookHmac(body, 'another secret', signature)).toBe(false);
    expect(validWebhookHmac(body, secret, undefined)).toBe(false);
  });

  test("an orders/create delivery's REST-shaped order is mapped field by field", async () => {
    const rawBody = JSON.stringify(shopify('webhook-orders-create').response.body);
    const { http, calls } = shop([]);
    const event = await shopifyAdapter.eventOf(http, STORE, { topic: 'orders/create', rawBody });
    expect(calls).toEqual([]);
    const item = (colour: string) => ({
      title: `IPod Nano - 8gb - ${colour}`,
      sku: `IPOD2008${colour.toUpperCase()}`,
      quantity: 1,
      grams: 200,
      priceCents: 19900,
    });
    expect(event).toEqual({
      kind: 'order',
      order: {
        externalId: '450789469',
        name: '#1001',
        updatedAt: '2008-01-10T16:00:00.000Z',
        open: true,
        cancelled: false,
        to: {
          personName: 'Bob Norman',
          company: '',
          phone: '+1(502)-459-2181',
          email: 'bob.norman@mail.example.com',
          countryCode: 'US',
          stateCode: 'KY',
          city: 'Louisville',
          addressLine1: 'Chestnut Street 92',
          addressLine2: '',
          zipCode: '40202',
        },
        items: [item('green'), item('red'), item('black')],
      },
    });
    expect(await shopifyAdapter.eventOf(http, STORE, { topic: 'app/uninstalled', rawBody: '{}' })).toEqual({
      kind: 'uninstalled',
    });
    const changed = rawBody.replace('"name":"#1001"', '"name":1001');
    const error = await failureOf(shopifyAdapter.eventOf(http, STORE, { topic: 'orders/updated', rawBody: changed }));
    expect(error.message).toMatch(/^shopify webhook orders\/updated: answer changed shape at name/);
  });
});

describe('shopify errors', () => {
  const orders = (answers: Fixture | Fixture[]) => {
    const replayed = shop([graphql({ OpenOrders: answers })]);
    return { ...replayed, read: () => pagesOf(shopifyAdapter.openOrders(replayed.http, STORE)) };
  };

  test('THROTTLED is rateLimited, waiting until the bucket holds the query again', async () => {
    const throttled = orders(shopify('throttled'));
    const error = await failureOf(throttled.read());
    expect(error.kind).toBe('rateLimited');
    expect(error.message).toBe('Throttled');
    // (752 requested − 666 available) / 50 a second = 1.72 s, waited as 2.
    expect(error.details.retryAfterMs).toBe(2000);
    expect(throttled.calls).toHaveLength(1);
    const bare = await failureOf(orders(shopify('throttled-without-cost')).read());
    expect(bare.kind).toBe('rateLimited');
    expect(bare.details.retryAfterMs).toBeUndefined();
  });

  test("a mutation's userErrors are a badRequest with Shopify's words", async () => {
    const { http } = shop([
      graphql({
        WebhookSubscriptions: shopify('webhook-subscriptions-none'),
        WebhookSubscriptionCreate: shopify('webhook-subscription-create-user-errors'),
      }),
    ]);
    const error = await failureOf(shopifyAdapter.registerWebhooks(http, STORE, 'https://example.org/endpoint'));
    expect(error.kind).toBe('badRequest');
    expect(error.message).toBe('Webhook topic is invalid');
  });

  test('ACCESS_DENIED is auth; a query Shopify refused is badRequest; its own failure transient', async () => {
    const denied = await failureOf(orders(shopify('access-denied')).read());
    expect(denied.kind).toBe('auth');
    expect(denied.message).toContain('Access denied for description field');
    const refused = await failureOf(orders(shopify('query-error')).read());
    expect(refused.kind).toBe('badRequest');
    expect(refused.message).toBe('you must provide one of first or last');
    const internal = await failureOf(orders(shopify('internal-error')).read());
    expect(internal.kind).toBe('transient');
    expect(internal.message).toContain('Internal error');
  });

  test("401 is auth with Shopify's words; 404 badRequest", async () => {
    const unauthorized = await failureOf(orders(shopify('unauthorized')).read());
    expect(unauthorized.kind).toBe('auth');
    expect(unauthorized.details.status).toBe(401);
    expect(unauthorized.message).toBe('[API] Invalid API key or access token (unrecognized login or wrong password)');
    const missing = await failureOf(orders(shopify('not-found')).read());
    expect(missing.kind).toBe('badRequest');
    expect(missing.details.status).toBe(404);
  });

  test('a 5xx is asked again for a read, never for a fulfilment (its outcome is unknown)', async () => {
    const read = orders([shopify('server-error'), shopify('orders-last-page')]);
    expect((await read.read()).flat().map((order) => order.name)).toEqual(['#2006']);
    expect(read.calls).toHaveLength(2);
    expect(read.waits).toHaveLength(1);

    const { http, calls } = shop([
      graphql({ OrderFulfillmentOrders: shopify('fulfillment-orders'), FulfillmentCreate: shopify('server-error') }),
    ]);
    const shipment = { externalId: '450789469', trackingNumber: '1Z', carrier: 'UPS', trackingUrl: '' };
    const error = await failureOf(shopifyAdapter.fulfil(http, STORE, shipment));
    expect(error.kind).toBe('transient');
    expect(error.message).toBe('Error 500');
    expect(calls.map(operationOf)).toEqual(['OrderFulfillmentOrders', 'FulfillmentCreate']);
    // No url given: none sent.
    expect((variablesOf(calls[1]) as { fulfillment: { trackingInfo: unknown } }).fulfillment.trackingInfo).toEqual({
      company: 'UPS',
      number: '1Z',
    });
  });

  test("HTTP 429 without Retry-After (the GraphQL client's mock): backed off, asked again, then answered", async () => {
    const read = orders([shopify('http-429'), shopify('orders-last-page')]);
    expect((await read.read()).flat().map((order) => order.name)).toEqual(['#2006']);
    expect(read.calls).toHaveLength(2);
    expect(read.waits).toHaveLength(1);
    expect(read.log.map((record) => [record.httpStatus, record.outcome])).toEqual([
      [429, 'rateLimited'],
      [200, 'ok'],
    ]);
  });

  test("HTTP 429 with Shopify's decimal Retry-After: waited as asked, then answered", async () => {
    const read = orders([shopify('http-429-retry-after-short'), shopify('orders-last-page')]);
    expect((await read.read()).flat()).toHaveLength(1);
    expect(read.waits).toEqual([100]);
    expect(read.calls).toHaveLength(2);
  });

  test('HTTP 429 asking to wait longer than the platform waits: rateLimited with the wait, not asked again', async () => {
    const read = orders([shopify('http-429-retry-after'), shopify('orders-last-page')]);
    const error = await failureOf(read.read());
    expect([error.kind, error.details.status, error.details.retryAfterMs]).toEqual(['rateLimited', 429, 100_000]);
    expect(read.calls).toHaveLength(1);
    expect(read.waits).toEqual([]);
  });

  test('a fulfilment answered HTTP 429 was not carried out: it is sent again and fulfils the order once', async () => {
    const { http, calls, waits } = shop([
      graphql({
        OrderFulfillmentOrders: shopify('fulfillment-orders'),
        FulfillmentCreate: [shopify('http-429'), shopify('fulfillment-create')],
      }),
    ]);
    const shipment = { externalId: '450789469', trackingNumber: '1Z', carrier: 'UPS', trackingUrl: '' };
    expect(await shopifyAdapter.fulfil(http, STORE, shipment)).toEqual({ fulfilmentId: '237894043' });
    expect(calls.map(operationOf)).toEqual(['OrderFulfillmentOrders', 'FulfillmentCreate', 'FulfillmentCreate']);
    expect(waits).toHaveLength(1);
  });
  // Shopify's GraphQL Admin API refuses a mutation with its userErrors (status 200, above) and publishes no
  // 409 or 422 body for the calls the adapter makes: none is tested here (docs/stores.md).

  test('an answer that is not JSON is transient', async () => {
    const { http, calls } = shop([graphql({ FulfillmentCancel: shopify('not-json') })]);
    const error = await failureOf(ask(http, 'unfulfil', 'fulfillmentCancel', { id: 'gid://shopify/Fulfillment/1' }));
    expect(error.kind).toBe('transient');
    expect(calls).toHaveLength(1);
  });
});

describe('shopify stand-in', () => {
  const APP = { clientId: 'conformance-app', clientSecret: CLIENT_SECRET };
  const DOMAIN = 'conformance.myshopify.com';
  let standIn: ShopifyStandIn;
  let token: string;

  beforeAll(async () => {
    standIn = await startShopifyStandIn(APP);
    standIn.addShop(DOMAIN, { weightUnit: 'kg' });
    const origin = standIn.originOf(DOMAIN);
    const query = new URLSearchParams({ client_id: APP.clientId, redirect_uri: 'http://platform.test/cb', state: 's' });
    const page = await (await fetch(`${origin}/admin/oauth/authorize?${query}`)).text();
    const install = (/<a id="install" href="([^"]+)">/.exec(page)?.[1] ?? '').replaceAll('&amp;', '&');
    const back = new URL((await fetch(install, { redirect: 'manual' })).headers.get('location') ?? '');
    const granted = await fetch(`${origin}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: APP.clientId,
        client_secret: APP.clientSecret,
        code: back.searchParams.get('code'),
      }),
    });
    const body = (await granted.json()) as { access_token: string };
    expectSameShape(body, shopify('access-token').response.body);
    token = body.access_token;
  });
  afterAll(() => standIn.close());

  /** The stand-in's raw answer to one of the adapter's documents. */
  async function answer(operation: keyof typeof DOCUMENTS, variables: Record<string, unknown> = {}) {
    const response = await fetch(`${standIn.originOf(DOMAIN)}${GRAPHQL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
      body: JSON.stringify({ query: DOCUMENTS[operation], variables }),
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  test("answers every operation the adapter sends in Shopify's published shapes", async () => {
    const [first] = [standIn.addOrder(DOMAIN), standIn.addOrder(DOMAIN)];
    const variables = { first: 1, after: null, query: 'status:open -fulfillment_status:fulfilled' };
    expectSameShape(await answer('openOrders', variables), shopify('orders-page').response.body);
    expectSameShape(await answer('openOrders', { ...variables, first: 5 }), shopify('orders-last-page').response.body);
    const order = { id: `gid://shopify/Order/${first?.id}` };
    expectSameShape(await answer('fulfillmentOrders', order), shopify('fulfillment-orders').response.body);
    const [open] = (
      (await answer('fulfillmentOrders', order)) as {
        data: { order: { fulfillmentOrders: { nodes: { id: string }[] } } };
      }
    ).data.order.fulfillmentOrders.nodes;
    const created = await answer('fulfillmentCreate', {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: open?.id }], notifyCustomer: true },
    });
    expectSameShape(created, shopify('fulfillment-create').response.body);
    const fulfilmentId = (created as { data: { fulfillmentCreate: { fulfillment: { id: string } } } }).data
      .fulfillmentCreate.fulfillment.id;
    expectSameShape(
      await answer('fulfillmentCancel', { id: fulfilmentId }),
      shopify('fulfillment-cancel').response.body,
    );
    const subscription = { topic: 'ORDERS_CREATE', webhookSubscription: { uri: 'https://example.org/endpoint' } };
    const hook = await answer('webhookSubscriptionCreate', subscription);
    expectSameShape(hook, shopify('webhook-subscription-create').response.body);
    expectSameShape(
      await answer('webhookSubscriptionCreate', subscription),
      shopify('webhook-subscription-create-user-errors').response.body,
    );
    expectSameShape(
      await answer('webhookSubscriptions', { uri: 'https://example.org/endpoint' }),
      shopify('webhook-subscriptions').response.body,
    );
    const hookId = (hook as { data: { webhookSubscriptionCreate: { webhookSubscription: { id: string } } } }).data
      .webhookSubscriptionCreate.webhookSubscription.id;
    expectSameShape(
      await answer('webhookSubscriptionDelete', { id: hookId }),
      shopify('webhook-subscription-delete').response.body,
    );
    await answer('webhookSubscriptionCreate', subscription);
    const [delivery] = standIn.webhookRequests(DOMAIN, 'orders/create', first);
    expectSameShape(JSON.parse(delivery?.body ?? 'null'), shopify('webhook-orders-create').response.body);
    const http = createUpstreamClient({
      ...shopifyConnection(standIn.originOf(DOMAIN), token, CLIENT_SECRET),
      channelId: null,
      log: async () => {},
    });
    expect(await shopWeightUnit(http)).toBe('kg');
    expectSameShape(await answer('appUninstall'), shopify('app-uninstall').response.body);
  });

  // --- Every fixture the stand-in can answer, compared with what it answers (replay.ts answerDifferences):
  // the same status, headers and fields, and the same values but for the paths listed as following the
  // request (ids, cursors, times, the shop's bucket). Shops of their own hold the documented orders.

  /** The install flow for `shop`, asking for `scope`: the token exchange's raw answer and its token. */
  async function granted(shop: string, scope = 'write_orders,read_customers') {
    const origin = standIn.originOf(shop);
    const query = new URLSearchParams({
      client_id: APP.clientId,
      scope,
      redirect_uri: 'http://platform.test/cb',
      state: 's',
    });
    const page = await (await fetch(`${origin}/admin/oauth/authorize?${query}`)).text();
    const install = (/<a id="install" href="([^"]+)">/.exec(page)?.[1] ?? '').replaceAll('&amp;', '&');
    const redirect = await replyOf(fetch(install, { redirect: 'manual' }));
    const back = new URL(redirect.headers.get('location') ?? '');
    const exchanged = await replyOf(
      fetch(`${origin}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: APP.clientId,
          client_secret: APP.clientSecret,
          code: back.searchParams.get('code'),
        }),
      }),
    );
    return {
      redirect,
      exchanged,
      token: (JSON.parse(exchanged.bytes.toString()) as { access_token: string }).access_token,
    };
  }
  const SERVED_SHOP = 'served.myshopify.com';
  let servedToken = '';
  /** The shop holding the documented orders (#2000 with its one line, #2006 with none) and a token for it. */
  async function servedShop() {
    if (servedToken) return servedToken;
    standIn.addShop(SERVED_SHOP);
    standIn.addOrder(SERVED_SHOP, {
      name: '#2000',
      email: 'bob@example.com',
      line_items: [{ title: 'Draft', name: 'Draft - 151cm', sku: 'draft-151', quantity: 10 }],
    });
    standIn.addOrder(SERVED_SHOP, { name: '#2006', email: 'bob@example.com', line_items: [] });
    servedToken = (await granted(SERVED_SHOP)).token;
    return servedToken;
  }
  const reply = async (operation: keyof typeof DOCUMENTS, variables: Record<string, unknown> = {}, token?: string) =>
    replyOf(
      fetch(`${standIn.originOf(SERVED_SHOP)}${GRAPHQL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': token ?? (await servedShop()) },
        body: JSON.stringify({ query: DOCUMENTS[operation], variables }),
      }),
    );
  const json = <T>(answer: StandInReply) => JSON.parse(answer.bytes.toString()) as T;
  const ORDERS = { first: 1, after: null, query: 'status:open -fulfillment_status:fulfilled' };
  const firstOrder = async () => {
    await servedShop();
    return { id: `gid://shopify/Order/${standIn.orders(SERVED_SHOP)[0]?.id}` };
  };
  /** A new order of the served shop fulfilled whole: the order and the fulfillmentCreate answer. */
  const fulfilled = async () => {
    await servedShop();
    const order = { id: `gid://shopify/Order/${standIn.addOrder(SERVED_SHOP).id}` };
    const answer = json<{ data: { order: { fulfillmentOrders: { nodes: { id: string; status: string }[] } } } }>(
      await reply('fulfillmentOrders', order),
    );
    const open = answer.data.order.fulfillmentOrders.nodes.find((node) => node.status === 'OPEN')?.id;
    const created = await reply('fulfillmentCreate', {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: open }], notifyCustomer: true },
    });
    return { order, created };
  };
  const subscribe = (topic: string, uri = 'https://example.org/endpoint') =>
    reply('webhookSubscriptionCreate', { topic, webhookSubscription: { uri } });
  const fault = async (status: number, retryAfter?: string) => {
    await servedShop();
    standIn.fail(SHOPIFY_GRAPHQL_ROUTE, { kind: 'status', status, ...(retryAfter ? { retryAfter } : {}) });
    return reply('openOrders', ORDERS);
  };
  const throttled = async () => {
    await servedShop();
    standIn.throttle(SERVED_SHOP);
    return reply('openOrders', ORDERS);
  };
  const NODE = '$.data.orders.edges[*].node';
  const ORDERS_VARYING = [`${NODE}.id`, `${NODE}.updatedAt`, '$.data.orders.pageInfo.endCursor'];
  const NODES = '$.data.order.fulfillmentOrders.nodes';
  const BUCKET = ['maximumAvailable', 'currentlyAvailable', 'restoreRate'].map(
    (field) => `$.extensions.cost.throttleStatus.${field}`,
  );

  const SERVED: Record<string, { varying: string[]; answer: () => Promise<StandInReply> }> = {
    'access-token': { varying: ['$.access_token'], answer: async () => (await granted(DOMAIN)).exchanged },
    'callback-hmac-docs': {
      // The redirect to the app with the code, the shop and Shopify's hmac over them.
      varying: ['headers.location'],
      answer: async () => (await granted(DOMAIN)).redirect,
    },
    'orders-page': { varying: ORDERS_VARYING, answer: () => reply('openOrders', ORDERS) },
    'orders-last-page': {
      varying: ORDERS_VARYING,
      answer: async () => {
        const first = json<{ data: { orders: { pageInfo: { endCursor: string } } } }>(
          await reply('openOrders', ORDERS),
        );
        return reply('openOrders', { ...ORDERS, first: 5, after: first.data.orders.pageInfo.endCursor });
      },
    },
    'fulfillment-orders': {
      varying: [`${NODES}[]`, `${NODES}[*].id`],
      answer: async () => reply('fulfillmentOrders', await firstOrder()),
    },
    'fulfillment-create': {
      varying: ['$.data.fulfillmentCreate.fulfillment.id'],
      answer: async () => (await fulfilled()).created,
    },
    'fulfillment-orders-closed': {
      varying: [`${NODES}[*].id`],
      answer: async () => reply('fulfillmentOrders', (await fulfilled()).order),
    },
    'fulfillment-cancel': {
      varying: ['$.data.fulfillmentCancel.fulfillment.id'],
      answer: async () => {
        const created = json<{ data: { fulfillmentCreate: { fulfillment: { id: string } } } }>(
          (await fulfilled()).created,
        );
        return reply('fulfillmentCancel', { id: created.data.fulfillmentCreate.fulfillment.id });
      },
    },
    'webhook-subscription-create': {
      varying: ['$.data.webhookSubscriptionCreate.webhookSubscription.id'],
      answer: () => subscribe('APP_UNINSTALLED'),
    },
    'webhook-subscription-create-orders': {
      varying: ['$.data.webhookSubscriptionCreate.webhookSubscription.id'],
      answer: () => subscribe('ORDERS_CREATE'),
    },
    'webhook-subscription-create-user-errors': {
      // Why it was refused: the library's mock names an invalid topic, the stand-in a topic taken at this address.
      varying: ['$.data.webhookSubscriptionCreate.userErrors'],
      answer: async () => {
        await subscribe('ORDERS_UPDATED', 'https://example.org/twice');
        return subscribe('ORDERS_UPDATED', 'https://example.org/twice');
      },
    },
    'webhook-subscriptions': {
      varying: [
        '$.data.webhookSubscriptions.edges[]',
        ...['id', 'topic', 'uri'].map((f) => `$.data.webhookSubscriptions.edges[*].node.${f}`),
      ],
      answer: async () => {
        await subscribe('ORDERS_CANCELLED', 'https://example.org/listed');
        return reply('webhookSubscriptions', { uri: 'https://example.org/listed' });
      },
    },
    'webhook-subscriptions-none': {
      varying: [],
      answer: () => reply('webhookSubscriptions', { uri: 'https://example.org/none' }),
    },
    'webhook-subscription-delete': {
      varying: ['$.data.webhookSubscriptionDelete.deletedWebhookSubscriptionId'],
      answer: async () => {
        const created = json<{ data: { webhookSubscriptionCreate: { webhookSubscription: { id: string } } } }>(
          await subscribe('ORDERS_FULFILLED', 'https://example.org/deleted'),
        );
        return reply('webhookSubscriptionDelete', {
          id: created.data.webhookSubscriptionCreate.webhookSubscription.id,
        });
      },
    },
    'app-uninstall': {
      // A shop of its own: uninstalling revokes its tokens.
      varying: [],
      answer: async () => {
        standIn.addShop('uninstalled.myshopify.com');
        const { token } = await granted('uninstalled.myshopify.com');
        return replyOf(
          fetch(`${standIn.originOf('uninstalled.myshopify.com')}${GRAPHQL}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
            body: JSON.stringify({ query: DOCUMENTS.appUninstall, variables: {} }),
          }),
        );
      },
    },
    'webhook-orders-create': {
      // Shopify's reference order #1001, placed in the stand-in's shop and delivered to a subscription.
      varying: ['$.id', '$.updated_at'],
      answer: async () => {
        await subscribe('ORDERS_CREATE', 'https://example.org/orders');
        const recorded = shopify('webhook-orders-create').response.body as Record<string, never>;
        const order = standIn.addOrder(SERVED_SHOP, {
          name: recorded.name,
          email: recorded.email,
          phone: recorded.phone,
          shipping_address: recorded.shipping_address,
          line_items: recorded.line_items,
        });
        const delivery = standIn
          .webhookRequests(SERVED_SHOP, 'orders/create', order)
          .find((entry) => entry.address === 'https://example.org/orders');
        return jsonReply(delivery?.body);
      },
    },
    unauthorized: { varying: [], answer: () => reply('openOrders', ORDERS, 'shpat_revoked') },
    'not-found': {
      varying: [],
      answer: () => replyOf(fetch(`${standIn.url}/shops/unknown.myshopify.com${GRAPHQL}`, { method: 'POST' })),
    },
    'not-json': {
      varying: ['$text'],
      answer: async () => {
        await servedShop();
        standIn.fail(SHOPIFY_GRAPHQL_ROUTE, { kind: 'malformed' });
        return reply('openOrders', ORDERS);
      },
    },
    'server-error': { varying: [], answer: () => fault(500) },
    'http-429': { varying: [], answer: () => fault(429) },
    'http-429-retry-after': { varying: [], answer: () => fault(429, '100') },
    // The library's mocks word their 429s differently; the stand-in's with a Retry-After is http-429-retry-after's.
    'http-429-retry-after-short': { varying: ['$.errors'], answer: () => fault(429, '0.1') },
    throttled: { varying: ['$.extensions.cost.requestedQueryCost', ...BUCKET], answer: throttled },
    'throttled-without-cost': { varying: [], answer: throttled },
    'query-error': {
      // The recorded refusal is of the library's `products` query; the stand-in's of the adapter's `orders`.
      varying: [
        '$.errors[*].path',
        '$.extensions.cost.requestedQueryCost',
        '$.extensions.cost.actualQueryCost',
        ...BUCKET,
      ],
      answer: () => reply('openOrders', { after: null, query: ORDERS.query }),
    },
  };
  const UNSERVED: Record<string, string> = {
    'access-denied': "the stand-in does not check a token's scopes against the fields asked for",
    'internal-error':
      "Shopify's own failure inside a GraphQL answer: the stand-in fails only by HTTP status (its faults)",
    'callback-hmac-vectors': "not an answer: the official library's validateHmac vectors",
    'webhook-hmac': "not an answer: the official library's webhook signature vector",
  };

  test('every Shopify fixture is served by the stand-in or listed with why it is not', () => {
    expect(unlistedFixtures('shopify', Object.keys(SERVED), Object.keys(UNSERVED))).toEqual({
      unlisted: [],
      both: [],
      unknown: [],
    });
  });

  test.each(Object.keys(SERVED))('the stand-in answers %s as Shopify does', async (name) => {
    const entry = SERVED[name] as (typeof SERVED)[string];
    expectServes(await entry.answer(), shopify(name), entry.varying);
  });
});
