import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UpstreamError } from '../../src/outbound/types.ts';
import type { StoreConnection, StoreOrder } from '../../src/stores/types.ts';
import { siteWeightUnit, wooCommerceAdapter } from '../../src/stores/woocommerce/adapter.ts';
import { validWebhookSignature, wooComplaint } from '../../src/stores/woocommerce/wire.ts';
import { startWooCommerceStandIn, type WooCommerceStandIn, type WooOrder } from '../../standins/woocommerce.ts';
import {
  bodyOf,
  type Connection,
  expectSameShape,
  expectServes,
  type Fixture,
  fixture,
  jsonReply,
  type Route,
  replay,
  replyOf,
  type StandInReply,
  unlistedFixtures,
} from './replay.ts';

/**
 * WooCommerce's adapter (docs/stores.md) against WooCommerce's own material: the REST API docs' example
 * answers, WooCommerce's own API tests and source (the weight unit setting, the errors it builds, the
 * pagination headers, the webhook signature) and WordPress's, each fixture naming its source.
 */

const woo = (name: string) => fixture('woocommerce', name);

const SITE = 'https://example.com';
const API = '/wp-json/wc/v3';
const CREDENTIALS = {
  consumerKey: `ck_${'4'.repeat(40)}`,
  consumerSecret: `cs_${'5'.repeat(40)}`,
  webhookSecret: 'the-webhook-secret-we-chose',
};

/** The connection storeClient (src/stores/client.ts) builds for a WooCommerce site: its keys as Basic auth. */
function wooConnection(): Connection {
  const basic = Buffer.from(`${CREDENTIALS.consumerKey}:${CREDENTIALS.consumerSecret}`).toString('base64');
  return {
    baseUrl: `${SITE}${API}`,
    authorize: () => ({ authorization: `Basic ${basic}` }),
    errorOf: wooComplaint,
    secrets: [CREDENTIALS.consumerKey, CREDENTIALS.consumerSecret, CREDENTIALS.webhookSecret, basic],
  };
}

const BASIC = `Basic ${Buffer.from(`${CREDENTIALS.consumerKey}:${CREDENTIALS.consumerSecret}`).toString('base64')}`;

const store: StoreConnection = {
  id: 1,
  platform: 'woocommerce',
  account: SITE,
  credentials: CREDENTIALS,
  weightUnit: 'lb',
};

const route = (method: string, path: string, answers: Route['answers']): Route => ({
  method,
  path: `${API}${path}`,
  answers,
});

/** The same answer with other headers: a test's variation of what the host adds, never of a body. */
const withHeaders = (item: Fixture, headers: Record<string, string>): Fixture => ({
  ...item,
  response: { ...item.response, headers: { ...item.response.headers, ...headers } },
});

/** The same answer with another JSON body: a changed shape the adapter must refuse. */
const withBody = (item: Fixture, body: unknown): Fixture => ({ ...item, response: { ...item.response, body } });

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

async function allPages(pages: AsyncGenerator<StoreOrder[]>): Promise<StoreOrder[][]> {
  const all: StoreOrder[][] = [];
  for await (const page of pages) all.push(page);
  return all;
}

describe('woocommerce connect', () => {
  const weightRoutes = (answer: Fixture) => [
    route('GET', '/settings/products/woocommerce_weight_unit', answer),
    // The documented system status, served so that reading the unit there shows as a wrong unit.
    route('GET', '/system_status', woo('system-status')),
  ];

  test('the documented system status has no weight unit: WooCommerce keeps it in the option woocommerce_weight_unit', () => {
    const settings = (bodyOf(woo('system-status')) as { settings: Record<string, unknown> }).settings;
    expect(Object.keys(settings)).not.toContain('weight_unit');
    expect(bodyOf(woo('settings-weight-unit-lbs'))).toMatchObject({ id: 'woocommerce_weight_unit', value: 'lbs' });
  });

  test('a store weighing in lbs is read as weighing in pounds, with one authenticated GET of the setting', async () => {
    const { http, calls, log, unmatched } = replay(wooConnection(), weightRoutes(woo('settings-weight-unit-lbs')));
    expect(await siteWeightUnit(http)).toBe('lb');
    expect(unmatched).toEqual([]);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.method).toBe('GET');
    expect(call?.url.href).toBe(`${SITE}${API}/settings/products/woocommerce_weight_unit`);
    expect(call?.headers.authorization).toBe(BASIC);
    expect(call?.headers.accept).toBe('application/json');
    expect(call?.text).toBe('');
    expect(log.map((record) => [record.operation, record.httpStatus, record.outcome])).toEqual([['auth', 200, 'ok']]);
    // The keys are never written to the log.
    expect(JSON.stringify(log)).not.toContain(CREDENTIALS.consumerSecret);
    expect(JSON.stringify(log)).not.toContain(BASIC.slice('Basic '.length));
  });

  test("each of the setting's own options is read as its unit (WooCommerce writes pounds lbs)", async () => {
    const lbs = woo('settings-weight-unit-lbs');
    const options = Object.keys((bodyOf(lbs) as { options: Record<string, string> }).options);
    expect(options).toEqual(['kg', 'g', 'lbs', 'oz']);
    const ours: Record<string, string> = { kg: 'kg', g: 'g', lbs: 'lb', oz: 'oz' };
    for (const option of options) {
      const answer = withBody(lbs, { ...(bodyOf(lbs) as object), value: option });
      const { http } = replay(wooConnection(), weightRoutes(answer));
      expect(await siteWeightUnit(http)).toBe(ours[option]);
    }
  });

  test('a unit WooCommerce does not offer fails naming the operation and the field, never guessed as kg', async () => {
    const lbs = woo('settings-weight-unit-lbs');
    const { http } = replay(wooConnection(), weightRoutes(withBody(lbs, { ...(bodyOf(lbs) as object), value: 'st' })));
    const error = await failure(siteWeightUnit(http));
    expect(error.kind).toBe('transient');
    expect(error.message).toMatch(/^woocommerce auth: answer changed shape at value/);
  });
});

