/**
 * A stand-in for Shopify's Admin REST API (version 2025-01, https://shopify.dev/docs/api/admin-rest) and
 * its OAuth install flow, for tests and for running the platform against a store without a Shopify
 * partner account. It serves any number of shops, each under `/shops/{shop}`: a shop's origin is
 * `http://127.0.0.1:PORT/shops/demo.myshopify.com` where Shopify's is `https://demo.myshopify.com`.
 *
 * - OAuth: `GET /admin/oauth/authorize` answers a consent page (title "Install app") whose two plain links,
 *   "Install app" (`#install`) and "Cancel" (`#cancel`), send the browser back to `redirect_uri` with a
 *   code and Shopify's HMAC, or with `error=access_denied`; `POST /admin/oauth/access_token` trades a
 *   code (once) for a `shpat_` token.
 * - API calls need a live `X-Shopify-Access-Token` of that shop (else 401) and carry
 *   `X-Shopify-Shop-Api-Call-Limit` from Shopify's leaky bucket (40 calls, 2 a second drained). A full
 *   bucket is only reported, never refused: a 429 is scripted, so that a test decides when it happens.
 * - Orders list oldest first with cursor pagination (`Link` with `page_info`; a `page_info` request may
 *   carry nothing but `limit`, as Shopify requires), fulfillment orders, fulfillments (create, cancel),
 *   webhooks (create, list, delete) and `DELETE /admin/api_permissions/current.json` (uninstall: every
 *   token of the shop revoked, its webhooks dropped).
 * - Errors come in Shopify's shapes: `{"errors": ...}`, and OAuth's `{"error","error_description"}`.
 *
 * Faults (see harness.ts) are set by route, for every shop, with the `/shops/{shop}` prefix dropped and
 * numeric ids as `:id`: `GET /admin/oauth/authorize`, `GET /admin/oauth/authorize/install`,
 * `GET /admin/oauth/authorize/cancel`, `POST /admin/oauth/access_token`, `GET /admin/api/2025-01/shop.json`,
 * `GET /admin/api/2025-01/orders.json`, `GET /admin/api/2025-01/orders/:id/fulfillment_orders.json`,
 * `POST /admin/api/2025-01/fulfillments.json`, `POST /admin/api/2025-01/fulfillments/:id/cancel.json`,
 * `GET|POST /admin/api/2025-01/webhooks.json`, `DELETE /admin/api/2025-01/webhooks/:id.json`,
 * `DELETE /admin/api_permissions/current.json`. Shopify's throttle, for instance:
 * `shopify.fail('GET /admin/api/2025-01/orders.json', { kind: 'status', status: 429, retryAfter: '2.0' })`.
 *
 * Webhooks are not sent on their own: a test sends one with `deliverWebhook` (or builds the signed
 * request with `webhookRequests` to inject it), so that it decides when one arrives.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import { type Fault, jsonBody, type StandInAnswer, type StandInServer, serveStandIn } from './harness.ts';

export type { Fault };

export const SHOPIFY_API_VERSION = '2025-01';
const API = `/admin/api/${SHOPIFY_API_VERSION}`;
const BUCKET_SIZE = 40;
const DRAINED_PER_SECOND = 2;

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
}

class ShopifyError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(JSON.stringify(body));
    this.status = status;
    this.body = body;
  }
}

const notFound = () => new ShopifyError(404, { errors: 'Not Found' });
const unprocessable = (message: string) => new ShopifyError(422, { errors: [message] });
const oauthRefusal = (description: string) =>
  new ShopifyError(400, { error: 'invalid_request', error_description: description });
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
    address2: null,
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
    address2: null,
    city: 'Austin',
    province: 'Texas',
    province_code: 'TX',
    zip: '78701',
    country: 'United States',
    country_code: 'US',
    phone: '+15125550178',
  },
];

/** The filters a first page may carry; a cursor keeps them for the pages after it. */
const ORDER_FILTERS = [
  'status',
  'fulfillment_status',
  'updated_at_min',
  'updated_at_max',
  'created_at_min',
  'since_id',
];
const ORDER_STATUSES = ['open', 'closed', 'cancelled', 'any'];
const FULFILLMENT_STATUSES = ['shipped', 'partial', 'unshipped', 'unfulfilled', 'any'];

