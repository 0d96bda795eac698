/**
 * A stand-in for Shopify's GraphQL Admin API (`POST /admin/api/{version}/graphql.json`, the version the
 * adapter names, https://shopify.dev/docs/api/admin-graphql) and its OAuth install flow, for tests and for
 * running the platform against a store without a Shopify partner account. It serves any number of shops,
 * each under `/shops/{shop}`: a shop's origin is `http://127.0.0.1:PORT/shops/demo.myshopify.com` where
 * Shopify's is `https://demo.myshopify.com`. Its answers are shaped as Shopify's published ones
 * (test/conformance/fixtures/shopify, compared by the conformance test's `shopify stand-in` block).
 *
 * - OAuth: `GET /admin/oauth/authorize` answers a consent page (title "Install app") whose two plain links,
 *   "Install app" (`#install`) and "Cancel" (`#cancel`), send the browser back to `redirect_uri` with a
 *   code and Shopify's HMAC, or with `error=access_denied`; `POST /admin/oauth/access_token` trades a
 *   code (once) for a `shpat_` token.
 * - GraphQL calls need a live `X-Shopify-Access-Token` of that shop (else 401, as Shopify answers) and
 *   report their cost in `extensions.cost` from Shopify's bucket (2,000 points, 100 restored a second, 10
 *   a call). A bucket running low is only reported, never refused: a throttle is scripted, so that a test
 *   decides when it happens.
 * - The operations the adapter names (`query Shop`, `OpenOrders` with a cursor, `OrderFulfillmentOrders`,
 *   `OrderFulfillments`,
 *   `mutation FulfillmentCreate`, `FulfillmentCancel`, `WebhookSubscriptionCreate`,
 *   `query WebhookSubscriptions`, `mutation WebhookSubscriptionDelete`, `AppUninstall` (every token of the
 *   shop revoked, its webhooks dropped)); a refusal comes as the mutation's `userErrors`, a query it cannot
 *   answer as top-level `errors`, both with status 200.
 *
 * Faults (see harness.ts) are set by route, for every shop, with the `/shops/{shop}` prefix dropped:
 * `GET /admin/oauth/authorize`, `GET /admin/oauth/authorize/install`, `GET /admin/oauth/authorize/cancel`,
 * `POST /admin/oauth/access_token`, and every GraphQL call as `SHOPIFY_GRAPHQL_ROUTE`. An HTTP throttle:
 * `shopify.fail(SHOPIFY_GRAPHQL_ROUTE, { kind: 'status', status: 429, retryAfter: '2.0' })`.
 *
 * Webhooks are not sent on their own: a test sends one with `deliverWebhook` (or builds the signed
 * request with `webhookRequests` to inject it), so that it decides when one arrives. Their bodies are
 * REST-shaped JSON, as Shopify delivers them.
 *
 * Its answers are Shopify's own where one is published (test/conformance/fixtures/shopify, see
 * recorded.ts): the token exchange, the GraphQL payloads of the reference's examples, a throttled query
 * (`throttle`: THROTTLED with the bucket's cost), a refused query (`data: null`, `errors` with their
 * locations and path), the 401 sentence, and for scripted HTTP errors the official library's mocks (a 429
 * `{}` without Retry-After, `{errors}` with one; a 500 `{errors: 'Error 500'}`), with only what follows the
 * request filled in.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import { SHOPIFY_API_VERSION } from '../src/stores/shopify/wire.ts';
import { type Fault, jsonBody, type StandInAnswer, type StandInServer, serveStandIn } from './harness.ts';
import { RecordedError, recorded } from './recorded.ts';

export type { Fault };

const GRAPHQL = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
/** The fault route of every GraphQL call. */
export const SHOPIFY_GRAPHQL_ROUTE = `POST ${GRAPHQL}`;
/** Shopify's GraphQL bucket on the Standard plan: 2,000 points, 100 restored a second; each call here costs 10. */
const BUCKET_POINTS = 2000;
const RESTORED_PER_SECOND = 100;
const CALL_COST = 10;

export const SHOPIFY_TOPICS = [
  'orders/create',
  'orders/updated',
  'orders/cancelled',
  'orders/fulfilled',
  'app/uninstalled',
] as const;
export type ShopifyTopic = (typeof SHOPIFY_TOPICS)[number];

export interface ShopifyShop {
  id: number;
  name: string;
  email: string;
  domain: string;
  myshopify_domain: string;
  weight_unit: 'g' | 'kg' | 'oz' | 'lb';
  currency: string;
  iana_timezone: string;
}

export interface ShopifyAddress {
  first_name: string;
  last_name: string;
  name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  province_code: string;
  zip: string;
  country: string;
  country_code: string;
  phone: string | null;
}

export interface ShopifyLineItem {
  id: number;
  title: string;
  name: string;
  sku: string;
  quantity: number;
  grams: number;
  price: string;
  requires_shipping: boolean;
}

export interface ShopifyOrder {
  id: number;
  name: string;
  order_number: number;
  email: string;
  phone: string | null;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  closed_at: string | null;
  fulfillment_status: 'partial' | 'fulfilled' | null;
  financial_status: string;
  total_weight: number;
  total_price: string;
  currency: string;
  note: string | null;
  shipping_address: ShopifyAddress | null;
  line_items: ShopifyLineItem[];
}

/** An order as a test gives it: every field optional, line items and address completed with defaults. */
export type ShopifyOrderInput = Partial<Omit<ShopifyOrder, 'id' | 'line_items' | 'shipping_address'>> & {
  line_items?: Partial<ShopifyLineItem>[];
  shipping_address?: Partial<ShopifyAddress> | null;
};

export interface ShopifyFulfillmentOrder {
  id: number;
  order_id: number;
  status: 'open' | 'closed' | 'cancelled';
  line_items: { id: number; line_item_id: number; quantity: number; fulfillable_quantity: number }[];
}