describe('woocommerce orders', () => {
  const routes = () => [
    route('GET', '/orders', [woo('orders-page-1'), woo('orders-page-2')]),
    route('GET', '/products', woo('products')),
    route('GET', '/products/22/variations', woo('variations')),
  ];

  test("open orders are read page by page as X-WP-TotalPages says, each page's products and variations asked once", async () => {
    const { http, calls, unmatched } = replay(wooConnection(), routes());
    const pages = await allPages(wooCommerceAdapter.openOrders(http, store));
    expect(unmatched).toEqual([]);
    expect(pages.map((page) => page.map((order) => order.externalId))).toEqual([['727'], ['723']]);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      `GET ${API}/orders`,
      `GET ${API}/products`,
      // Line item 316 is variation 23 of product 22: a variation has a weight of its own.
      `GET ${API}/products/22/variations`,
      `GET ${API}/orders`,
      `GET ${API}/products`,
    ]);
    const query = (index: number) => Object.fromEntries(calls[index]?.url.searchParams ?? []);
    expect(query(0)).toEqual({ status: 'processing', per_page: '100', page: '1', orderby: 'id', order: 'asc' });
    expect(query(3)).toEqual({ status: 'processing', per_page: '100', page: '2', orderby: 'id', order: 'asc' });
    // The line items' products of each page, by WooCommerce's `include` list.
    expect(query(1)).toEqual({ include: '93,22', per_page: '100' });
    expect(query(2)).toEqual({ include: '23', per_page: '100' });
    expect(query(4)).toEqual({ include: '87,34', per_page: '100' });
    for (const call of calls) expect(call.headers.authorization).toBe(BASIC);
  });

  test('each field of a documented order is mapped', async () => {
    const { http } = replay(wooConnection(), routes());
    const [[first], [second]] = (await allPages(wooCommerceAdapter.openOrders(http, store))) as [
      StoreOrder[],
      StoreOrder[],
    ];
    expect(first).toEqual({
      externalId: '727',
      name: '#727',
      updatedAt: '2017-03-22T19:28:08',
      open: true,
      cancelled: false,
      to: {
        personName: 'John Doe',
        company: '',
        // The documented shipping address has no phone: the billing one is taken.
        phone: '(555) 555-5555',
        email: 'john.doe@example.com',
        countryCode: 'US',
        stateCode: 'CA',
        city: 'San Francisco',
        addressLine1: '969 Market',
        addressLine2: '',
        zipCode: '94103',
      },
      items: [
        // The documented products have no weight set ("").
        { title: 'Woo Single #1', sku: '', quantity: 2, grams: null, priceCents: 300 },
        {
          title: 'Ship Your Idea &ndash; Color: Black, Size: M Test',
          sku: 'Bar3',
          quantity: 1,
          grams: null,
          priceCents: 1200,
        },
      ],
    });
    expect(second).toMatchObject({
      externalId: '723',
      name: '#723',
      updatedAt: '2017-03-21T19:54:51',
      open: false,
      cancelled: false,
      to: {
        personName: 'João Silva',
        countryCode: 'BR',
        stateCode: 'RJ',
        zipCode: '12345-000',
        city: 'Rio de Janeiro',
      },
    });
  });

  test('a page count that is not a number fails naming the header', async () => {
    const { http } = replay(wooConnection(), [
      route('GET', '/orders', withHeaders(woo('orders-page-1'), { 'X-WP-TotalPages': 'two' })),
      route('GET', '/products', woo('products')),
    ]);
    const error = await failure(allPages(wooCommerceAdapter.openOrders(http, store)));
    expect(error.message).toMatch(/^woocommerce storeOrders: answer changed shape at x-wp-totalpages/);
  });

  test('an order whose line item lost its quantity fails naming the field', async () => {
    const page = woo('orders-page-1');
    const [order] = bodyOf(page) as { line_items: Record<string, unknown>[] }[];
    const changed = [{ ...order, line_items: [{ ...order?.line_items[0], quantity: '2' }] }];
    const { http } = replay(wooConnection(), [
      route('GET', '/orders', withBody(page, changed)),
      route('GET', '/products', woo('products')),
    ]);
    const error = await failure(allPages(wooCommerceAdapter.openOrders(http, store)));
    expect(error.message).toMatch(/^woocommerce storeOrders: answer changed shape at 0\.line_items\.0\.quantity/);
  });

  test("a product weight that is not WooCommerce's string fails naming the field", async () => {
    const products = woo('products');
    const changed = (bodyOf(products) as { id: number }[]).map((product) => ({ ...product, weight: 0.5 }));
    const { http } = replay(wooConnection(), [
      route('GET', '/orders', woo('orders-page-2')),
      route('GET', '/products', withBody(products, changed)),
    ]);
    const error = await failure(allPages(wooCommerceAdapter.openOrders(http, store)));
    expect(error.message).toMatch(/^woocommerce storeOrders: answer changed shape at 0\.weight/);
  });
});

