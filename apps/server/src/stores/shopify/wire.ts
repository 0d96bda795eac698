/**
 * What the Shopify adapter shares between its calls and its webhooks: the one API version, the scopes and
 * topics, the orders (a GraphQL node, or a webhook's REST-shaped body) mapped to a StoreOrder, the error
 * words of a refused call, and the HMACs that sign the install callback and the webhooks.
 * Facts from shopify.dev: "Authorization code grant", "About API versioning", "Verify a webhook", the
 * REST `Order` resource (webhook bodies) and the GraphQL `Order` object; shopify-app-js's `validateHmac`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { readAnswer } from '../../carriers/upstream/answers.ts';
import type { CarrierComplaint } from '../../outbound/client.ts';
import type { StoreItem, StoreOrder } from '../types.ts';
import type { ShopifyOrderNode } from './graphql.ts';

/**
 * The Admin API version every call names, and the only place it is written: the newest stable version
 * of shopify-app-js's `ApiVersion` (2026-10). Shopify supports a version for at least twelve months.
 */
export const SHOPIFY_API_VERSION = '2026-10';

/**
 * What the platform asks the merchant to grant: reading orders, fulfilling them from its own locations,
 * and reading products (a line's weight is its variant's inventory item's).
 */
export const SHOPIFY_SCOPES = [
  'read_orders',
  'read_products',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
] as const;

/** The topics the platform listens to, as webhooks name them and as GraphQL's enum does. */
export const SHOPIFY_TOPICS = {
  'orders/create': 'ORDERS_CREATE',
  'orders/updated': 'ORDERS_UPDATED',
  'app/uninstalled': 'APP_UNINSTALLED',
} as const;

const text = (value: string | null | undefined) => (value ?? '').trim();
const nullableText = z.string().nullish();

/** A webhook's order (REST-shaped JSON, as Shopify still delivers them), the fields we read. */
const webhookOrderSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  email: nullableText,
  phone: nullableText,
  updated_at: z.string(),
  cancelled_at: nullableText,
  fulfillment_status: nullableText,
  shipping_address: z
    .looseObject({
      first_name: nullableText,
      last_name: nullableText,
      name: nullableText,
      company: nullableText,
      address1: nullableText,
      address2: nullableText,
      city: nullableText,
      province_code: nullableText,
      zip: nullableText,
      country_code: nullableText,
      phone: nullableText,
    })
    .nullish(),
  line_items: z
    .array(
      z.looseObject({
        title: nullableText,
        name: nullableText,
        sku: nullableText,
        quantity: z.number().int(),
        grams: z.number().nullish(),
        price: nullableText,
        requires_shipping: z.boolean().nullish(),
      }),
    )
    .nullish(),
});

/** The address and items of an order, whichever API told them, in the one shape the mapping reads. */
interface OrderParts {
  externalId: string;
  name: string;
  updatedAt: string;
  cancelled: boolean;
  fulfilled: boolean;
  email: string | null | undefined;
  phone: string | null | undefined;
  address: Partial<
    Record<
      | 'name'
      | 'firstName'
      | 'lastName'
      | 'company'
      | 'address1'
      | 'address2'
      | 'city'
      | 'provinceCode'
      | 'zip'
      | 'countryCode'
      | 'phone',
      string | null
    >
  > | null;
  items: (StoreItem & { ships: boolean })[];
}

/** An order as a StoreOrder: only what ships (items needing shipping), open until cancelled or fulfilled. */
function storeOrderOfParts(order: OrderParts): StoreOrder {
  const { address } = order;
  const items = order.items.filter((item) => item.ships).map(({ ships: _ships, ...item }) => item);
  return {
    externalId: order.externalId,
    name: order.name,
    updatedAt: utcTime(order.updatedAt),
    open: !order.cancelled && !order.fulfilled && items.length > 0,
    cancelled: order.cancelled,
    to: address
      ? {
          personName: text(address.name) || `${text(address.firstName)} ${text(address.lastName)}`.trim(),
          company: text(address.company),
          phone: text(address.phone) || text(order.phone),
          email: text(order.email),
          countryCode: text(address.countryCode).toUpperCase() || 'US',
          stateCode: text(address.provinceCode),
          city: text(address.city),
          addressLine1: text(address.address1),
          addressLine2: text(address.address2),
          zipCode: text(address.zip),
        }
      : null,
    items,
  };
}

/**
 * A time as one text whichever API wrote it (webhooks: the shop's offset; GraphQL: UTC), so that an order
 * unchanged since its last reading reads the same.
 */
function utcTime(time: string): string {
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? time : new Date(ms).toISOString();
}

const cents = (amount: string | null | undefined) => Math.round(Number.parseFloat(amount ?? '0') * 100) || 0;

/** Grams in one unit of each weight unit GraphQL's `WeightUnit` names. */
const GRAMS_PER_UNIT: Record<string, number> = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.349523125, POUNDS: 453.59237 };

function gramsOf(weight: { unit: string; value: number } | null | undefined): number | null {
  const grams = weight ? weight.value * (GRAMS_PER_UNIT[weight.unit] ?? 0) : 0;
  return grams > 0 ? Math.round(grams) : null;
}

/** A global id's number (`gid://shopify/Order/148977776` → `148977776`): the id webhooks carry. */
export function legacyId(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1);
}