export interface ShopifyFulfillment {
  id: number;
  order_id: number;
  name: string;
  status: 'success' | 'cancelled';
  created_at: string;
  updated_at: string;
  notify_customer: boolean;
  tracking_company: string | null;
  tracking_number: string | null;
  tracking_numbers: string[];
  tracking_url: string | null;
  tracking_urls: string[];
  line_items: ShopifyLineItem[];
}

export interface ShopifyWebhook {
  id: number;
  topic: ShopifyTopic;
  address: string;
  format: 'json';
  created_at: string;
  updated_at: string;
  api_version: string;
}

export interface ShopifyToken {
  token: string;
  scope: string;
  revoked: boolean;
}

/** A webhook delivery as Shopify would POST it to `address`. */
export interface ShopifyWebhookRequest {
  address: string;
  body: string;
  headers: Record<string, string>;
}

export interface ShopifyStandIn extends StandInServer {
  /** The shop's origin here (`{url}/shops/{shop}`): what the platform's shop origin template makes of it. */
  originOf(shop: string): string;
  /** A shop that can install the app (`shop` is its permanent domain, `demo.myshopify.com`). */
  addShop(shop: string, options?: { name?: string; weightUnit?: ShopifyShop['weight_unit'] }): ShopifyShop;
  /**
   * An order placed in the shop, open and unfulfilled unless `partial` says otherwise, with one
   * fulfillment order for its items. By default: the next number (#1001 on), a US shipping address and one
   * or two line items with their grams.
   */
  addOrder(shop: string, partial?: ShopifyOrderInput): ShopifyOrder;
  /** The merchant edits an order: its `updated_at` moves on (cancelling it cancels its open fulfillment orders). */
  updateOrder(shop: string, id: number, changes: ShopifyOrderInput): ShopifyOrder;
  orders(shop: string): ShopifyOrder[];
  fulfillmentOrders(shop: string, orderId?: number): ShopifyFulfillmentOrder[];
  /** Every fulfillment received, cancelled ones included, with its tracking info. */
  fulfillments(shop: string): ShopifyFulfillment[];
  /** The webhooks registered now. */
  webhooks(shop: string): ShopifyWebhook[];
  /** Every token issued for the shop, revoked ones included. */
  tokens(shop: string): ShopifyToken[];
  /**
   * The deliveries Shopify would POST about `topic` to each address registered for it, signed with the
   * client secret (`forge`: with another key). `app/uninstalled` carries the shop, the others `order`.
   */
  webhookRequests(
    shop: string,
    topic: ShopifyTopic,
    order?: ShopifyOrder,
    options?: { forge?: boolean },
  ): ShopifyWebhookRequest[];
  /** Sends those deliveries (at least one webhook must be registered); answers the statuses got back. */
  deliverWebhook(
    shop: string,
    topic: ShopifyTopic,
    order?: ShopifyOrder,
    options?: { forge?: boolean },
  ): Promise<number[]>;
  /**
   * The merchant uninstalls the app in Shopify's admin: its tokens revoked, its webhooks dropped after
   * `app/uninstalled` is sent to them; answers the statuses got back.
   */
  uninstall(shop: string): Promise<number[]>;
  /** The shop's next `times` GraphQL calls are throttled (THROTTLED, status 200, nothing run). */
  throttle(shop: string, times?: number): void;
}

const notFound = () => new RecordedError(404, { errors: 'Not Found' });

/**
 * A query Shopify refuses: answered 200 with top-level `errors` (with the field's path and where it is in
 * the document, and `data: null`, when the refusal is of a field).
 */
class GraphqlError extends Error {
  readonly path: string[] | undefined;

  constructor(message: string, path?: string[]) {
    super(message);
    this.path = path;
  }
}
const graphqlError = (message: string, path?: string[]) => new GraphqlError(message, path);

/** Where `field` is first called in `document` (GraphQL's 1-based line and column), as Shopify's errors give it. */
function locationOf(document: string, field: string): { line: number; column: number }[] {
  const at = document.search(new RegExp(`\\b${field}\\s*\\(`));
  if (at < 0) return [];
  const before = document.slice(0, at).split('\n');
  return [{ line: before.length, column: (before.at(-1)?.length ?? 0) + 1 }];
}

/**
 * A scripted HTTP error as the official library's mocks of Shopify have it: a 429 `{}` (the GraphQL
 * client's), with a Retry-After the REST client's `{errors: 'Error 429'}`; a 500 `{errors: 'Error 500'}`;
 * another status its reason phrase in the same sentence.
 */
function faultAnswer(status: number, retryAfter?: string) {
  if (status === 429) return { json: recorded('shopify', retryAfter ? 'http-429-retry-after' : 'http-429') };
  if (status === 500) return { json: recorded('shopify', 'server-error') };
  return { json: { errors: STATUS_CODES[status] ?? 'Error' } };
}

/** The number of a global id of `type` (`gid://shopify/Order/1` → 1), or a refused query. */
function numericId(value: unknown, type: string): number {
  const match = typeof value === 'string' ? new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(value) : null;
  if (!match) throw graphqlError(`Invalid global id '${String(value)}'`);
  return Number(match[1]);
}

/** A shop time as GraphQL's DateTime writes it: UTC, to the second. */
const isoTime = (time: string) => new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');

