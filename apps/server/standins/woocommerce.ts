/**
 * A stand-in for the WooCommerce REST API v3 (https://woocommerce.github.io/woocommerce-rest-api-docs),
 * for tests and for running the platform against a store without a WordPress site. It serves any number
 * of sites, each under `/sites/{site}`: a site's URL is `http://127.0.0.1:PORT/sites/demo` and its API
 * `{site URL}/wp-json/wc/v3/...`.
 *
 * - Every call needs HTTP Basic auth with the site's consumer key and secret (else 401: the key with another
 *   secret `woocommerce_rest_authentication_error`, unknown keys `woocommerce_rest_cannot_view`).
 * - system_status (as documented: no weight unit), the setting woocommerce_weight_unit
 *   (`/settings/products/woocommerce_weight_unit`, the unit the site's products are weighed in: kg, g, lbs
 *   or oz), orders (status filter, `modified_after`, `orderby`/`order`, `page`/`per_page` with `X-WP-Total`,
 *   `X-WP-TotalPages` and a `Link` header), an order's status update (PUT), its notes (list by `type`,
 *   create, delete with `force=true`), products by `include`, a product's variations by `include`
 *   (`/products/{id}/variations`), webhooks (list by `status`, newest first, with the pagination headers;
 *   create; update; delete with `force=true`). Creating an active
 *   webhook first sends WooCommerce's ping (`webhook_id=<id>`, form-encoded, unsigned) to its delivery URL;
 *   a ping that fails is ignored, as WooCommerce does.
 * - Answers are WooCommerce's own (test/conformance/fixtures/woocommerce, see recorded.ts): the REST docs'
 *   examples and the bodies WooCommerce's and WordPress's source build, with the site's values filled in.
 * - Errors come in WordPress's shape `{"code","message","data":{"status"}}`, recorded where WooCommerce
 *   publishes one (no route, a refused parameter, unknown keys); a scripted 503 is WordPress's maintenance
 *   answer (Retry-After: 600), a 502 nginx's page, a 429 nginx's empty answer (WooCommerce has no rate
 *   limit of its own: a 429 comes from the host in front of it).
 * - Dates are WordPress's: `2025-01-10T16:00:00`, no zone; the sites keep UTC, so `date_created` is
 *   `date_created_gmt`.
 *
 * Faults (see harness.ts) are set by route, for every site, with the `/sites/{site}` prefix dropped and
 * numeric ids as `:id`: `GET /wp-json/wc/v3/system_status`,
 * `GET /wp-json/wc/v3/settings/products/woocommerce_weight_unit`, `GET /wp-json/wc/v3/orders`,
 * `PUT /wp-json/wc/v3/orders/:id`, `GET /wp-json/wc/v3/orders/:id/notes`,
 * `POST /wp-json/wc/v3/orders/:id/notes`, `DELETE /wp-json/wc/v3/orders/:id/notes/:id`,
 * `GET /wp-json/wc/v3/products`, `GET /wp-json/wc/v3/products/:id/variations`,
 * `GET /wp-json/wc/v3/webhooks`, `POST /wp-json/wc/v3/webhooks`, `PUT /wp-json/wc/v3/webhooks/:id`,
 * `DELETE /wp-json/wc/v3/webhooks/:id`. A host's rate limit, for instance:
 * `woo.fail('GET /wp-json/wc/v3/orders', { kind: 'status', status: 429, retryAfterSeconds: 5 })`.
 *
 * Order webhooks are not sent on their own (not even on a status update): a test sends one with
 * `deliverWebhook` (or builds the signed request with `webhookRequests` to inject it).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import { type Fault, type FaultAnswer, jsonBody, type StandInServer, serveStandIn } from './harness.ts';
import { recorded, recordedAnswer } from './recorded.ts';

export type { Fault };

export const WOOCOMMERCE_VERSION = '9.4.0';
const API = '/wp-json/wc/v3';

export const WOO_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
  'checkout-draft',
] as const;
export type WooStatus = (typeof WOO_STATUSES)[number];

export const WOO_TOPICS = ['order.created', 'order.updated', 'order.deleted', 'order.restored'] as const;
export type WooTopic = (typeof WOO_TOPICS)[number];
/** The topics a webhook may have: WooCommerce's core topics (order deliveries are the ones the stand-in sends). */
const WEBHOOK_TOPICS: readonly string[] = [
  ...WOO_TOPICS,
  ...['coupon', 'customer', 'product'].flatMap((resource) =>
    ['created', 'updated', 'deleted'].map((event) => `${resource}.${event}`),
  ),
];
const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;

export type WooWeightUnit = 'kg' | 'g' | 'lbs' | 'oz';
const GRAMS_PER: Record<WooWeightUnit, number> = { kg: 1000, g: 1, lbs: 453.59237, oz: 28.349523125 };

export interface WooAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
}

export interface WooBilling extends WooAddress {
  email: string;
}

export interface WooLineItem {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  sku: string;
  price: number;
  subtotal: string;
  total: string;
}