describe('woocommerce fulfil', () => {
  const shipment = {
    externalId: '727',
    trackingNumber: '9400111899223197428490',
    carrier: 'USPS',
    trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
  };

  test('a label becomes a note to the customer and the order is completed; the note is the fulfilment', async () => {
    const { http, calls, unmatched } = replay(wooConnection(), [
      route('POST', '/orders/727/notes', woo('order-note-create')),
      route('PUT', '/orders/727', woo('order-update')),
    ]);
    expect(await wooCommerceAdapter.fulfil(http, store, shipment)).toEqual({ fulfilmentId: '281' });
    expect(unmatched).toEqual([]);
    expect(calls.map((call) => [call.method, call.url.pathname, call.headers['content-type']])).toEqual([
      ['POST', `${API}/orders/727/notes`, 'application/json'],
      ['PUT', `${API}/orders/727`, 'application/json'],
    ]);
    expect(calls[0]?.json).toEqual({
      note: `Shipped with USPS, tracking number ${shipment.trackingNumber}: ${shipment.trackingUrl}`,
      customer_note: true,
    });
    // The documented update request: the status alone.
    expect(calls[1]?.json).toEqual(woo('order-update').request?.body);
  });

  test('cancelling deletes the note for good and puts the order back to processing', async () => {
    const { http, calls, unmatched } = replay(wooConnection(), [
      route('DELETE', '/orders/727/notes/281', woo('order-note-delete')),
      route('PUT', '/orders/727', woo('order-update')),
    ]);
    await wooCommerceAdapter.cancelFulfilment(http, store, { externalId: '727', fulfilmentId: '281' });
    expect(unmatched).toEqual([]);
    expect(calls.map((call) => [call.method, call.url.pathname, call.url.search])).toEqual([
      ['DELETE', `${API}/orders/727/notes/281`, '?force=true'],
      ['PUT', `${API}/orders/727`, ''],
    ]);
    expect(calls[1]?.json).toEqual({ status: 'processing' });
  });

  test('a note answered without its id fails naming the field (the outcome is unknown, not retried)', async () => {
    const created = woo('order-note-create');
    const { id: _id, ...withoutId } = bodyOf(created) as Record<string, unknown>;
    const { http, calls } = replay(wooConnection(), [
      route('POST', '/orders/727/notes', withBody(created, withoutId)),
      route('PUT', '/orders/727', woo('order-update')),
    ]);
    const error = await failure(wooCommerceAdapter.fulfil(http, store, shipment));
    expect(error.kind).toBe('transient');
    expect(error.message).toMatch(/^woocommerce fulfil: answer changed shape at id/);
    expect(calls).toHaveLength(1);
  });
});