interface Cursor {
  filters: Record<string, string>;
  /** The page starts after this order id (next) or ends before it (previous). */
  after?: number;
  before?: number;
}

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

  /** Shopify's leaky bucket: each call fills it by one, it drains two a second; answers the header's value. */
  function callLimit(state: ShopState): string {
    const now = Date.now();
    const drained = ((now - state.bucket.at) / 1000) * DRAINED_PER_SECOND;
    state.bucket = { level: Math.min(BUCKET_SIZE, Math.max(0, state.bucket.level - drained) + 1), at: now };
    return `${Math.ceil(state.bucket.level)}/${BUCKET_SIZE}`;
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

  // ---- Admin API ----

  function filtersOf(params: URLSearchParams): Record<string, string> {
    const filters: Record<string, string> = {};
    for (const name of ORDER_FILTERS) {
      const value = params.get(name);
      if (value !== null) filters[name] = value;
    }
    if (filters.status !== undefined && !ORDER_STATUSES.includes(filters.status))
      throw new ShopifyError(400, { errors: { status: ['is not included in the list'] } });
    if (filters.fulfillment_status !== undefined && !FULFILLMENT_STATUSES.includes(filters.fulfillment_status))
      throw new ShopifyError(400, { errors: { fulfillment_status: ['is not included in the list'] } });
    for (const name of ['updated_at_min', 'updated_at_max', 'created_at_min']) {
      const value = filters[name];
      if (value !== undefined && Number.isNaN(Date.parse(value)))
        throw new ShopifyError(400, { errors: { [name]: ['is not a valid date'] } });
    }
    if (filters.since_id !== undefined && !/^\d+$/.test(filters.since_id))
      throw new ShopifyError(400, { errors: { since_id: ['is not a number'] } });
    return filters;
  }

  function matches(order: ShopifyOrder, filters: Record<string, string>): boolean {
    const status = filters.status ?? 'open';
    if (status === 'open' && (order.closed_at || order.cancelled_at)) return false;
    if (status === 'closed' && !order.closed_at) return false;
    if (status === 'cancelled' && !order.cancelled_at) return false;
    const fulfillment = filters.fulfillment_status ?? 'any';
    if (fulfillment === 'shipped' && order.fulfillment_status !== 'fulfilled') return false;
    if (fulfillment === 'partial' && order.fulfillment_status !== 'partial') return false;
    if (fulfillment === 'unshipped' && order.fulfillment_status !== null) return false;
    if (fulfillment === 'unfulfilled' && order.fulfillment_status === 'fulfilled') return false;
    const updated = Date.parse(order.updated_at);
    if (filters.updated_at_min && updated < Date.parse(filters.updated_at_min)) return false;
    if (filters.updated_at_max && updated > Date.parse(filters.updated_at_max)) return false;
    if (filters.created_at_min && Date.parse(order.created_at) < Date.parse(filters.created_at_min)) return false;
    if (filters.since_id && order.id <= Number(filters.since_id)) return false;
    return true;
  }

  const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

  function decodeCursor(pageInfo: string): Cursor {
    try {
      const cursor = JSON.parse(Buffer.from(pageInfo, 'base64url').toString()) as Cursor;
      if (isObject(cursor) && isObject(cursor.filters)) return cursor;
    } catch {
      // answered below, as any page_info not made here
    }
    throw new ShopifyError(400, { errors: { page_info: ['Invalid value.'] } });
  }

  function listOrders(state: ShopState, params: URLSearchParams) {
    const limitText = params.get('limit') ?? '50';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 250)
      throw new ShopifyError(400, { errors: { limit: ['must be between 1 and 250'] } });
    const pageInfo = params.get('page_info');
    let cursor: Cursor;
    if (pageInfo === null) cursor = { filters: filtersOf(params) };
    else {
      const others = [...new Set(params.keys())].filter((name) => name !== 'limit' && name !== 'page_info');
      if (others.length > 0)
        throw new ShopifyError(400, {
          errors: {
            page_info: [`cannot be combined with ${others.join(', ')}: a page_info request carries only limit`],
          },
        });
      cursor = decodeCursor(pageInfo);
    }
    const all = state.orders.filter((order) => matches(order, cursor.filters)).sort((a, b) => a.id - b.id);
    let start: number;
    let end: number;
    if (cursor.before !== undefined) {
      const before = cursor.before;
      const found = all.findIndex((order) => order.id >= before);
      end = found === -1 ? all.length : found;
      start = Math.max(0, end - limit);
    } else {
      const afterId = cursor.after;
      const found = afterId === undefined ? 0 : all.findIndex((order) => order.id > afterId);
      start = found === -1 ? all.length : found;
      end = Math.min(all.length, start + limit);
    }
    const page = all.slice(start, end);
    const link = (next: Cursor, rel: string) =>
      `<${originOf(state.shop.myshopify_domain)}${API}/orders.json?limit=${limit}&page_info=${encodeCursor(next)}>; rel="${rel}"`;
    const links: string[] = [];
    const first = page[0];
    const last = page.at(-1);
    if (first && start > 0) links.push(link({ filters: cursor.filters, before: first.id }, 'previous'));
    if (last && end < all.length) links.push(link({ filters: cursor.filters, after: last.id }, 'next'));
    const headers: Record<string, string> = links.length > 0 ? { link: links.join(', ') } : {};
    return { status: 200, json: { orders: page }, headers };
  }

  function fulfil(state: ShopState, body: Record<string, unknown>): ShopifyFulfillment {
    const input = body.fulfillment;
    if (!isObject(input))
      throw new ShopifyError(400, { errors: { fulfillment: 'Required parameter missing or invalid' } });
    const groups = input.line_items_by_fulfillment_order;
    if (!Array.isArray(groups) || groups.length === 0)
      throw unprocessable('line_items_by_fulfillment_order must name at least one fulfillment order');
    const chosen = groups.map((group: unknown) => {
      const id = isObject(group) ? group.fulfillment_order_id : undefined;
      if (typeof id !== 'number') throw unprocessable('fulfillment_order_id must be a number');
      if (isObject(group) && group.fulfillment_order_line_items !== undefined)
        throw unprocessable('The stand-in fulfils whole fulfillment orders: fulfillment_order_line_items is not taken');
      const fulfillmentOrder = state.fulfillmentOrders.find((candidate) => candidate.id === id);
      if (!fulfillmentOrder) throw unprocessable(`Fulfillment order ${id} does not exist.`);
      if (fulfillmentOrder.status !== 'open')
        throw unprocessable(`Fulfillment order ${id} has an unfulfillable status= ${fulfillmentOrder.status}.`);
      return fulfillmentOrder;
    });
    if (new Set(chosen.map((entry) => entry.id)).size !== chosen.length)
      throw unprocessable('A fulfillment order is named more than once.');
    if (new Set(chosen.map((entry) => entry.order_id)).size !== 1)
      throw unprocessable('All fulfillment orders must belong to the same order.');
    const tracking = input.tracking_info ?? {};
    if (!isObject(tracking)) throw unprocessable('tracking_info must be an object');
    for (const key of ['company', 'number', 'url'])
      if (tracking[key] !== undefined && tracking[key] !== null && typeof tracking[key] !== 'string')
        throw unprocessable(`tracking_info.${key} must be a string`);
    if (input.notify_customer !== undefined && typeof input.notify_customer !== 'boolean')
      throw unprocessable('notify_customer must be true or false');
    const order = orderOf(state, (chosen[0] as ShopifyFulfillmentOrder).order_id);
    const fulfilledItems = chosen.flatMap((entry) => entry.line_items);
    const number = typeof tracking.number === 'string' ? tracking.number : null;
    const url = typeof tracking.url === 'string' ? tracking.url : null;
    const now = shopTime(Date.now());
    const fulfillment: ShopifyFulfillment = {
      id: nextId(),
      order_id: order.id,
      name: `${order.name}.${state.fulfillments.filter((entry) => entry.order_id === order.id).length + 1}`,
      status: 'success',
      created_at: now,
      updated_at: now,
      notify_customer: input.notify_customer === true,
      tracking_company: typeof tracking.company === 'string' ? tracking.company : null,
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
    return fulfillment;
  }

  function cancelFulfillment(state: ShopState, id: number): ShopifyFulfillment {
    const fulfillment = state.fulfillments.find((entry) => entry.id === id);
    if (!fulfillment) throw notFound();
    if (fulfillment.status === 'cancelled') throw unprocessable('Fulfillment is already cancelled.');
    fulfillment.status = 'cancelled';
    fulfillment.updated_at = after(fulfillment.updated_at);
    for (const fulfillmentOrder of state.fulfillmentOrders) {
      if (!state.fulfilledOrders.get(id)?.includes(fulfillmentOrder.id)) continue;
      fulfillmentOrder.status = 'open';
      for (const item of fulfillmentOrder.line_items) item.fulfillable_quantity = item.quantity;
    }
    settle(state, orderOf(state, fulfillment.order_id));
    return fulfillment;
  }

  function registerWebhook(state: ShopState, body: Record<string, unknown>): ShopifyWebhook {
    const input = body.webhook;
    if (!isObject(input)) throw new ShopifyError(400, { errors: { webhook: 'Required parameter missing or invalid' } });
    const topic = SHOPIFY_TOPICS.find((candidate) => candidate === input.topic);
    if (!topic) throw new ShopifyError(422, { errors: { topic: [`Invalid topic specified: ${String(input.topic)}`] } });
    const address = input.address;
    // Shopify takes https only; the stand-in takes http too, so that a local server can receive.
    if (typeof address !== 'string' || !/^https?:\/\//.test(address) || !URL.canParse(address))
      throw new ShopifyError(422, { errors: { address: ['is invalid'] } });
    if (input.format !== undefined && input.format !== 'json')
      throw new ShopifyError(422, { errors: { format: ['is not included in the list'] } });
    if (state.webhooks.some((webhook) => webhook.topic === topic && webhook.address === address))
      throw new ShopifyError(422, { errors: { address: ['for this topic has already been taken'] } });
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
    return webhook;
  }

  const bodyOf = (request: IncomingMessage) =>
    jsonBody(request, (message) => new ShopifyError(400, { errors: { base: [message] } }));

  async function api(
    state: ShopState,
    method: string,
    path: string,
    params: URLSearchParams,
    request: IncomingMessage,
  ): Promise<{ status: number; json: unknown; headers?: Record<string, string> }> {
    if (method === 'DELETE' && path === '/admin/api_permissions/current.json') {
      revoke(state);
      return { status: 200, json: {} };
    }
    if (!path.startsWith(`${API}/`)) throw notFound();
    const call = `${method} ${path.slice(API.length)}`;
    if (call === 'GET /shop.json') return { status: 200, json: { shop: state.shop } };
    if (call === 'GET /orders.json') return listOrders(state, params);
    let match = /^GET \/orders\/(\d+)\/fulfillment_orders\.json$/.exec(call);
    if (match) {
      const id = Number(match[1]);
      if (!state.orders.some((order) => order.id === id)) throw notFound();
      const fulfillmentOrders = state.fulfillmentOrders.filter((entry) => entry.order_id === id);
      return { status: 200, json: { fulfillment_orders: fulfillmentOrders } };
    }
    if (call === 'POST /fulfillments.json')
      return { status: 201, json: { fulfillment: fulfil(state, await bodyOf(request)) } };
    match = /^POST \/fulfillments\/(\d+)\/cancel\.json$/.exec(call);
    if (match) return { status: 200, json: { fulfillment: cancelFulfillment(state, Number(match[1])) } };
    if (call === 'GET /webhooks.json') return { status: 200, json: { webhooks: state.webhooks } };
    if (call === 'POST /webhooks.json')
      return { status: 201, json: { webhook: registerWebhook(state, await bodyOf(request)) } };
    match = /^DELETE \/webhooks\/(\d+)\.json$/.exec(call);
    if (match) {
      const id = Number(match[1]);
      if (!state.webhooks.some((webhook) => webhook.id === id)) throw notFound();
      state.webhooks = state.webhooks.filter((webhook) => webhook.id !== id);
      return { status: 200, json: {} };
    }
    throw notFound();
  }

  function errorOf(error: unknown) {
    const failure = error instanceof ShopifyError ? error : new ShopifyError(500, { errors: String(error) });
    return { status: failure.status, json: failure.body };
  }

  const server = await serveStandIn({
    port: options.port,
    routeOf: (method, path) =>
      `${method} ${path.replace(/^\/shops\/[^/]+/, '').replace(/\/\d+(?=\/|\.json|$)/g, '/:id')}`,
    faultBody: (status) => ({
      errors:
        status === 429
          ? 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.'
          : (STATUS_CODES[status] ?? 'Error'),
    }),
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
      const headers = { 'x-shopify-shop-api-call-limit': callLimit(state) };
      try {
        const token = request.headers['x-shopify-access-token'];
        if (!state.tokens.some((entry) => entry.token === token && !entry.revoked))
          throw new ShopifyError(401, {
            errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
          });
        const answered = await api(state, method, path, params, request);
        return { ...answered, headers: { ...headers, ...answered.headers } };
      } catch (error) {
        return { ...errorOf(error), headers };
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
    async uninstall(shop: string) {
      const requests = webhookRequests(shop, 'app/uninstalled');
      revoke(known(shop));
      return Promise.all(requests.map(post));
    },
  } satisfies Omit<ShopifyStandIn, keyof StandInServer>);
  return stand;
}