/** A GraphQL `Order` node (the orders query) as a StoreOrder; its id is the number webhooks carry. */
export function storeOrderOfNode(node: ShopifyOrderNode): StoreOrder {
  const address = node.shippingAddress;
  return storeOrderOfParts({
    externalId: legacyId(node.id),
    name: node.name,
    updatedAt: node.updatedAt,
    cancelled: Boolean(node.cancelledAt),
    fulfilled: node.displayFulfillmentStatus === 'FULFILLED',
    email: node.email,
    phone: node.phone,
    address: address ? { ...address, countryCode: address.countryCodeV2 } : null,
    items: node.lineItems.edges.map(({ node: item }) => ({
      title: text(item.name ?? item.title),
      sku: text(item.sku),
      quantity: item.quantity,
      grams: gramsOf(item.variant?.inventoryItem?.measurement?.weight),
      priceCents: cents(item.originalUnitPriceSet?.shopMoney.amount),
      ships: item.requiresShipping !== false,
    })),
  });
}

/** A webhook's order body (orders/create, orders/updated) as a StoreOrder, read through its schema. */
export function storeOrderOfWebhook(rawBody: string, topic: string): StoreOrder {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    json = undefined;
  }
  const order = readAnswer(webhookOrderSchema, json, { provider: 'shopify', operation: `webhook ${topic}` });
  const address = order.shipping_address;
  return storeOrderOfParts({
    externalId: String(order.id),
    name: order.name,
    updatedAt: order.updated_at,
    cancelled: Boolean(order.cancelled_at),
    fulfilled: order.fulfillment_status === 'fulfilled',
    email: order.email,
    phone: order.phone,
    address: address
      ? {
          name: address.name,
          firstName: address.first_name,
          lastName: address.last_name,
          company: address.company,
          address1: address.address1,
          address2: address.address2,
          city: address.city,
          provinceCode: address.province_code,
          zip: address.zip,
          countryCode: address.country_code,
          phone: address.phone,
        }
      : null,
    items: (order.line_items ?? []).map((item) => ({
      title: text(item.name ?? item.title),
      sku: text(item.sku),
      quantity: item.quantity,
      grams: item.grams && item.grams > 0 ? item.grams : null,
      priceCents: cents(item.price),
      ships: item.requires_shipping !== false,
    })),
  });
}

/** One of Shopify's error words: a sentence, or a GraphQL error object with its `message`. */
const errorWords = z.union([z.string(), z.looseObject({ message: z.string() }).transform((error) => error.message)]);

/**
 * Shopify's error bodies as documented ("Status and error codes", "Authorization code grant"): `errors` as
 * a sentence (401, 5xx), a list, or lists per field (422); or OAuth's `error` and `error_description`.
 */
const shopifyErrorSchema = z.union([
  z.looseObject({
    errors: z.union([
      errorWords.transform((words) => [words]),
      z.array(errorWords),
      z
        .record(z.string(), z.union([errorWords, z.array(errorWords)]))
        .transform((byField) =>
          Object.entries(byField).map(([field, words]) => `${field} ${[words].flat().join(', ')}`),
        ),
    ]),
  }),
  z
    .looseObject({ error: z.string(), error_description: z.string().optional() })
    .transform((oauth) => ({ errors: [oauth.error_description || oauth.error] })),
]);

/** Shopify's error words as one message; a body of another shape (`{}` on a 404) is named by its status. */
export function shopifyComplaint(status: number, json: unknown): CarrierComplaint {
  const parsed = shopifyErrorSchema.safeParse(json);
  const words = parsed.success ? parsed.data.errors.filter(Boolean) : [];
  return { message: words.length > 0 ? words.join('; ') : `Shopify answered HTTP ${status}` };
}

function sameDigest(expected: Buffer, given: Buffer): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The install callback's `hmac`: hex HMAC-SHA256, keyed with the app's secret, of the other query
 * parameters sorted by name and joined `name=value` with `&`. Shopify's own library (shopify-app-js,
 * `validateHmac`) signs the values percent-encoded as it writes the query (spaces as `%20`, `signature`
 * left out too); Shopify's docs show them raw. Either is accepted; both are compared, in constant time,
 * whichever matches, so the time taken tells nothing.
 */
export function validCallbackHmac(query: Record<string, string>, secret: string): boolean {
  const { hmac, ...rest } = query;
  if (!hmac || !secret) return false;
  const given = Buffer.from(hmac.toLowerCase());
  const matches = [encodedCallbackQuery(rest), rawCallbackQuery(rest)].map((message) =>
    sameDigest(Buffer.from(createHmac('sha256', secret).update(message).digest('hex')), given),
  );
  return matches.includes(true);
}

/** The query as the official library writes it before signing: form-encoded values, `%20` for a space. */
function encodedCallbackQuery(params: Record<string, string>): string {
  const { signature: _signature, ...signed } = params;
  const query = new URLSearchParams();
  for (const name of Object.keys(signed).sort((one, other) => one.localeCompare(other)))
    query.append(name, signed[name] ?? '');
  return query.toString().replaceAll('+', '%20');
}

/** The query as Shopify's docs write it: the values as they are. */
function rawCallbackQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

/** A webhook's `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body, keyed with the app's secret. */
export function validWebhookHmac(rawBody: string, secret: string, signature: string | undefined): boolean {
  if (!signature || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
  return sameDigest(Buffer.from(expected), Buffer.from(signature));
}