describe('woocommerce webhooks', () => {
  const address = 'https://parcelport.example/api/app/stores/webhooks/woocommerce/1';

  test('one active webhook per order topic is registered with our secret, which the log never shows', async () => {
    const { http, calls, log, unmatched } = replay(wooConnection(), [
      route('GET', '/webhooks', woo('webhooks-list')),
      route('POST', '/webhooks', woo('webhook-create')),
    ]);
    expect(await wooCommerceAdapter.registerWebhooks(http, store, address)).toEqual(['142', '142']);
    expect(unmatched).toEqual([]);
    // The store's webhooks are listed first (every status, a page of 100); none is at our address.
    expect(calls[0]?.url.search).toBe('?per_page=100&page=1');
    expect(calls.slice(1).map((call) => call.json)).toEqual(
      ['order.created', 'order.updated'].map((topic) => ({
        name: `ParcelPort ${topic}`,
        topic,
        delivery_url: address,
        secret: CREDENTIALS.webhookSecret,
        status: 'active',
      })),
    );
    expect(log.map((record) => record.operation)).toEqual(['webhooks', 'webhooks', 'webhooks']);
    expect(JSON.stringify(log)).not.toContain(CREDENTIALS.webhookSecret);
  });

  test('a topic that already has a webhook at our address keeps it, with our secret; only what is missing is created', async () => {
    // The documented list: order.updated (142) and customer.created (143) at one delivery URL, taken as ours.
    const listed = bodyOf(woo('webhooks-list')) as { delivery_url: string }[];
    const ours = listed[0]?.delivery_url as string;
    const { http, calls, unmatched } = replay(wooConnection(), [
      route('GET', '/webhooks', woo('webhooks-list')),
      route('PUT', '/webhooks/142', woo('webhook-update')),
      route('POST', '/webhooks', woo('webhook-create')),
    ]);
    expect(await wooCommerceAdapter.registerWebhooks(http, store, ours)).toEqual(['142', '142']);
    expect(unmatched).toEqual([]);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      `GET ${API}/webhooks`,
      `POST ${API}/webhooks`,
      `PUT ${API}/webhooks/142`,
    ]);
    expect(calls[1]?.json).toMatchObject({ topic: 'order.created', delivery_url: ours });
    // WooCommerce never shows a webhook's secret: the kept one is given this connection's, and made active.
    expect(calls[2]?.json).toEqual({ secret: CREDENTIALS.webhookSecret, status: 'active' });
  });

  test('a second webhook of a topic at our address (left by an older registration) is removed', async () => {
    const listed = bodyOf(woo('webhooks-list')) as { id: number; topic: string; delivery_url: string }[];
    const twice = [...listed, { ...listed[1], id: 150 }];
    const ours = listed[0]?.delivery_url as string;
    const { http, calls } = replay(wooConnection(), [
      route('GET', '/webhooks', withBody(woo('webhooks-list'), twice)),
      route('PUT', '/webhooks/142', woo('webhook-update')),
      route('POST', '/webhooks', woo('webhook-create')),
      route('DELETE', '/webhooks/150', woo('webhook-delete')),
    ]);
    await wooCommerceAdapter.registerWebhooks(http, store, ours);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toContain(
      `DELETE ${API}/webhooks/150?force=true`,
    );
  });

  test('the list is read page by page as X-WP-TotalPages says', async () => {
    const { http, calls } = replay(wooConnection(), [
      route('GET', '/webhooks', [
        withHeaders(withBody(woo('webhooks-list'), []), { 'X-WP-TotalPages': '2' }),
        withHeaders(woo('webhooks-list'), { 'X-WP-TotalPages': '2' }),
      ]),
      route('PUT', '/webhooks/142', woo('webhook-update')),
      route('POST', '/webhooks', woo('webhook-create')),
    ]);
    const listed = bodyOf(woo('webhooks-list')) as { delivery_url: string }[];
    await wooCommerceAdapter.registerWebhooks(http, store, listed[0]?.delivery_url as string);
    expect(calls.map((call) => call.url.searchParams.get('page')).slice(0, 2)).toEqual(['1', '2']);
    expect(calls.some((call) => call.method === 'PUT')).toBe(true);
  });

  test('disconnecting deletes each webhook for good; one WooCommerce no longer has is taken as gone', async () => {
    const { http, calls } = replay(wooConnection(), [
      route('DELETE', '/webhooks/142', woo('webhook-delete')),
      route('DELETE', '/webhooks/143', woo('error-404-invalid-id')),
    ]);
    await wooCommerceAdapter.disconnect(http, store, ['142', '143']);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toEqual([
      `DELETE ${API}/webhooks/142?force=true`,
      `DELETE ${API}/webhooks/143?force=true`,
    ]);
  });

  test("a delivery is verified with WC_Webhook::generate_signature's algorithm over the raw body", () => {
    const delivery = woo('webhook-delivery');
    const body = delivery.response.text as string;
    // WC_Webhook::generate_signature: base64_encode(hash_hmac('sha256', $payload, $secret, true)).
    const signature = createHmac('sha256', CREDENTIALS.webhookSecret).update(body, 'utf8').digest('base64');
    expect(validWebhookSignature(body, CREDENTIALS.webhookSecret, signature)).toBe(true);
    expect(validWebhookSignature(`${body} `, CREDENTIALS.webhookSecret, signature)).toBe(false);
    expect(validWebhookSignature(body, 'another secret', signature)).toBe(false);
    const hex = createHmac('sha256', CREDENTIALS.webhookSecret).update(body, 'utf8').digest('hex');
    expect(validWebhookSignature(body, CREDENTIALS.webhookSecret, hex)).toBe(false);
    expect(validWebhookSignature(body, CREDENTIALS.webhookSecret, undefined)).toBe(false);
  });

  test('the headers our webhook route reads are the ones WC_Webhook::deliver sends', () => {
    const headers = Object.keys(woo('webhook-delivery').response.headers ?? {}).map((name) => name.toLowerCase());
    expect(headers).toEqual(expect.arrayContaining(['x-wc-webhook-topic', 'x-wc-webhook-id', 'x-wc-webhook-source']));
  });

  test("an order.created delivery is the order, weighed with its products'; other topics are ignored", async () => {
    const delivery = woo('webhook-delivery');
    const { http, calls } = replay(wooConnection(), [
      route('GET', '/products', woo('products')),
      route('GET', '/products/22/variations', woo('variations')),
    ]);
    const topic = delivery.response.headers?.['X-WC-Webhook-Topic'] as string;
    const event = await wooCommerceAdapter.eventOf(http, store, { topic, rawBody: delivery.response.text as string });
    expect(event).toMatchObject({ kind: 'order', order: { externalId: '727', name: '#727', open: true } });
    expect(calls.map((call) => call.url.searchParams.get('include'))).toEqual(['93,22', '23']);
    const ignored = await wooCommerceAdapter.eventOf(http, store, { topic: 'order.deleted', rawBody: '{"id":727}' });
    expect(ignored).toEqual({ kind: 'ignored' });
  });

  test('a delivery that is not an order fails naming the field', async () => {
    const { http } = replay(wooConnection(), [route('GET', '/products', woo('products'))]);
    const error = await failure(
      wooCommerceAdapter.eventOf(http, store, { topic: 'order.updated', rawBody: '{"id":"727"}' }),
    );
    expect(error.message).toMatch(/^woocommerce webhooks: answer changed shape at id/);
  });
});