export interface WooOrder {
  id: number;
  number: string;
  status: WooStatus;
  currency: string;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  customer_note: string;
  total: string;
  billing: WooBilling;
  shipping: WooAddress;
  line_items: WooLineItem[];
}

/** An order as a test gives it: every field optional, addresses and line items completed with defaults. */
export type WooOrderInput = Partial<Omit<WooOrder, 'id' | 'number' | 'billing' | 'shipping' | 'line_items'>> & {
  billing?: Partial<WooBilling>;
  shipping?: Partial<WooAddress>;
  /** A line item naming a known `product_id` takes its name, SKU and price from it. */
  line_items?: Partial<WooLineItem>[];
};

export interface WooProduct {
  id: number;
  name: string;
  sku: string;
  price: string;
  /** In the site's weight unit; "" when not set. */
  weight: string;
  /** In the site's dimension unit (cm); "" when not set. */
  dimensions: { length: string; width: string; height: string };
}

/** A variation of a variable product, as `GET /products/{id}/variations` lists it. */
export interface WooVariation {
  id: number;
  /** The product it is a variation of (not in WooCommerce's answer: the URL names it). */
  parent_id: number;
  sku: string;
  price: string;
  /** In the site's weight unit; "" when it has none of its own (WooCommerce then shows its parent's). */
  weight: string;
}

export interface WooNote {
  id: number;
  author: string;
  date_created: string;
  date_created_gmt: string;
  note: string;
  customer_note: boolean;
}

export interface WooWebhook {
  id: number;
  name: string;
  status: (typeof WEBHOOK_STATUSES)[number];
  topic: string;
  resource: string;
  event: string;
  delivery_url: string;
  secret: string;
  date_created_gmt: string;
  date_modified_gmt: string;
}

/** A webhook delivery as WooCommerce would POST it to `address`. */
export interface WooWebhookRequest {
  address: string;
  body: string;
  headers: Record<string, string>;
}

export interface WooSiteKeys {
  siteUrl: string;
  consumerKey: string;
  consumerSecret: string;
}

export interface WooCommerceStandIn extends StandInServer {
  /** `{url}/sites/{site}`: the site's URL, which the platform is given. */
  siteUrlOf(site: string): string;
  /**
   * A site with three products (a tote, a mug, a beanie, weighed in `weightUnit`, kg by default) and its
   * REST API keys (`ck_` and `cs_` with 40 hex digits, made up unless given).
   */
  addSite(
    site: string,
    options?: { consumerKey?: string; consumerSecret?: string; weightUnit?: WooWeightUnit },
  ): WooSiteKeys;
  /** A product in the site's catalogue (weight "" for one without a weight). */
  addProduct(site: string, partial?: Partial<Omit<WooProduct, 'id'>>): WooProduct;
  /** A variation of the product `productId` (weight "" unless given: its parent's weight applies). */
  addVariation(
    site: string,
    productId: number,
    partial?: Partial<Omit<WooVariation, 'id' | 'parent_id'>>,
  ): WooVariation;
  /** An order placed on the site, `processing` unless `partial` says otherwise: a US address, one or two line items. */
  addOrder(site: string, partial?: WooOrderInput): WooOrder;
  /** The shop manager edits an order: its `date_modified` moves on. */
  updateOrder(site: string, id: number, changes: WooOrderInput): WooOrder;
  orders(site: string): WooOrder[];
  products(site: string): WooProduct[];
  /** The notes on an order now (deleted ones gone). */
  notes(site: string, orderId: number): WooNote[];
  /** The webhooks registered now, with their secrets. */
  webhooks(site: string): WooWebhook[];
  /**
   * The deliveries WooCommerce would POST about `order` to each active webhook of `topic`, each signed
   * with its webhook's secret (`forge`: with another key).
   */
  webhookRequests(site: string, topic: WooTopic, order: WooOrder, options?: { forge?: boolean }): WooWebhookRequest[];
  /** Sends those deliveries (at least one webhook must be registered); answers the statuses got back. */
  deliverWebhook(site: string, topic: WooTopic, order: WooOrder, options?: { forge?: boolean }): Promise<number[]>;
}