const DISPLAY_FULFILLMENT_STATUS: Record<string, string> = {
  null: 'UNFULFILLED',
  partial: 'PARTIALLY_FULFILLED',
  fulfilled: 'FULFILLED',
};
const TOPIC_ENUM: Record<ShopifyTopic, string> = {
  'orders/create': 'ORDERS_CREATE',
  'orders/updated': 'ORDERS_UPDATED',
  'orders/cancelled': 'ORDERS_CANCELLED',
  'orders/fulfilled': 'ORDERS_FULFILLED',
  'app/uninstalled': 'APP_UNINSTALLED',
};
const WEIGHT_UNIT_ENUM: Record<ShopifyShop['weight_unit'], string> = {
  g: 'GRAMS',
  kg: 'KILOGRAMS',
  oz: 'OUNCES',
  lb: 'POUNDS',
};
const oauthRefusal = (description: string) =>
  new RecordedError(400, { error: 'invalid_request', error_description: description });
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Shopify writes times in the shop's zone with its offset; the stand-in's shops keep New York's standard time. */
function shopTime(ms: number): string {
  const local = new Date(Math.floor(ms / 1000) * 1000 - 5 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-05:00`;
}

/** A time after `previous` (to the second, as Shopify's), so that an edit always shows in `updated_at`. */
const after = (previous: string) => shopTime(Math.max(Date.now(), Date.parse(previous) + 1000));

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);

const PRODUCTS = [
  { title: 'Canvas Tote Bag', sku: 'TOTE-NAT', grams: 340, price: '24.00' },
  { title: 'Ceramic Mug 11oz', sku: 'MUG-11OZ', grams: 450, price: '14.50' },
  { title: 'Merino Beanie', sku: 'BEANIE-GRY', grams: 120, price: '19.99' },
] as const;

const ADDRESSES: Omit<ShopifyAddress, 'name'>[] = [
  {
    first_name: 'Ava',
    last_name: 'Thompson',
    company: null,
    address1: '125 Maple Street',
    address2: '',
    city: 'Springfield',
    province: 'Illinois',
    province_code: 'IL',
    zip: '62704',
    country: 'United States',
    country_code: 'US',
    phone: '+12175550143',
  },
  {
    first_name: 'Liam',
    last_name: 'Carter',
    company: 'Carter Studio',
    address1: '88 Harbor View Road',
    address2: 'Apt 4B',
    city: 'Portland',
    province: 'Oregon',
    province_code: 'OR',
    zip: '97205',
    country: 'United States',
    country_code: 'US',
    phone: null,
  },
  {
    first_name: 'Mia',
    last_name: 'Rodriguez',
    company: null,
    address1: '4100 Congress Avenue',
    address2: '',
    city: 'Austin',
    province: 'Texas',
    province_code: 'TX',
    zip: '78701',
    country: 'United States',
    country_code: 'US',
    phone: '+15125550178',
  },
];

interface ShopState {
  shop: ShopifyShop;
  orders: ShopifyOrder[];
  fulfillmentOrders: ShopifyFulfillmentOrder[];
  fulfillments: ShopifyFulfillment[];
  /** The fulfillment orders each fulfillment closed, opened again when it is cancelled. */
  fulfilledOrders: Map<number, number[]>;
  webhooks: ShopifyWebhook[];
  tokens: ShopifyToken[];
  bucket: { level: number; at: number };
  nextOrderNumber: number;
  /** How many of the next GraphQL calls Shopify throttles. */
  throttled: number;
}

async function post(request: ShopifyWebhookRequest): Promise<number> {
  const response = await fetch(request.address, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Starts the stand-in on a free port of 127.0.0.1 (or `port`) for the app `clientId` / `clientSecret`. */
export async function startShopifyStandIn(options: {
  clientId: string;
  clientSecret: string;
  port?: number;
}): Promise<ShopifyStandIn> {
  const shops = new Map<string, ShopState>();
  /** Codes not yet traded for a token: the shop and the scopes granted. */
  const codes = new Map<string, { shop: string; scope: string }>();
  // One sequence for every kind of id, so that an id of one kind never names a thing of another.
  let lastId = 5_000_000_000;
  const nextId = () => ++lastId;
  let base = '';
  const originOf = (shop: string) => `${base}/shops/${shop}`;

  function known(shop: string): ShopState {
    const state = shops.get(shop);
    if (!state) throw new Error(`the Shopify stand-in has no shop ${shop}`);
    return state;
  }

  function orderOf(state: ShopState, id: number): ShopifyOrder {
    const order = state.orders.find((candidate) => candidate.id === id);
    if (!order) throw new Error(`shop ${state.shop.myshopify_domain} has no order ${id}`);
    return order;
  }

  function lineItemOf(input: Partial<ShopifyLineItem>, index: number, number: number): ShopifyLineItem {
    const product = PRODUCTS[(number + index) % PRODUCTS.length] as (typeof PRODUCTS)[number];
    const title = input.title ?? product.title;
    return {
      title,
      name: title,
      sku: product.sku,
      quantity: 1,
      grams: product.grams,
      price: product.price,
      requires_shipping: true,
      ...input,
      id: input.id ?? nextId(),
    };
  }

  /** One line item on odd order numbers, two (the first of them twice) on even ones. */
  const defaultLineItems = (number: number): Partial<ShopifyLineItem>[] =>
    number % 2 === 1 ? [{}] : [{ quantity: 2 }, {}];

  function addressOf(input: Partial<ShopifyAddress>, previous: ShopifyAddress): ShopifyAddress {
    const address = { ...previous, ...input };
    if (input.name === undefined) address.name = `${address.first_name} ${address.last_name}`;
    return address;
  }

  function defaultAddress(number: number): ShopifyAddress {
    const address = ADDRESSES[number % ADDRESSES.length] as Omit<ShopifyAddress, 'name'>;
    return { ...address, name: `${address.first_name} ${address.last_name}` };
  }

  function totals(items: ShopifyLineItem[]) {
    return {
      total_weight: items.reduce((sum, item) => sum + item.grams * item.quantity, 0),
      total_price: items.reduce((sum, item) => sum + Number(item.price) * item.quantity, 0).toFixed(2),
    };
  }

  /** The order's fulfillment order for all its items: closed if the order came fulfilled, cancelled if cancelled. */
  function addFulfillmentOrder(state: ShopState, order: ShopifyOrder): void {
    const status = order.cancelled_at ? 'cancelled' : order.fulfillment_status === 'fulfilled' ? 'closed' : 'open';
    state.fulfillmentOrders.push({
      id: nextId(),
      order_id: order.id,
      status,
      line_items: order.line_items.map((item) => ({
        id: nextId(),
        line_item_id: item.id,
        quantity: item.quantity,
        fulfillable_quantity: status === 'open' ? item.quantity : 0,
      })),
    });
  }

  function cancelOpenFulfillmentOrders(state: ShopState, orderId: number): void {
    for (const fulfillmentOrder of state.fulfillmentOrders)
      if (fulfillmentOrder.order_id === orderId && fulfillmentOrder.status === 'open')
        fulfillmentOrder.status = 'cancelled';
  }

  /** The order's fulfillment status from its fulfillment orders, after one of them closed or opened. */
  function settle(state: ShopState, order: ShopifyOrder): void {
    const live = state.fulfillmentOrders.filter((entry) => entry.order_id === order.id && entry.status !== 'cancelled');
    const closed = live.filter((entry) => entry.status === 'closed').length;
    order.fulfillment_status = closed === 0 ? null : closed === live.length ? 'fulfilled' : 'partial';
    order.updated_at = after(order.updated_at);
  }

  function addOrder(shop: string, partial: ShopifyOrderInput = {}): ShopifyOrder {
    const state = known(shop);
    const number = state.nextOrderNumber++;
    const { line_items, shipping_address, ...rest } = partial;
    const items = (line_items ?? defaultLineItems(number)).map((item, index) => lineItemOf(item, index, number));
    const address = shipping_address === null ? null : addressOf(shipping_address ?? {}, defaultAddress(number));
    const now = shopTime(Date.now());
    const order: ShopifyOrder = {
      id: nextId(),
      name: `#${number}`,
      order_number: number,
      email: `${(address?.first_name ?? 'customer').toLowerCase()}.${number}@example.com`,
      phone: `+1555010${String(number).slice(-4)}`,
      created_at: now,
      updated_at: now,
      cancelled_at: null,
      closed_at: null,
      fulfillment_status: null,
      financial_status: 'paid',
      ...totals(items),
      currency: state.shop.currency,
      note: null,
      shipping_address: address,
      line_items: items,
      ...rest,
    };
    state.orders.push(order);
    addFulfillmentOrder(state, order);
    return structuredClone(order);
  }

  function updateOrder(shop: string, id: number, changes: ShopifyOrderInput): ShopifyOrder {
    const state = known(shop);
    const order = orderOf(state, id);
    const { line_items, shipping_address, ...rest } = changes;
    Object.assign(order, rest);
    if (shipping_address !== undefined)
      order.shipping_address =
        shipping_address === null
          ? null
          : addressOf(shipping_address, order.shipping_address ?? defaultAddress(order.order_number));
    if (line_items) {
      order.line_items = line_items.map((item, index) => lineItemOf(item, index, order.order_number));
      Object.assign(order, totals(order.line_items), rest);
      // An edited order is fulfilled anew: what was open to fulfil goes, one open order covers the new items.
      cancelOpenFulfillmentOrders(state, order.id);
      addFulfillmentOrder(state, order);
    }
    if (changes.cancelled_at) cancelOpenFulfillmentOrders(state, order.id);
    order.updated_at = changes.updated_at ?? after(order.updated_at);
    return structuredClone(order);
  }

  /** Shopify's cost bucket: each call takes its cost, points come back at the restore rate; its report. */
  function costOf(state: ShopState) {
    const now = Date.now();
    const restored = ((now - state.bucket.at) / 1000) * RESTORED_PER_SECOND;
    const used = Math.min(BUCKET_POINTS, Math.max(0, state.bucket.level - restored) + CALL_COST);
    state.bucket = { level: used, at: now };
    return {
      requestedQueryCost: CALL_COST,
      actualQueryCost: CALL_COST,
      throttleStatus: {
        maximumAvailable: BUCKET_POINTS,
        currentlyAvailable: Math.floor(BUCKET_POINTS - used),
        restoreRate: RESTORED_PER_SECOND,
      },
    };
  }

  function revoke(state: ShopState): void {
    for (const token of state.tokens) token.revoked = true;
    state.webhooks = [];
  }

  // ---- OAuth ----

  /** Why the consent page cannot be shown for these parameters (null: it can). */
  function consentProblem(params: URLSearchParams): string | null {
    if (params.get('client_id') !== options.clientId) return 'The client_id does not name an app';
    const redirect = params.get('redirect_uri') ?? '';
    if (!/^https?:\/\//.test(redirect) || !URL.canParse(redirect))
      return 'The redirect_uri is missing or not an http(s) address';
    return null;
  }

  const errorPage = (message: string): StandInAnswer => ({
    status: 400,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Oauth error</title></head><body><h1>Oauth error invalid_request</h1><p>${escapeHtml(message)}</p></body></html>`,
  });

  function consentPage(state: ShopState, params: URLSearchParams): StandInAnswer {
    const problem = consentProblem(params);
    if (problem) return errorPage(problem);
    const scopes = (params.get('scope') ?? '')
      .split(',')
      .map((scope) => scope.trim())
      .filter(Boolean);
    const carried = new URLSearchParams();
    for (const name of ['client_id', 'scope', 'redirect_uri', 'state']) {
      const value = params.get(name);
      if (value !== null) carried.set(name, value);
    }
    const here = `${originOf(state.shop.myshopify_domain)}/admin/oauth/authorize`;
    const link = (action: string) => escapeHtml(`${here}/${action}?${carried}`);
    // The heading avoids the words "Install app" so that a browser test finds exactly one element by that text.
    return {
      status: 200,
      html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Install app</title></head>
<body><main>
<h1>${escapeHtml(state.shop.name)}: an app asks for access</h1>
<p>The app would be able to use ${escapeHtml(state.shop.myshopify_domain)} with these permissions:</p>
<ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
<p><a id="install" href="${link('install')}">Install app</a> <a id="cancel" href="${link('cancel')}">Cancel</a></p>
</main></body></html>
`,
    };
  }

  /**
   * Shopify's `hmac`: over the other parameters sorted by name, written as a query (values form-encoded,
   * a space as `%20`) joined with `&`, as Shopify's own library checks it.
   */
  const oauthHmac = (params: Record<string, string>) => {
    const query = new URLSearchParams();
    for (const name of Object.keys(params).sort()) query.append(name, params[name] ?? '');
    return createHmac('sha256', options.clientSecret).update(query.toString().replaceAll('+', '%20')).digest('hex');
  };

  function backTo(params: URLSearchParams, answer: Record<string, string>): StandInAnswer {
    const target = new URL(params.get('redirect_uri') as string);
    for (const [name, value] of Object.entries(answer)) target.searchParams.set(name, value);
    return { redirect: target.toString() };
  }

  function install(state: ShopState, params: URLSearchParams): StandInAnswer {
    const problem = consentProblem(params);
    if (problem) return errorPage(problem);
    const shop = state.shop.myshopify_domain;
    const code = randomBytes(16).toString('hex');
    codes.set(code, { shop, scope: params.get('scope') ?? '' });
    const answer: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`).toString('base64'),
      shop,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const stateParam = params.get('state');
    if (stateParam !== null) answer.state = stateParam;
    return backTo(params, { ...answer, hmac: oauthHmac(answer) });
  }

  function cancel(state: ShopState, params: URLSearchParams): StandInAnswer {
    const problem = consentProblem(params);
    if (problem) return errorPage(problem);
    const answer: Record<string, string> = {
      error: 'access_denied',
      error_description: 'The merchant declined',
      shop: state.shop.myshopify_domain,
    };
    const stateParam = params.get('state');
    if (stateParam !== null) answer.state = stateParam;
    return backTo(params, answer);
  }

  async function exchange(state: ShopState, request: IncomingMessage) {
    const body = await jsonBody(request, oauthRefusal);
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret)
      throw oauthRefusal('The client_id or client_secret is wrong');
    const grant = typeof body.code === 'string' ? codes.get(body.code) : undefined;
    if (!grant || grant.shop !== state.shop.myshopify_domain)
      throw oauthRefusal('The authorization code was not found or was already used');
    codes.delete(body.code as string);
    const token: ShopifyToken = {
      token: `shpat_${randomBytes(16).toString('hex')}`,
      scope: grant.scope,
      revoked: false,
    };
    state.tokens.push(token);
    return { access_token: token.token, scope: token.scope };
  }

  // ---- Admin API (GraphQL) ----

  /** The orders search this stand-in understands: the terms the adapter sends, nothing else. */
  function searchOf(query: unknown): (order: ShopifyOrder) => boolean {
    const terms = typeof query === 'string' ? query.trim().split(/\s+/).filter(Boolean) : [];
    const known: Record<string, (order: ShopifyOrder) => boolean> = {
      'status:open': (order) => !order.closed_at && !order.cancelled_at,
      '-fulfillment_status:fulfilled': (order) => order.fulfillment_status !== 'fulfilled',
    };
    const tests = terms.map((term) => {
      const test = known[term];
      if (!test) throw graphqlError(`The stand-in's orders search does not take '${term}'`);
      return test;
    });
    return (order) => tests.every((test) => test(order));
  }

  /** An order as the GraphQL `Order` node the adapter asks for (`lines`: the lineItems connection's first). */
  function orderNode(order: ShopifyOrder, lines: number) {
    const address = order.shipping_address;
    return {
      id: `gid://shopify/Order/${order.id}`,
      name: order.name,
      email: order.email,
      phone: order.phone,
      updatedAt: isoTime(order.updated_at),
      cancelledAt: order.cancelled_at ? isoTime(order.cancelled_at) : null,
      displayFulfillmentStatus: DISPLAY_FULFILLMENT_STATUS[order.fulfillment_status ?? 'null'],
      shippingAddress: address && {
        name: address.name,
        firstName: address.first_name,
        lastName: address.last_name,
        company: address.company,
        address1: address.address1,
        address2: address.address2,
        city: address.city,
        provinceCode: address.province_code,
        zip: address.zip,
        countryCodeV2: address.country_code,
        phone: address.phone,
      },
      lineItems: {
        edges: order.line_items.slice(0, lines).map((item) => ({
          node: {
            name: item.name,
            title: item.title,
            sku: item.sku,
            quantity: item.quantity,
            requiresShipping: item.requires_shipping,
            originalUnitPriceSet: { shopMoney: { amount: item.price, currencyCode: order.currency } },
            variant: { inventoryItem: { measurement: { weight: { unit: 'GRAMS', value: item.grams } } } },
          },
        })),
      },
    };
  }

  /** A page of the orders connection: oldest id first, the cursor being the last order's id. */
  function openOrders(state: ShopState, variables: Record<string, unknown>, document: string) {
    const first = variables.first;
    // Shopify's words for a connection asked without a page size (`query-error`).
    if (first === undefined || first === null) throw graphqlError('you must provide one of first or last', ['orders']);
    if (typeof first !== 'number' || !Number.isInteger(first) || first < 1 || first > 250)
      throw graphqlError('first must be between 1 and 250');
    const lines = Number(/lineItems\(first: (\d+)\)/.exec(document)?.[1] ?? 10);
    const matching = searchOf(variables.query);
    const after = typeof variables.after === 'string' ? cursorId(variables.after) : 0;
    const all = state.orders.filter((order) => matching(order) && order.id > after).sort((a, b) => a.id - b.id);
    const page = all.slice(0, first);
    const last = page.at(-1);
    return {
      orders: {
        edges: page.map((order) => ({ cursor: encodeCursor(order.id), node: orderNode(order, lines) })),
        pageInfo: { hasNextPage: all.length > page.length, endCursor: last ? encodeCursor(last.id) : null },
      },
    };
  }

  const encodeCursor = (id: number) => Buffer.from(JSON.stringify({ last_id: id })).toString('base64');

  function cursorId(cursor: string): number {
    try {
      const id = (JSON.parse(Buffer.from(cursor, 'base64').toString()) as { last_id?: unknown }).last_id;
      if (typeof id === 'number') return id;
    } catch {
      // answered below, as any cursor not made here
    }
    throw graphqlError(`Invalid cursor for current pagination sort.`);
  }

  function orderFulfillmentOrders(state: ShopState, variables: Record<string, unknown>) {
    const id = numericId(variables.id, 'Order');
    if (!state.orders.some((order) => order.id === id)) return { order: null };
    const nodes = state.fulfillmentOrders
      .filter((entry) => entry.order_id === id)
      .map((entry) => ({ id: `gid://shopify/FulfillmentOrder/${entry.id}`, status: entry.status.toUpperCase() }));
    return { order: { fulfillmentOrders: { nodes } } };
  }

  /** `order.fulfillments`: every fulfillment of the order, cancelled ones included, with its tracking numbers. */
  function orderFulfillments(state: ShopState, variables: Record<string, unknown>) {
    const id = numericId(variables.id, 'Order');
    if (!state.orders.some((order) => order.id === id)) return { order: null };
    const fulfillments = state.fulfillments
      .filter((entry) => entry.order_id === id)
      .map((entry) => ({
        id: `gid://shopify/Fulfillment/${entry.id}`,
        status: entry.status.toUpperCase(),
        trackingInfo: entry.tracking_numbers.map((number, index) => ({
          number,
          company: entry.tracking_company,
          url: entry.tracking_urls[index] ?? null,
        })),
      }));
    return { order: { fulfillments } };
  }

  /** `fulfillmentCreate`: whole fulfillment orders of one order fulfilled, with their tracking. */
  function fulfil(state: ShopState, variables: Record<string, unknown>) {
    const input = variables.fulfillment;
    if (!isObject(input))
      throw graphqlError('Variable $fulfillment of type FulfillmentInput! was provided invalid value');
    const refused = (message: string) => ({
      fulfillmentCreate: { fulfillment: null, userErrors: [{ field: ['fulfillment'], message }] },
    });
    const groups = input.lineItemsByFulfillmentOrder;
    if (!Array.isArray(groups) || groups.length === 0)
      return refused('lineItemsByFulfillmentOrder must name at least one fulfillment order');
    const chosen: ShopifyFulfillmentOrder[] = [];
    for (const group of groups) {
      if (isObject(group) && group.fulfillmentOrderLineItems !== undefined)
        return refused('The stand-in fulfils whole fulfillment orders: fulfillmentOrderLineItems is not taken');
      const id = numericId(isObject(group) ? group.fulfillmentOrderId : undefined, 'FulfillmentOrder');
      const fulfillmentOrder = state.fulfillmentOrders.find((candidate) => candidate.id === id);
      if (!fulfillmentOrder) return refused('Fulfillment order does not exist.');
      if (fulfillmentOrder.status !== 'open') return refused('Fulfillment order is not in a fulfillable state.');
      chosen.push(fulfillmentOrder);
    }
    if (new Set(chosen.map((entry) => entry.id)).size !== chosen.length)
      return refused('A fulfillment order is named more than once.');
    if (new Set(chosen.map((entry) => entry.order_id)).size !== 1)
      return refused('All fulfillment orders must belong to the same order.');
    const tracking = isObject(input.trackingInfo) ? input.trackingInfo : {};
    const order = orderOf(state, (chosen[0] as ShopifyFulfillmentOrder).order_id);
    const fulfilledItems = chosen.flatMap((entry) => entry.line_items);
    const textOf = (value: unknown) => (typeof value === 'string' ? value : null);
    const number = textOf(tracking.number);
    const url = textOf(tracking.url);
    const now = shopTime(Date.now());
    const fulfillment: ShopifyFulfillment = {
      id: nextId(),
      order_id: order.id,
      name: `${order.name}.${state.fulfillments.filter((entry) => entry.order_id === order.id).length + 1}`,
      status: 'success',
      created_at: now,
      updated_at: now,
      notify_customer: input.notifyCustomer === true,
      tracking_company: textOf(tracking.company),
      tracking_number: number,
      tracking_numbers: number ? [number] : [],
      tracking_url: url,
      tracking_urls: url ? [url] : [],
      line_items: order.line_items
        .filter((item) => fulfilledItems.some((entry) => entry.line_item_id === item.id))
        .map((item) => ({
          ...item,
          quantity: fulfilledItems
            .filter((entry) => entry.line_item_id === item.id)
            .reduce((sum, entry) => sum + entry.fulfillable_quantity, 0),
        })),
    };
    for (const fulfillmentOrder of chosen) {
      fulfillmentOrder.status = 'closed';
      for (const item of fulfillmentOrder.line_items) item.fulfillable_quantity = 0;
    }
    state.fulfillments.push(fulfillment);
    state.fulfilledOrders.set(
      fulfillment.id,
      chosen.map((entry) => entry.id),
    );
    settle(state, order);
    return {
      fulfillmentCreate: {
        fulfillment: { id: `gid://shopify/Fulfillment/${fulfillment.id}`, status: 'SUCCESS' },
        userErrors: [],
      },
    };
  }

  /** `fulfillmentCancel`: the fulfillment cancelled, its fulfillment orders open again. */
  function cancelFulfillment(state: ShopState, variables: Record<string, unknown>) {
    const id = numericId(variables.id, 'Fulfillment');
    const fulfillment = state.fulfillments.find((entry) => entry.id === id);
    const refused = (message: string) => ({
      fulfillmentCancel: { fulfillment: null, userErrors: [{ field: ['id'], message }] },
    });
    if (!fulfillment) return refused('Fulfillment does not exist.');
    if (fulfillment.status === 'cancelled') return refused('Fulfillment is already cancelled.');
    fulfillment.status = 'cancelled';
    fulfillment.updated_at = after(fulfillment.updated_at);
    for (const fulfillmentOrder of state.fulfillmentOrders) {
      if (!state.fulfilledOrders.get(id)?.includes(fulfillmentOrder.id)) continue;
      fulfillmentOrder.status = 'open';
      for (const item of fulfillmentOrder.line_items) item.fulfillable_quantity = item.quantity;
    }
    settle(state, orderOf(state, fulfillment.order_id));
    return {
      fulfillmentCancel: {
        fulfillment: { id: `gid://shopify/Fulfillment/${fulfillment.id}`, status: 'CANCELLED' },
        userErrors: [],
      },
    };
  }

  const webhookNode = (webhook: ShopifyWebhook) => ({
    id: `gid://shopify/WebhookSubscription/${webhook.id}`,
    topic: TOPIC_ENUM[webhook.topic],
    uri: webhook.address,
  });

  /** `webhookSubscriptionCreate`: one subscription per topic and address, as Shopify allows. */
  function registerWebhook(state: ShopState, variables: Record<string, unknown>) {
    const topic = SHOPIFY_TOPICS.find((candidate) => TOPIC_ENUM[candidate] === variables.topic);
    if (!topic) throw graphqlError(`Variable $topic of type WebhookSubscriptionTopic! was provided invalid value`);
    const input = isObject(variables.webhookSubscription) ? variables.webhookSubscription : {};
    const address = input.uri;
    const refused = (message: string) => ({
      webhookSubscriptionCreate: {
        webhookSubscription: null,
        userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message }],
      },
    });
    // Shopify takes https only; the stand-in takes http too, so that a local server can receive.
    if (typeof address !== 'string' || !/^https?:\/\//.test(address) || !URL.canParse(address))
      return refused('Address is invalid');
    if (state.webhooks.some((webhook) => webhook.topic === topic && webhook.address === address))
      return refused('Address for this topic has already been taken');
    const now = shopTime(Date.now());
    const webhook: ShopifyWebhook = {
      id: nextId(),
      topic,
      address,
      format: 'json',
      created_at: now,
      updated_at: now,
      api_version: SHOPIFY_API_VERSION,
    };
    state.webhooks.push(webhook);
    return { webhookSubscriptionCreate: { webhookSubscription: webhookNode(webhook), userErrors: [] } };
  }

  function webhookSubscriptions(state: ShopState, variables: Record<string, unknown>) {
    const uri = typeof variables.uri === 'string' ? variables.uri : undefined;
    const edges = state.webhooks
      .filter((webhook) => uri === undefined || webhook.address === uri)
      .map((webhook) => ({ node: webhookNode(webhook) }));
    // One page: every subscription of the shop fits in the adapter's `first: 50`.
    return { webhookSubscriptions: { edges, pageInfo: { endCursor: null, hasNextPage: false } } };
  }

  function deleteWebhook(state: ShopState, variables: Record<string, unknown>) {
    const id = numericId(variables.id, 'WebhookSubscription');
    if (!state.webhooks.some((webhook) => webhook.id === id))
      return {
        webhookSubscriptionDelete: {
          deletedWebhookSubscriptionId: null,
          userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
        },
      };
    state.webhooks = state.webhooks.filter((webhook) => webhook.id !== id);
    return {
      webhookSubscriptionDelete: {
        deletedWebhookSubscriptionId: `gid://shopify/WebhookSubscription/${id}`,
        userErrors: [],
      },
    };
  }

  /** Each named operation the adapter sends, answered from the shop's state. */
  const OPERATIONS: Record<
    string,
    (state: ShopState, variables: Record<string, unknown>, document: string) => unknown
  > = {
    Shop: (state) => ({ shop: { weightUnit: WEIGHT_UNIT_ENUM[state.shop.weight_unit] } }),
    OpenOrders: openOrders,
    OrderFulfillmentOrders: orderFulfillmentOrders,
    OrderFulfillments: orderFulfillments,
    FulfillmentCreate: fulfil,
    FulfillmentCancel: cancelFulfillment,
    WebhookSubscriptionCreate: registerWebhook,
    WebhookSubscriptions: webhookSubscriptions,
    WebhookSubscriptionDelete: deleteWebhook,
    AppUninstall: (state) => {
      revoke(state);
      return { appUninstall: { app: { id: 'gid://shopify/App/1' }, userErrors: [] } };
    },
  };

  const bodyOf = (request: IncomingMessage) =>
    jsonBody(request, (message) => new RecordedError(400, { errors: { query: [message] } }));

  /** `POST /admin/api/{version}/graphql.json`: the operation named by the document, its answer with its cost. */
  async function api(state: ShopState, method: string, path: string, request: IncomingMessage) {
    if (method !== 'POST' || path !== GRAPHQL) throw notFound();
    const body = await bodyOf(request);
    const document = typeof body.query === 'string' ? body.query : '';
    const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(document)?.[1] ?? '';
    const resolve = OPERATIONS[operation];
    const variables = isObject(body.variables) ? body.variables : {};
    if (state.throttled > 0) {
      state.throttled--;
      // Shopify's THROTTLED (`throttled`): the query not run, the bucket as it is.
      const throttled = recorded<{ extensions: { cost: object } }>('shopify', 'throttled');
      const cost = costOf(state);
      return {
        status: 200,
        json: { ...throttled, extensions: { cost: { ...throttled.extensions.cost, ...cost, actualQueryCost: null } } },
      };
    }
    try {
      if (!resolve) throw graphqlError(`The stand-in does not answer the operation '${operation || document}'`);
      const data = resolve(state, variables, document);
      return { status: 200, json: { data, extensions: { cost: costOf(state) } } };
    } catch (error) {
      if (!(error instanceof GraphqlError)) throw error;
      // A field refused while the query ran leaves `data` null (`query-error`); a query refused before it ran
      // (a variable, a cursor the stand-in did not make) has none, as GraphQL answers.
      const located = error.path
        ? { locations: locationOf(document, error.path.at(-1) as string), path: error.path }
        : {};
      return {
        status: 200,
        json: {
          ...(error.path ? { data: null } : {}),
          errors: [{ message: error.message, ...located }],
          extensions: { cost: costOf(state) },
        },
      };
    }
  }

  function errorOf(error: unknown) {
    const failure = error instanceof RecordedError ? error : new RecordedError(500, { errors: String(error) });
    return { status: failure.status, json: failure.body };
  }

  const server = await serveStandIn({
    port: options.port,
    routeOf: (method, path) =>
      `${method} ${path.replace(/^\/shops\/[^/]+/, '').replace(/\/\d+(?=\/|\.json|$)/g, '/:id')}`,
    faultAnswer,
    async answer(method, url, request) {
      const match = /^\/shops\/([^/]+)(\/.*)$/.exec(url.pathname);
      const state = match ? shops.get(decodeURIComponent(match[1] as string)) : undefined;
      if (!match || !state) throw notFound();
      const path = match[2] as string;
      const params = url.searchParams;
      if (method === 'GET' && path === '/admin/oauth/authorize') return consentPage(state, params);
      if (method === 'GET' && path === '/admin/oauth/authorize/install') return install(state, params);
      if (method === 'GET' && path === '/admin/oauth/authorize/cancel') return cancel(state, params);
      if (method === 'POST' && path === '/admin/oauth/access_token')
        return { status: 200, json: await exchange(state, request) };
      try {
        const token = request.headers['x-shopify-access-token'];
        if (!state.tokens.some((entry) => entry.token === token && !entry.revoked))
          throw new RecordedError(401, {
            errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
          });
        return await api(state, method, path, request);
      } catch (error) {
        return errorOf(error);
      }
    },
    errorOf,
  });
  base = server.base;

  function webhookRequests(
    shop: string,
    topic: ShopifyTopic,
    order?: ShopifyOrder,
    { forge = false }: { forge?: boolean } = {},
  ): ShopifyWebhookRequest[] {
    const state = known(shop);
    const payload = topic === 'app/uninstalled' ? state.shop : order;
    if (!payload) throw new Error(`a ${topic} webhook is about an order: pass it`);
    const body = JSON.stringify(payload);
    const key = forge ? `${options.clientSecret}-forged` : options.clientSecret;
    const signature = createHmac('sha256', key).update(body).digest('base64');
    return state.webhooks
      .filter((webhook) => webhook.topic === topic)
      .map((webhook) => ({
        address: webhook.address,
        body,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': topic,
          'x-shopify-hmac-sha256': signature,
          'x-shopify-shop-domain': state.shop.myshopify_domain,
          'x-shopify-webhook-id': randomUUID(),
          'x-shopify-api-version': SHOPIFY_API_VERSION,
          'x-shopify-triggered-at': new Date().toISOString(),
        },
      }));
  }

  const stand: ShopifyStandIn = Object.assign(server, {
    originOf,
    addShop(shop: string, shopOptions: { name?: string; weightUnit?: ShopifyShop['weight_unit'] } = {}) {
      if (shops.has(shop)) throw new Error(`the Shopify stand-in already has shop ${shop}`);
      const state: ShopState = {
        shop: {
          id: nextId(),
          name: shopOptions.name ?? 'Demo Store',
          email: `owner@${shop}`,
          domain: shop,
          myshopify_domain: shop,
          weight_unit: shopOptions.weightUnit ?? 'lb',
          currency: 'USD',
          iana_timezone: 'America/New_York',
        },
        orders: [],
        fulfillmentOrders: [],
        fulfillments: [],
        fulfilledOrders: new Map(),
        webhooks: [],
        tokens: [],
        bucket: { level: 0, at: Date.now() },
        nextOrderNumber: 1001,
        throttled: 0,
      };
      shops.set(shop, state);
      return structuredClone(state.shop);
    },
    addOrder,
    updateOrder,
    orders: (shop: string) => structuredClone(known(shop).orders),
    fulfillmentOrders: (shop: string, orderId?: number) =>
      structuredClone(
        known(shop).fulfillmentOrders.filter((entry) => orderId === undefined || entry.order_id === orderId),
      ),
    fulfillments: (shop: string) => structuredClone(known(shop).fulfillments),
    webhooks: (shop: string) => structuredClone(known(shop).webhooks),
    tokens: (shop: string) => structuredClone(known(shop).tokens),
    webhookRequests,
    async deliverWebhook(
      shop: string,
      topic: ShopifyTopic,
      order?: ShopifyOrder,
      deliveryOptions?: { forge?: boolean },
    ) {
      const requests = webhookRequests(shop, topic, order, deliveryOptions);
      if (requests.length === 0) throw new Error(`no webhook of ${shop} is registered for ${topic}`);
      return Promise.all(requests.map(post));
    },
    throttle(shop: string, times = 1) {
      known(shop).throttled += times;
    },
    async uninstall(shop: string) {
      const requests = webhookRequests(shop, 'app/uninstalled');
      revoke(known(shop));
      return Promise.all(requests.map(post));
    },
  } satisfies Omit<ShopifyStandIn, keyof StandInServer>);
  return stand;
}