describe('woocommerce errors', () => {
  const ordersWith = (...answers: Fixture[]) => [
    route('GET', '/orders', [...answers, woo('orders-page-1'), woo('orders-page-2')]),
    route('GET', '/products', woo('products')),
    route('GET', '/products/22/variations', woo('variations')),
  ];

  test("a refused parameter (400) is a bad request in WordPress's words", async () => {
    const { http, calls } = replay(wooConnection(), ordersWith(woo('error-400-invalid-param')));
    const error = await failure(allPages(wooCommerceAdapter.openOrders(http, store)));
    expect([error.kind, error.message, error.details.status]).toEqual([
      'badRequest',
      'Invalid parameter(s): status',
      400,
    ]);
    expect(calls).toHaveLength(1);
  });

  test('keys WooCommerce does not take (401 woocommerce_rest_cannot_view) are refused credentials at connect', async () => {
    const { http, calls } = replay(wooConnection(), [
      route('GET', '/settings/products/woocommerce_weight_unit', woo('error-401-cannot-view')),
    ]);
    const error = await failure(siteWeightUnit(http));
    expect([error.kind, error.message, error.details.status]).toEqual([
      'auth',
      'Sorry, you cannot list resources.',
      401,
    ]);
    expect(calls).toHaveLength(1);
  });

  test('no WooCommerce route (404 rest_no_route) and an unknown id (404) are bad requests in their words', async () => {
    const { http } = replay(wooConnection(), [
      route('GET', '/settings/products/woocommerce_weight_unit', woo('error-404-no-route')),
      route('DELETE', '/orders/1/notes/2', woo('error-404-invalid-id')),
    ]);
    const missing = await failure(siteWeightUnit(http));
    expect([missing.kind, missing.message, missing.details.status]).toEqual([
      'badRequest',
      'No route was found matching the URL and request method',
      404,
    ]);
    const unknown = await failure(
      wooCommerceAdapter.cancelFulfilment(http, store, { externalId: '1', fulfilmentId: '2' }),
    );
    expect([unknown.kind, unknown.message]).toEqual(['badRequest', "Resource doesn't exist."]);
  });

  test("a host's 429 without Retry-After is waited out with backoff, then the orders come", async () => {
    const { http, waits } = replay(wooConnection(), ordersWith(woo('error-429-empty')));
    const pages = await allPages(wooCommerceAdapter.openOrders(http, store));
    expect(pages.flat().map((order) => order.externalId)).toEqual(['727', '723']);
    expect(waits).toHaveLength(1);
  });

  test("a 429's Retry-After is waited for when short, and handed back when longer than the platform waits", async () => {
    const short = replay(wooConnection(), ordersWith(withHeaders(woo('error-429-empty'), { 'Retry-After': '5' })));
    await allPages(wooCommerceAdapter.openOrders(short.http, store));
    expect(short.waits).toEqual([5000]);
    const long = replay(wooConnection(), ordersWith(withHeaders(woo('error-429-empty'), { 'Retry-After': '600' })));
    const error = await failure(allPages(wooCommerceAdapter.openOrders(long.http, store)));
    expect([error.kind, error.details.retryAfterMs]).toEqual(['rateLimited', 600_000]);
    expect(long.calls).toHaveLength(1);
  });

  test('a site in maintenance (503) is asked again for a read, not for a note: that outcome is unknown', async () => {
    const read = replay(wooConnection(), ordersWith(woo('error-503-maintenance')));
    expect((await allPages(wooCommerceAdapter.openOrders(read.http, store))).flat()).toHaveLength(2);
    expect(read.calls.filter((call) => call.url.searchParams.get('page') === '1')).toHaveLength(2);

    const write = replay(wooConnection(), [route('POST', '/orders/727/notes', woo('error-503-maintenance'))]);
    const error = await failure(
      wooCommerceAdapter.fulfil(write.http, store, {
        externalId: '727',
        trackingNumber: '1Z',
        carrier: 'UPS',
        trackingUrl: '',
      }),
    );
    expect([error.kind, error.message, error.details.status]).toEqual([
      'transient',
      'Briefly unavailable for scheduled maintenance. Check back in a minute.',
      503,
    ]);
    expect(write.calls).toHaveLength(1);
  });

  test('an HTML page instead of JSON (a 502 from the server in front) is transient, named by its status', async () => {
    const { http, calls, log } = replay(wooConnection(), [
      route('GET', '/settings/products/woocommerce_weight_unit', woo('error-502-html')),
    ]);
    const error = await failure(siteWeightUnit(http));
    expect([error.kind, error.message, error.details.status]).toEqual([
      'transient',
      'WooCommerce answered HTTP 502',
      502,
    ]);
    // A read: asked again within the attempt budget, each attempt in the API log with the page it got.
    expect(calls.length).toBeGreaterThan(1);
    expect(log[0]?.responseBody).toContain('502 Bad Gateway');
  });
});

