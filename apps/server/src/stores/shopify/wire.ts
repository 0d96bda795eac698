/**
 * Shopify's Admin REST API as this adapter uses it (version 2025-01): the answers' shapes, the errors'
 * words, the order mapped to a StoreOrder, and the HMACs that sign the install callback and the webhooks.
 * Facts from shopify.dev: "Authorization code grant", "REST Admin API: Order, FulfillmentOrder,
 * Fulfillment, Webhook", "Verify a webhook", "Paginating results with REST", "API rate limits".
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CarrierComplaint } from '../../carriers/upstream/client.ts';
import type { StoreOrder } from '../types.ts';

export const SHOPIFY_API_VERSION = '2025-01';

/** What the platform asks the merchant to grant: reading orders, fulfilling them from its own locations. */
export const SHOPIFY_SCOPES = [
  'read_orders',
  'read_merchant_managed_fulfillment_orders',
  'write_merchant_managed_fulfillment_orders',
] as const;

/** The topics the platform listens to. */
export const SHOPIFY_TOPICS = ['orders/create', 'orders/updated', 'app/uninstalled'] as const;

interface ShopifyAddress {
  first_name?: string | null;
  last_name?: string | null;
  name?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  province_code?: string | null;
  zip?: string | null;
  country_code?: string | null;
  phone?: string | null;
}

export interface ShopifyOrder {
  id: number;
  name: string;
  email?: string | null;
  phone?: string | null;
  updated_at: string;
  cancelled_at?: string | null;
  fulfillment_status?: string | null;
  shipping_address?: ShopifyAddress | null;
  line_items?: {
    title?: string;
    name?: string;
    sku?: string | null;
    quantity: number;
    grams?: number | null;
    price?: string;
    requires_shipping?: boolean;
  }[];
}

export interface ShopifyFulfillmentOrder {
  id: number;
  status: string;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/** An order as a StoreOrder: only what ships (items needing shipping), open until cancelled or fulfilled. */
export function storeOrderOf(order: ShopifyOrder): StoreOrder {
  const address = order.shipping_address;
  const items = (order.line_items ?? [])
    .filter((item) => item.requires_shipping !== false)
    .map((item) => ({
      title: text(item.name ?? item.title),
      sku: text(item.sku),
      quantity: item.quantity,
      grams: item.grams && item.grams > 0 ? item.grams : null,
      priceCents: Math.round(Number.parseFloat(item.price ?? '0') * 100) || 0,
    }));
  return {
    externalId: String(order.id),
    name: order.name,
    updatedAt: order.updated_at,
    open: !order.cancelled_at && order.fulfillment_status !== 'fulfilled' && items.length > 0,
    cancelled: Boolean(order.cancelled_at),
    to: address
      ? {
          personName: text(address.name) || `${text(address.first_name)} ${text(address.last_name)}`.trim(),
          company: text(address.company),
          phone: text(address.phone) || text(order.phone),
          email: text(order.email),
          countryCode: text(address.country_code).toUpperCase() || 'US',
          stateCode: text(address.province_code),
          city: text(address.city),
          addressLine1: text(address.address1),
          addressLine2: text(address.address2),
          zipCode: text(address.zip),
        }
      : null,
    items,
  };
}

/** Shopify's `errors` (a sentence, a list, or lists per field) as one message, and our field when clear. */
export function shopifyComplaint(status: number, json: unknown): CarrierComplaint {
  const errors = (json as { errors?: unknown; error_description?: unknown } | undefined)?.errors;
  const description = (json as { error_description?: unknown } | undefined)?.error_description;
  if (typeof errors === 'string') return { message: errors };
  if (Array.isArray(errors)) return { message: errors.map(String).join('; ') };
  if (errors && typeof errors === 'object')
    return {
      message: Object.entries(errors as Record<string, unknown>)
        .map(([field, words]) => `${field} ${Array.isArray(words) ? words.join(', ') : String(words)}`)
        .join('; '),
    };
  if (typeof description === 'string') return { message: description };
  return { message: `Shopify answered HTTP ${status}` };
}

/** The `rel="next"` address of a `Link` header (cursor pagination), or null on the last page. */
export function nextPageOf(link: string | null): string | null {
  for (const part of (link ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return match[1];
  }
  return null;
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