class WooError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: Record<string, unknown>;

  constructor(status: number, code: string, message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/** A recorded WordPress error (`{code, message, data}`), its message `message` where it names the request. */
function recordedError(name: string, message?: string, data: Record<string, unknown> = {}): WooError {
  const { status, body } = recordedAnswer('woocommerce', name) as {
    status: number;
    body: { code: string; message: string; data: Record<string, unknown> };
  };
  return new WooError(status, body.code, message ?? body.message, { ...body.data, ...data });
}

const noRoute = () => recordedError('error-404-no-route');
const invalidParam = (name: string, message: string) =>
  recordedError('error-400-invalid-param', `Invalid parameter(s): ${name}`, { params: { [name]: message } });

/**
 * A scripted error as a WooCommerce site answers it: nginx's empty 429 and its 502 page (the server in front
 * of WordPress), WordPress's maintenance 503 (with its Retry-After); another status in the shape of
 * wp_die's JSON answer (the maintenance answer's), its message the status's reason phrase (no body is
 * published for it).
 */
function faultAnswer(status: number): FaultAnswer {
  const raw = (name: string) => {
    const answer = recordedAnswer('woocommerce', name);
    return { text: answer.text ?? '', type: answer.headers['Content-Type'] };
  };
  if (status === 429) return raw('error-429-empty');
  if (status === 502) return raw('error-502-html');
  const maintenance = recordedAnswer('woocommerce', 'error-503-maintenance');
  if (status === 503) return { json: maintenance.body, headers: maintenance.headers };
  return {
    json: { ...(maintenance.body as object), message: STATUS_CODES[status] ?? 'Error', data: { status } },
    headers: { 'Content-Type': maintenance.headers['Content-Type'] ?? 'application/json' },
  };
}

/** WordPress's time: to the second, without a zone. */
const wpTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);
/** A WordPress time (no zone: UTC here) or an ISO time with a zone, in milliseconds. */
const msOf = (text: string) => Date.parse(/(?:Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);
/** A time after `previous`, so that an edit always shows in `date_modified_gmt`. */
const after = (previous: string) => wpTime(Math.max(Date.now(), msOf(previous) + 1000));

const PRODUCTS = [
  { name: 'Canvas Tote Bag', sku: 'TOTE-NAT', price: '24.00', grams: 340, dimensions: ['40', '35', '2'] },
  { name: 'Ceramic Mug 11oz', sku: 'MUG-11OZ', price: '14.50', grams: 450, dimensions: ['12', '12', '10'] },
  { name: 'Merino Beanie', sku: 'BEANIE-GRY', price: '19.99', grams: 120, dimensions: ['22', '20', '3'] },
] as const;

const PEOPLE: Omit<WooBilling, 'email'>[] = [
  {
    first_name: 'Noah',
    last_name: 'Bennett',
    company: '',
    address_1: '310 Elm Street',
    address_2: '',
    city: 'Columbus',
    state: 'OH',
    postcode: '43215',
    country: 'US',
    phone: '6145550122',
  },
  {
    first_name: 'Emma',
    last_name: 'Nguyen',
    company: 'Nguyen Design',
    address_1: '2200 Sunset Boulevard',
    address_2: 'Suite 12',
    city: 'Los Angeles',
    state: 'CA',
    postcode: '90026',
    country: 'US',
    phone: '',
  },
  {
    first_name: 'Lucas',
    last_name: 'Hughes',
    company: '',
    address_1: '57 Pine Road',
    address_2: '',
    city: 'Burlington',
    state: 'VT',
    postcode: '05401',
    country: 'US',
    phone: '8025550190',
  },
];

interface SiteState {
  name: string;
  consumerKey: string;
  consumerSecret: string;
  weightUnit: WooWeightUnit;
  products: WooProduct[];
  variations: WooVariation[];
  orders: WooOrder[];
  notes: Map<number, WooNote[]>;
  webhooks: WooWebhook[];
}

const hex40 = () => randomBytes(20).toString('hex');

async function post(request: WooWebhookRequest): Promise<number> {
  const response = await fetch(request.address, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Starts the stand-in on a free port of 127.0.0.1 (or `port`). */
export async function startWooCommerceStandIn(options: { port?: number } = {}): Promise<WooCommerceStandIn> {
  const sites = new Map<string, SiteState>();
  // WordPress numbers products and orders from one sequence (both are posts); items, notes and webhooks apart.
  let lastPostId = 700;
  let lastItemId = 300;
  let lastNoteId = 2000;
  let lastWebhookId = 0;
  let base = '';
  const siteUrlOf = (site: string) => `${base}/sites/${site}`;

  function known(site: string): SiteState {
    const state = sites.get(site);
    if (!state) throw new Error(`the WooCommerce stand-in has no site ${site}`);
    return state;
  }

  function orderOf(state: SiteState, id: number): WooOrder {
    const order = state.orders.find((candidate) => candidate.id === id);
    if (!order) throw new WooError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    return order;
  }

  const weightIn = (grams: number, unit: WooWeightUnit) =>
    String(Number((grams / GRAMS_PER[unit]).toFixed(unit === 'g' ? 0 : 2)));

  function addProduct(site: string, partial: Partial<Omit<WooProduct, 'id'>> = {}): WooProduct {
    const state = known(site);
    const product: WooProduct = {
      id: ++lastPostId,
      name: 'Gift Card',
      sku: `SKU-${lastPostId}`,
      price: '10.00',
      weight: '',
      dimensions: { length: '', width: '', height: '' },
      ...partial,
    };
    state.products.push(product);
    return structuredClone(product);
  }

  function addVariation(
    site: string,
    productId: number,
    partial: Partial<Omit<WooVariation, 'id' | 'parent_id'>> = {},
  ): WooVariation {
    const state = known(site);
    const product = state.products.find((candidate) => candidate.id === productId);
    if (!product) throw new Error(`site ${site} has no product ${productId}`);
    const variation: WooVariation = {
      id: ++lastPostId,
      parent_id: productId,
      sku: `${product.sku}-${lastPostId}`,
      price: product.price,
      weight: '',
      ...partial,
    };
    state.variations.push(variation);
    return structuredClone(variation);
  }

  function lineItemOf(state: SiteState, input: Partial<WooLineItem>, fallback: WooProduct): WooLineItem {
    const product = state.products.find((candidate) => candidate.id === input.product_id) ?? fallback;
    const quantity = input.quantity ?? 1;
    const price = input.price ?? Number(product.price);
    const total = (price * quantity).toFixed(2);
    return {
      name: product.name,
      product_id: product.id,
      variation_id: 0,
      sku: product.sku,
      subtotal: total,
      total,
      ...input,
      quantity,
      price,
      id: input.id ?? ++lastItemId,
    };
  }

  /** One line item on even order ids, two (the first of them twice) on odd ones, from the first three products. */
  function lineItemsOf(state: SiteState, inputs: Partial<WooLineItem>[] | undefined, id: number): WooLineItem[] {
    const catalogue = state.products.slice(0, PRODUCTS.length);
    const wanted = inputs ?? (id % 2 === 0 ? [{}] : [{ quantity: 2 }, {}]);
    return wanted.map((input, index) =>
      lineItemOf(state, input, catalogue[(id + index) % catalogue.length] as WooProduct),
    );
  }

  const totalOf = (items: WooLineItem[]) => items.reduce((sum, item) => sum + Number(item.total), 0).toFixed(2);

  function addOrder(site: string, partial: WooOrderInput = {}): WooOrder {
    const state = known(site);
    const id = ++lastPostId;
    const person = PEOPLE[id % PEOPLE.length] as Omit<WooBilling, 'email'>;
    const { billing, shipping, line_items, ...rest } = partial;
    const items = lineItemsOf(state, line_items, id);
    const now = wpTime(Date.now());
    const order: WooOrder = {
      id,
      number: String(id),
      status: 'processing',
      currency: 'USD',
      date_created: now,
      date_created_gmt: now,
      date_modified: now,
      date_modified_gmt: now,
      customer_note: '',
      total: totalOf(items),
      billing: { ...person, email: `${person.first_name.toLowerCase()}.${id}@example.com`, ...billing },
      shipping: { ...person, ...shipping },
      line_items: items,
      ...rest,
    };
    // The sites keep UTC: a date given in GMT is the local one too.
    order.date_created = order.date_created_gmt;
    order.date_modified = order.date_modified_gmt;
    state.orders.push(order);
    return structuredClone(order);
  }

  /** The order edited: its date_modified moves on unless `changes` sets it. */
  function edit(order: WooOrder, changes: { date_modified_gmt?: string | undefined }): void {
    const modified = changes.date_modified_gmt ?? after(order.date_modified_gmt);
    order.date_modified_gmt = modified;
    order.date_modified = modified;
  }

  function updateOrder(site: string, id: number, changes: WooOrderInput): WooOrder {
    const state = known(site);
    const order = state.orders.find((candidate) => candidate.id === id);
    if (!order) throw new Error(`site ${site} has no order ${id}`);
    const { billing, shipping, line_items, ...rest } = changes;
    Object.assign(order, rest);
    if (billing) order.billing = { ...order.billing, ...billing };
    if (shipping) order.shipping = { ...order.shipping, ...shipping };
    if (line_items) {
      order.line_items = lineItemsOf(state, line_items, id);
      order.total = rest.total ?? totalOf(order.line_items);
    }
    edit(order, changes);
    return structuredClone(order);
  }

  /**
   * Refuses a call whose Basic auth is not the site's keys as WooCommerce does: its own key with another
   * secret is an authentication error (WC_REST_Authentication); keys it does not know leave the caller
   * logged out, which the route's permission check refuses.
   */
  function checkKeys(state: SiteState, request: IncomingMessage): void {
    const encoded = /^Basic (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const credentials = encoded ? Buffer.from(encoded, 'base64').toString() : '';
    const colon = credentials.indexOf(':');
    const key = colon > 0 ? credentials.slice(0, colon) : '';
    if (key === state.consumerKey && credentials.slice(colon + 1) === state.consumerSecret) return;
    if (key === state.consumerKey)
      throw new WooError(401, 'woocommerce_rest_authentication_error', 'Consumer secret is invalid.');
    throw recordedError('error-401-cannot-view');
  }

  function intParam(params: URLSearchParams, name: string, fallback: number, max: number): number {
    const text = params.get(name);
    if (text === null) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > max)
      throw invalidParam(
        name,
        max === Number.MAX_SAFE_INTEGER
          ? `${name} must be greater than or equal to 1`
          : `${name} must be between 1 (inclusive) and ${max} (inclusive)`,
      );
    return value;
  }

  /**
   * A page of `all` as WooCommerce answers a collection (WC_REST_CRUD_Controller::get_items): the total and
   * the page count in headers, and a `Link` to the previous and next pages, with the request's own query.
   */
  function pageOf<T>(all: T[], params: URLSearchParams, url: URL) {
    const perPage = intParam(params, 'per_page', 10, 100);
    const page = intParam(params, 'page', 1, Number.MAX_SAFE_INTEGER);
    const pages = Math.ceil(all.length / perPage);
    const linkTo = (target: number, rel: string) => {
      const link = new URL(url);
      link.searchParams.set('page', String(target));
      return `<${link.href}>; rel="${rel}"`;
    };
    const links = [
      ...(page > 1 ? [linkTo(Math.min(page - 1, Math.max(pages, 1)), 'prev')] : []),
      ...(pages > page ? [linkTo(page + 1, 'next')] : []),
    ];
    return {
      status: 200,
      json: all.slice((page - 1) * perPage, page * perPage),
      headers: {
        'x-wp-total': String(all.length),
        'x-wp-totalpages': String(pages),
        ...(links.length > 0 ? { link: links.join(', ') } : {}),
      },
    };
  }

  function listOrders(state: SiteState, params: URLSearchParams, url: URL) {
    const statuses = (params.get('status') ?? 'any').split(',');
    for (const status of statuses)
      if (status !== 'any' && !WOO_STATUSES.includes(status as WooStatus))
        throw invalidParam('status', `status is not one of any, ${WOO_STATUSES.join(', ')}.`);
    const orderby = params.get('orderby') ?? 'date';
    if (!['date', 'id', 'modified'].includes(orderby))
      throw invalidParam('orderby', 'orderby is not one of date, id, modified.');
    const direction = params.get('order') ?? 'desc';
    if (direction !== 'asc' && direction !== 'desc') throw invalidParam('order', 'order is not one of asc, desc.');
    const modifiedAfter = params.get('modified_after');
    const since = modifiedAfter === null ? null : msOf(modifiedAfter);
    if (since !== null && Number.isNaN(since)) throw invalidParam('modified_after', 'Invalid date.');
    const key = (order: WooOrder) =>
      orderby === 'id'
        ? order.id
        : msOf(orderby === 'date' ? order.date_created_gmt : order.date_modified_gmt) * 1e6 + order.id;
    const all = state.orders
      .filter((order) => statuses.includes('any') || statuses.includes(order.status))
      .filter((order) => since === null || msOf(order.date_modified_gmt) > since)
      .sort((a, b) => (direction === 'asc' ? key(a) - key(b) : key(b) - key(a)));
    return pageOf(all.map(shownOrder), params, url);
  }

  function listProducts(state: SiteState, params: URLSearchParams, url: URL) {
    const include = params.get('include');
    const ids = include === null ? null : include.split(',').filter(Boolean);
    if (ids?.some((id) => !/^\d+$/.test(id))) throw invalidParam('include', 'include[0] is not of type integer.');
    const [template] = recorded<Record<string, unknown>[]>('woocommerce', 'products');
    return pageOf(
      state.products
        .filter((product) => ids === null || ids.includes(String(product.id)))
        .map((product) => ({ ...template, ...product })),
      params,
      url,
    );
  }

  /**
   * A product's variations (`GET /products/{id}/variations`, WC_REST_Product_Variations_Controller), by
   * `include` as products are: each the recorded variation (`variations`) with its own values. A product
   * without variations, or unknown, has none (the query is of posts whose parent it is).
   */
  function listVariations(state: SiteState, productId: number, params: URLSearchParams, url: URL) {
    const include = params.get('include');
    const ids = include === null ? null : include.split(',').filter(Boolean);
    if (ids?.some((id) => !/^\d+$/.test(id))) throw invalidParam('include', 'include[0] is not of type integer.');
    const [template] = recorded<Record<string, unknown>[]>('woocommerce', 'variations');
    const variations = state.variations
      .filter((variation) => variation.parent_id === productId)
      .filter((variation) => ids === null || ids.includes(String(variation.id)))
      .map(({ parent_id: _parent, ...variation }) => ({ ...template, ...variation }));
    return pageOf(variations, params, url);
  }

  /**
   * An order as the API answers it (and a webhook delivers it): the recorded order (`orders-page-1`) with the
   * site's order's values, its line items the recorded line item with theirs.
   */
  function shownOrder(order: WooOrder): Record<string, unknown> {
    const [template] = recorded<{ line_items: Record<string, unknown>[] }[]>('woocommerce', 'orders-page-1');
    const [item] = template?.line_items ?? [];
    return {
      ...template,
      ...structuredClone(order),
      line_items: order.line_items.map((line) => ({ ...item, ...line })),
    };
  }

  function updateStatus(state: SiteState, id: number, body: Record<string, unknown>): WooOrder {
    const order = orderOf(state, id);
    if (body.status !== undefined) {
      const status = WOO_STATUSES.find((candidate) => candidate === body.status);
      if (!status) throw invalidParam('status', `status is not one of ${WOO_STATUSES.join(', ')}.`);
      order.status = status;
    }
    edit(order, {});
    return order;
  }

  function addNote(state: SiteState, id: number, body: Record<string, unknown>): WooNote {
    orderOf(state, id);
    if (typeof body.note !== 'string' || body.note.trim() === '')
      throw new WooError(400, 'rest_missing_callback_param', 'Missing parameter(s): note', { params: ['note'] });
    if (body.customer_note !== undefined && typeof body.customer_note !== 'boolean')
      throw invalidParam('customer_note', 'customer_note is not of type boolean.');
    const now = wpTime(Date.now());
    // The recorded note (`order-note-create`) with this one's values.
    const note: WooNote = {
      ...recorded<WooNote>('woocommerce', 'order-note-create'),
      id: ++lastNoteId,
      date_created: now,
      date_created_gmt: now,
      note: body.note,
      customer_note: body.customer_note === true,
    };
    state.notes.set(id, [...(state.notes.get(id) ?? []), note]);
    return note;
  }

  /**
   * An order's notes (`GET /orders/{id}/notes`, WC_REST_Order_Notes_Controller::get_items), newest first,
   * `type` any (the default), customer or internal.
   */
  function listNotes(state: SiteState, orderId: number, params: URLSearchParams): WooNote[] {
    orderOf(state, orderId);
    const type = params.get('type') ?? 'any';
    if (!['any', 'customer', 'internal'].includes(type))
      throw invalidParam('type', 'type is not one of any, customer, internal.');
    return [...(state.notes.get(orderId) ?? [])]
      .filter((note) => type === 'any' || note.customer_note === (type === 'customer'))
      .reverse();
  }

  function deleteNote(state: SiteState, orderId: number, noteId: number, params: URLSearchParams): WooNote {
    orderOf(state, orderId);
    const notes = state.notes.get(orderId) ?? [];
    const note = notes.find((candidate) => candidate.id === noteId);
    if (!note) throw new WooError(404, 'woocommerce_rest_invalid_id', 'Invalid resource ID.');
    if (params.get('force') !== 'true')
      throw new WooError(501, 'woocommerce_rest_trash_not_supported', 'The resource does not support trashing.');
    state.notes.set(
      orderId,
      notes.filter((candidate) => candidate !== note),
    );
    return note;
  }

  /**
   * A webhook as the API shows it: the recorded one (`webhook-create`) with this one's values, without its
   * secret (WooCommerce shows that only when editing).
   */
  function shown(webhook: WooWebhook) {
    return {
      ...recorded('woocommerce', 'webhook-create'),
      id: webhook.id,
      name: webhook.name,
      status: webhook.status,
      topic: webhook.topic,
      resource: webhook.resource,
      event: webhook.event,
      delivery_url: webhook.delivery_url,
      date_created: webhook.date_created_gmt,
      date_created_gmt: webhook.date_created_gmt,
      date_modified: webhook.date_modified_gmt,
      date_modified_gmt: webhook.date_modified_gmt,
    };
  }

  /** A webhook's fields as given (all of them optional), checked as WC_REST_Webhooks_Controller checks them. */
  function webhookFields(body: Record<string, unknown>) {
    const topic = body.topic === undefined ? undefined : WEBHOOK_TOPICS.find((candidate) => candidate === body.topic);
    if (body.topic !== undefined && !topic)
      throw new WooError(400, 'woocommerce_rest_webhook_invalid_topic', 'Webhook topic is required and must be valid.');
    const url = body.delivery_url;
    if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\//.test(url) || !URL.canParse(url)))
      throw invalidParam('delivery_url', 'Invalid URL.');
    const status = WEBHOOK_STATUSES.find((candidate) => candidate === body.status);
    if (body.status !== undefined && !status)
      throw invalidParam('status', 'status is not one of active, paused, disabled.');
    if (body.secret !== undefined && typeof body.secret !== 'string')
      throw invalidParam('secret', 'secret is not of type string.');
    if (body.name !== undefined && typeof body.name !== 'string')
      throw invalidParam('name', 'name is not of type string.');
    return {
      topic,
      url: url as string | undefined,
      status,
      secret: body.secret as string | undefined,
      name: body.name as string | undefined,
    };
  }

  async function addWebhook(state: SiteState, body: Record<string, unknown>): Promise<WooWebhook> {
    const fields = webhookFields(body);
    const { topic, url } = fields;
    if (!topic)
      throw new WooError(400, 'woocommerce_rest_webhook_invalid_topic', 'Webhook topic is required and must be valid.');
    if (!url) throw invalidParam('delivery_url', 'Invalid URL.');
    const status = fields.status ?? 'active';
    const now = wpTime(Date.now());
    const [resource, event] = topic.split('.') as [string, string];
    const webhook: WooWebhook = {
      id: ++lastWebhookId,
      name: fields.name ?? `Webhook created on ${now}`,
      status,
      topic,
      resource,
      event,
      delivery_url: url,
      secret: fields.secret ?? hex40(),
      date_created_gmt: now,
      date_modified_gmt: now,
    };
    state.webhooks.push(webhook);
    if (status === 'active')
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `webhook_id=${webhook.id}`,
        signal: AbortSignal.timeout(5000),
      })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
    return webhook;
  }

  /** `PUT /webhooks/{id}`: the fields given changed (a new secret signs the next deliveries). */
  function updateWebhook(state: SiteState, id: number, body: Record<string, unknown>): WooWebhook {
    const webhook = state.webhooks.find((candidate) => candidate.id === id);
    if (!webhook) throw new WooError(404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
    const fields = webhookFields(body);
    if (fields.topic) {
      const [resource, event] = fields.topic.split('.') as [string, string];
      Object.assign(webhook, { topic: fields.topic, resource, event });
    }
    if (fields.url) webhook.delivery_url = fields.url;
    if (fields.status) webhook.status = fields.status;
    if (fields.secret !== undefined) webhook.secret = fields.secret;
    if (fields.name !== undefined) webhook.name = fields.name;
    webhook.date_modified_gmt = wpTime(Date.now());
    return webhook;
  }

  /** `GET /webhooks`: newest first (by date, then id), `status` all unless given, a page with its headers. */
  function listWebhooks(state: SiteState, params: URLSearchParams, url: URL) {
    const status = params.get('status') ?? 'all';
    if (status !== 'all' && !WEBHOOK_STATUSES.some((candidate) => candidate === status))
      throw invalidParam('status', 'status is not one of all, active, paused, disabled.');
    const listed = state.webhooks
      .filter((webhook) => status === 'all' || webhook.status === status)
      .toSorted((a, b) => b.date_created_gmt.localeCompare(a.date_created_gmt) || b.id - a.id);
    const page = pageOf(listed, params, url);
    return { ...page, json: page.json.map(shown) };
  }

  function deleteWebhook(state: SiteState, id: number, params: URLSearchParams): WooWebhook {
    const webhook = state.webhooks.find((candidate) => candidate.id === id);
    if (!webhook) throw new WooError(404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
    if (params.get('force') !== 'true')
      throw new WooError(501, 'woocommerce_rest_trash_not_supported', 'Webhooks do not support trashing.');
    state.webhooks = state.webhooks.filter((candidate) => candidate !== webhook);
    return webhook;
  }

  const bodyOf = (request: IncomingMessage) =>
    jsonBody(request, () => new WooError(400, 'rest_invalid_json', 'Invalid JSON body passed.'));

  /**
   * The setting woocommerce_weight_unit as WC_REST_Setting_Options_Controller answers it alone: the recorded
   * one (`settings-weight-unit-lbs`), its value the site's unit, with its links.
   */
  function weightUnitSetting(state: SiteState) {
    const self = `${siteUrlOf(state.name)}${API}/settings/products`;
    return {
      ...recorded('woocommerce', 'settings-weight-unit-lbs'),
      value: state.weightUnit,
      _links: { self: [{ href: `${self}/woocommerce_weight_unit` }], collection: [{ href: self }] },
    };
  }

  async function api(
    state: SiteState,
    method: string,
    url: URL,
    path: string,
    request: IncomingMessage,
  ): Promise<{ status: number; json: unknown; headers?: Record<string, string> }> {
    if (!path.startsWith(`${API}/`)) throw noRoute();
    const params = url.searchParams;
    const call = `${method} ${path.slice(API.length)}`;
    if (call === 'GET /system_status') {
      // The documented system status (`system-status`: no weight unit among its settings), of this site.
      const documented = recorded<{ environment: Record<string, unknown> }>('woocommerce', 'system-status');
      return {
        status: 200,
        json: {
          ...documented,
          environment: {
            ...documented.environment,
            home_url: siteUrlOf(state.name),
            site_url: siteUrlOf(state.name),
            version: WOOCOMMERCE_VERSION,
            wp_version: '6.7.1',
          },
        },
      };
    }
    if (call === 'GET /settings/products/woocommerce_weight_unit')
      return { status: 200, json: weightUnitSetting(state) };
    if (call === 'GET /orders') return listOrders(state, params, url);
    if (call === 'GET /products') return listProducts(state, params, url);
    let match = /^GET \/products\/(\d+)\/variations$/.exec(call);
    if (match) return listVariations(state, Number(match[1]), params, url);
    match = /^PUT \/orders\/(\d+)$/.exec(call);
    if (match) return { status: 200, json: shownOrder(updateStatus(state, Number(match[1]), await bodyOf(request))) };
    match = /^GET \/orders\/(\d+)\/notes$/.exec(call);
    if (match) return { status: 200, json: listNotes(state, Number(match[1]), params) };
    match = /^POST \/orders\/(\d+)\/notes$/.exec(call);
    if (match) return { status: 201, json: addNote(state, Number(match[1]), await bodyOf(request)) };
    match = /^DELETE \/orders\/(\d+)\/notes\/(\d+)$/.exec(call);
    if (match) return { status: 200, json: deleteNote(state, Number(match[1]), Number(match[2]), params) };
    if (call === 'GET /webhooks') return listWebhooks(state, params, url);
    if (call === 'POST /webhooks') return { status: 201, json: shown(await addWebhook(state, await bodyOf(request))) };
    match = /^PUT \/webhooks\/(\d+)$/.exec(call);
    if (match) return { status: 200, json: shown(updateWebhook(state, Number(match[1]), await bodyOf(request))) };
    match = /^DELETE \/webhooks\/(\d+)$/.exec(call);
    if (match) return { status: 200, json: shown(deleteWebhook(state, Number(match[1]), params)) };
    throw noRoute();
  }

  const server = await serveStandIn({
    port: options.port,
    routeOf: (method, path) => `${method} ${path.replace(/^\/sites\/[^/]+/, '').replace(/\/\d+(?=\/|$)/g, '/:id')}`,
    faultAnswer,
    async answer(method, url, request) {
      const match = /^\/sites\/([^/]+)(\/.*)$/.exec(url.pathname);
      const state = match ? sites.get(decodeURIComponent(match[1] as string)) : undefined;
      if (!match || !state) throw noRoute();
      checkKeys(state, request);
      return api(state, method, url, match[2] as string, request);
    },
    errorOf(error) {
      const failure = error instanceof WooError ? error : new WooError(500, 'internal_server_error', String(error));
      return {
        status: failure.status,
        json: { code: failure.code, message: failure.message, data: { status: failure.status, ...failure.data } },
      };
    },
  });
  base = server.base;

  function webhookRequests(
    site: string,
    topic: WooTopic,
    order: WooOrder,
    { forge = false }: { forge?: boolean } = {},
  ): WooWebhookRequest[] {
    const state = known(site);
    // WC_Webhook::build_payload: the order as `GET /orders/{id}` answers it.
    const body = JSON.stringify(shownOrder(order));
    return state.webhooks
      .filter((webhook) => webhook.topic === topic && webhook.status === 'active')
      .map((webhook) => ({
        address: webhook.delivery_url,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': `WooCommerce/${WOOCOMMERCE_VERSION} Hookshot (WordPress/6.7.1)`,
          'x-wc-webhook-source': `${siteUrlOf(site)}/`,
          'x-wc-webhook-topic': topic,
          'x-wc-webhook-resource': webhook.resource,
          'x-wc-webhook-event': webhook.event,
          'x-wc-webhook-signature': createHmac('sha256', forge ? `${webhook.secret}-forged` : webhook.secret)
            .update(body)
            .digest('base64'),
          'x-wc-webhook-id': String(webhook.id),
          'x-wc-webhook-delivery-id': randomUUID(),
        },
      }));
  }

  const stand: WooCommerceStandIn = Object.assign(server, {
    siteUrlOf,
    addSite(
      site: string,
      siteOptions: { consumerKey?: string; consumerSecret?: string; weightUnit?: WooWeightUnit } = {},
    ): WooSiteKeys {
      if (sites.has(site)) throw new Error(`the WooCommerce stand-in already has site ${site}`);
      const state: SiteState = {
        name: site,
        consumerKey: siteOptions.consumerKey ?? `ck_${hex40()}`,
        consumerSecret: siteOptions.consumerSecret ?? `cs_${hex40()}`,
        weightUnit: siteOptions.weightUnit ?? 'kg',
        products: [],
        variations: [],
        orders: [],
        notes: new Map(),
        webhooks: [],
      };
      sites.set(site, state);
      for (const product of PRODUCTS)
        addProduct(site, {
          name: product.name,
          sku: product.sku,
          price: product.price,
          weight: weightIn(product.grams, state.weightUnit),
          dimensions: { length: product.dimensions[0], width: product.dimensions[1], height: product.dimensions[2] },
        });
      return { siteUrl: siteUrlOf(site), consumerKey: state.consumerKey, consumerSecret: state.consumerSecret };
    },
    addProduct,
    addVariation,
    addOrder,
    updateOrder,
    orders: (site: string) => structuredClone(known(site).orders),
    products: (site: string) => structuredClone(known(site).products),
    notes: (site: string, orderId: number) => structuredClone(known(site).notes.get(orderId) ?? []),
    webhooks: (site: string) => structuredClone(known(site).webhooks),
    webhookRequests,
    async deliverWebhook(site: string, topic: WooTopic, order: WooOrder, deliveryOptions?: { forge?: boolean }) {
      const requests = webhookRequests(site, topic, order, deliveryOptions);
      if (requests.length === 0) throw new Error(`no active webhook of ${site} is registered for ${topic}`);
      return Promise.all(requests.map(post));
    },
  } satisfies Omit<WooCommerceStandIn, keyof StandInServer>);
  return stand;
}