describe('woocommerce stand-in', () => {
  let standIn: WooCommerceStandIn;
  let siteUrl: string;
  let authorization: string;

  beforeAll(async () => {
    standIn = await startWooCommerceStandIn();
    const keys = standIn.addSite('conformance', { weightUnit: 'lbs' });
    siteUrl = keys.siteUrl;
    authorization = `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`;
  });
  afterAll(async () => {
    await standIn?.close();
  });

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${siteUrl}${API}${path}`, {
      method,
      headers: { authorization, accept: 'application/json', 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, json: (await response.json()) as unknown };
  }

  test('the weight unit setting is served as WooCommerce serves it, and the system status invents none', async () => {
    const setting = await call('GET', '/settings/products/woocommerce_weight_unit');
    expect(setting.status).toBe(200);
    expectSameShape(setting.json, bodyOf(woo('settings-weight-unit-lbs')));
    expect(setting.json).toMatchObject({ id: 'woocommerce_weight_unit', value: 'lbs' });
    const status = await call('GET', '/system_status');
    expect((status.json as { settings: Record<string, unknown> }).settings).not.toHaveProperty('weight_unit');
  });

  test('orders, their pages and headers, and products have the documented shapes', async () => {
    const [product] = standIn.products('conformance');
    for (let count = 0; count < 3; count++)
      standIn.addOrder('conformance', { line_items: [{ product_id: product?.id, quantity: 2 }] });
    const first = await call('GET', '/orders?status=processing&per_page=2&page=1&orderby=id&order=asc');
    expect(first.status).toBe(200);
    expectSameShape(first.json, bodyOf(woo('orders-page-1')));
    expect(first.headers.get('x-wp-totalpages')).toBe('2');
    expect(first.headers.get('x-wp-total')).toBe('3');
    expect(first.headers.get('link')).toMatch(/^<[^>]+[?&]page=2[^>]*>; rel="next"$/);
    const last = await call('GET', '/orders?status=processing&per_page=2&page=2&orderby=id&order=asc');
    expect(last.headers.get('link')).toMatch(/^<[^>]+[?&]page=1[^>]*>; rel="prev"$/);
    const products = await call('GET', `/products?include=${product?.id}&per_page=100`);
    expectSameShape(products.json, bodyOf(woo('products')));
  });

  test('notes, the status update and webhooks answer as documented', async () => {
    const order = standIn.addOrder('conformance');
    const note = await call('POST', `/orders/${order.id}/notes`, { note: 'Shipped', customer_note: true });
    expect(note.status).toBe(woo('order-note-create').response.status);
    expectSameShape(note.json, bodyOf(woo('order-note-create')));
    const noteId = (note.json as { id: number }).id;
    const gone = await call('DELETE', `/orders/${order.id}/notes/${noteId}?force=true`);
    expectSameShape(gone.json, bodyOf(woo('order-note-delete')));
    const updated = await call('PUT', `/orders/${order.id}`, { status: 'completed' });
    expectSameShape(updated.json, bodyOf(woo('order-update')));
    const hook = await call('POST', '/webhooks', {
      name: 'Order updated',
      topic: 'order.updated',
      delivery_url: 'http://127.0.0.1:9/unreachable',
      secret: 'secret',
    });
    expect(hook.status).toBe(woo('webhook-create').response.status);
    expectSameShape(hook.json, bodyOf(woo('webhook-create')));
    const removed = await call('DELETE', `/webhooks/${(hook.json as { id: number }).id}?force=true`);
    expectSameShape(removed.json, bodyOf(woo('webhook-delete')));
  });

  test("errors come in WooCommerce's shape: unknown keys, no route", async () => {
    const refused = await call('GET', '/settings/products/woocommerce_weight_unit', undefined, {
      authorization: `Basic ${Buffer.from(`ck_${'0'.repeat(40)}:cs_${'0'.repeat(40)}`).toString('base64')}`,
    });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual(bodyOf(woo('error-401-cannot-view')));
    const nowhere = await call('GET', '/nowhere');
    expect(nowhere.status).toBe(404);
    expectSameShape(nowhere.json, bodyOf(woo('error-404-no-route')));
  });

  // --- Every fixture the stand-in can answer, compared with what it answers (replay.ts answerDifferences):
  // the same status, headers and fields, and the same values but for the paths listed as following the
  // request or the site (ids, dates, the site's own addresses).

  /** A site holding the documented orders (727 processing, 723 completed) and two products without weight. */
  let served: { keys: { siteUrl: string; authorization: string }; products: number[]; variable: number } | undefined;
  function servedSite() {
    if (served) return served;
    const keys = standIn.addSite('served', { weightUnit: 'lbs' });
    for (const [name, status] of [
      ['orders-page-1', 'processing'],
      ['orders-page-2', 'completed'],
    ] as const) {
      const [order] = bodyOf(woo(name)) as {
        billing: Record<string, string>;
        shipping: Record<string, string>;
        line_items: Record<string, unknown>[];
      }[];
      standIn.addOrder('served', {
        status,
        billing: order?.billing,
        shipping: order?.shipping,
        line_items: order?.line_items.map(({ id: _id, ...item }) => item),
      });
    }
    const products = [standIn.addProduct('served').id, standIn.addProduct('served').id];
    const variable = standIn.addProduct('served').id;
    standIn.addVariation('served', variable);
    standIn.addVariation('served', variable);
    const authorization = `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`;
    served = { keys: { siteUrl: keys.siteUrl, authorization }, products, variable };
    return served;
  }
  const reply = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const { keys } = servedSite();
    return replyOf(
      fetch(`${keys.siteUrl}${API}${path}`, {
        method,
        headers: {
          authorization: keys.authorization,
          accept: 'application/json',
          'content-type': 'application/json',
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  };
  const fault = (status: number) => {
    standIn.fail('GET /wp-json/wc/v3/orders', { kind: 'status', status });
    return reply('GET', '/orders');
  };
  const firstOrderId = () => standIn.orders('served')[0]?.id as number;
  /** A note on the first order, with the documented note's words. */
  const noted = async () => {
    const note = await reply('POST', `/orders/${firstOrderId()}/notes`, { note: 'Order ok!!!' });
    return { note, id: (JSON.parse(note.bytes.toString()) as { id: number }).id };
  };
  const hook = async (topic = 'order.updated') => {
    const created = await reply('POST', '/webhooks', {
      name: 'Order updated',
      topic,
      delivery_url: 'http://127.0.0.1:9/unreachable',
    });
    return { created, id: (JSON.parse(created.bytes.toString()) as { id: number }).id };
  };
  const ORDERS = '?per_page=1&orderby=id&order=asc&page=';
  const ORDER_VARYING = [
    '$[*].id',
    '$[*].number',
    '$[*].date_modified',
    '$[*].date_modified_gmt',
    '$[*].line_items[*].id',
  ];
  const WEBHOOK_VARYING = [
    '$.id',
    '$.delivery_url',
    '$.date_created',
    '$.date_created_gmt',
    '$.date_modified',
    '$.date_modified_gmt',
  ];

  const SERVED: Record<string, { varying: string[]; answer: () => Promise<StandInReply> }> = {
    'settings-weight-unit-lbs': {
      varying: [],
      answer: () => reply('GET', '/settings/products/woocommerce_weight_unit'),
    },
    'system-status': { varying: ['$.environment.version'], answer: () => reply('GET', '/system_status') },
    'orders-page-1': { varying: [...ORDER_VARYING, 'headers.link'], answer: () => reply('GET', `/orders${ORDERS}1`) },
    'orders-page-2': { varying: [...ORDER_VARYING, 'headers.link'], answer: () => reply('GET', `/orders${ORDERS}2`) },
    products: {
      varying: ['$[*].id'],
      answer: () => reply('GET', `/products?include=${servedSite().products.join(',')}&per_page=100`),
    },
    variations: {
      varying: ['$[*].id'],
      answer: () => reply('GET', `/products/${servedSite().variable}/variations?per_page=100`),
    },
    'order-note-create': {
      varying: ['$.id', '$.date_created', '$.date_created_gmt'],
      answer: async () => (await noted()).note,
    },
    'order-note-delete': {
      varying: ['$.id', '$.date_created', '$.date_created_gmt'],
      answer: async () => reply('DELETE', `/orders/${firstOrderId()}/notes/${(await noted()).id}?force=true`),
    },
    'order-update': {
      varying: ['$.id'],
      answer: () => reply('PUT', `/orders/${standIn.addOrder('served').id}`, { status: 'completed' }),
    },
    'webhook-create': { varying: WEBHOOK_VARYING, answer: async () => (await hook()).created },
    'webhooks-list': {
      // A site of its own holding the documented two, made in their order: the list answers newest first.
      varying: WEBHOOK_VARYING.map((path) => path.replace('$', '$[*]')),
      answer: async () => {
        const keys = standIn.addSite('listed');
        const authorization = `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`;
        const post = (body: unknown, method = 'POST', path = '/webhooks') =>
          fetch(`${keys.siteUrl}${API}${path}`, {
            method,
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        for (const [name, topic] of [
          ['Order updated', 'order.updated'],
          ['Customer created', 'customer.created'],
        ])
          await post({ name, topic, delivery_url: 'http://127.0.0.1:9/unreachable' });
        return replyOf(fetch(`${keys.siteUrl}${API}/webhooks`, { headers: { authorization } }));
      },
    },
    'webhook-update': {
      varying: WEBHOOK_VARYING,
      answer: async () => reply('PUT', `/webhooks/${(await hook()).id}`, { status: 'paused' }),
    },
    'webhook-delete': {
      // The documented example deleted a paused webhook: the status is the webhook's own.
      varying: [...WEBHOOK_VARYING, '$.status'],
      answer: async () => reply('DELETE', `/webhooks/${(await hook()).id}?force=true`),
    },
    'webhook-delivery': {
      varying: [
        ...ORDER_VARYING.map((path) => path.replace('$[*]', '$')),
        'headers.x-wc-webhook-source',
        'headers.x-wc-webhook-id',
      ],
      answer: async () => {
        await hook('order.created');
        const order = standIn.orders('served')[0];
        const [delivery] = standIn.webhookRequests('served', 'order.created', order as WooOrder);
        return jsonReply(delivery?.body, 200, delivery?.headers);
      },
    },
    'error-400-invalid-param': { varying: [], answer: () => reply('GET', '/orders?status=nope') },
    'error-401-cannot-view': {
      varying: [],
      answer: () =>
        reply('GET', '/orders', undefined, {
          authorization: `Basic ${Buffer.from(`ck_${'0'.repeat(40)}:cs_${'0'.repeat(40)}`).toString('base64')}`,
        }),
    },
    'error-404-no-route': { varying: [], answer: () => reply('GET', '/nowhere') },
    'error-404-invalid-id': {
      // The documented example is of a product attribute term, which the stand-in does not serve; an unknown
      // note is answered with WooCommerce's own code and words for a note (WC_REST_Order_Notes_Controller).
      varying: ['$.code', '$.message'],
      answer: () => reply('DELETE', `/orders/${firstOrderId()}/notes/999999?force=true`),
    },
    'error-429-empty': { varying: [], answer: () => fault(429) },
    'error-502-html': { varying: [], answer: () => fault(502) },
    'error-503-maintenance': { varying: [], answer: () => fault(503) },
  };
  const UNSERVED: Record<string, string> = {};

  test('every WooCommerce fixture is served by the stand-in or listed with why it is not', () => {
    expect(unlistedFixtures('woocommerce', Object.keys(SERVED), Object.keys(UNSERVED))).toEqual({
      unlisted: [],
      both: [],
      unknown: [],
    });
  });

  test.each(Object.keys(SERVED))('the stand-in answers %s as WooCommerce does', async (name) => {
    const entry = SERVED[name] as (typeof SERVED)[string];
    expectServes(await entry.answer(), woo(name), entry.varying);
  });
});
