/**
 * WooCommerce's REST API v3 as this adapter uses it (woocommerce.github.io/woocommerce-rest-api-docs:
 * Orders, Order notes, Products, Webhooks, System status): the answers' shapes, the errors' words, the
 * order mapped to a StoreOrder and the signature of its webhooks.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CarrierComplaint } from '../../carriers/upstream/client.ts';
import type { StoreOrder, WeightUnit } from '../types.ts';
import { gramsOf } from '../weights.ts';

/** The topics the platform listens to. */
export const WOOCOMMERCE_TOPICS = ['order.created', 'order.updated'] as const;

/** The order state that means "paid, to be shipped". */
export const TO_SHIP = 'processing';
/** The states of an order that will not ship. */
const CANCELLED = new Set(['cancelled', 'refunded', 'failed']);

interface WooAddress {
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  phone?: string;
  email?: string;
}

export interface WooOrder {
  id: number;
  number?: string;
  status: string;
  date_modified_gmt?: string | null;
  date_modified?: string | null;
  billing?: WooAddress;
  shipping?: WooAddress;
  line_items?: { name?: string; product_id?: number; quantity: number; sku?: string; price?: number | string }[];
}

export interface WooProduct {
  id: number;
  weight?: string;
}

const text = (value: string | undefined | null) => (value ?? '').trim();

/** An order as a StoreOrder, its items weighed with the products' weights (in the store's unit). */
export function storeOrderOf(order: WooOrder, weights: ReadonlyMap<number, string>, unit: WeightUnit): StoreOrder {
  const shipping = order.shipping ?? {};
  const billing = order.billing ?? {};
  const hasShipping = text(shipping.address_1) !== '';
  const address = hasShipping ? shipping : billing;
  return {
    externalId: String(order.id),
    name: `#${order.number ?? order.id}`,
    updatedAt: order.date_modified_gmt ?? order.date_modified ?? '',
    open: order.status === TO_SHIP,
    cancelled: CANCELLED.has(order.status),
    to:
      text(address.address_1) === ''
        ? null
        : {
            personName: `${text(address.first_name)} ${text(address.last_name)}`.trim(),
            company: text(address.company),
            phone: text(shipping.phone) || text(billing.phone),
            email: text(billing.email),
            countryCode: text(address.country).toUpperCase() || 'US',
            stateCode: text(address.state),
            city: text(address.city),
            addressLine1: text(address.address_1),
            addressLine2: text(address.address_2),
            zipCode: text(address.postcode),
          },
    items: (order.line_items ?? []).map((item) => ({
      title: text(item.name),
      sku: text(item.sku),
      quantity: item.quantity,
      grams: gramsOf(item.product_id ? weights.get(item.product_id) : undefined, unit),
      priceCents: Math.round(Number(item.price ?? 0) * 100) || 0,
    })),
  };
}

/** WooCommerce's error (`{ code, message, data: { status } }`) in its own words. */
export function wooComplaint(status: number, json: unknown): CarrierComplaint {
  const message = (json as { message?: unknown } | undefined)?.message;
  return { message: typeof message === 'string' && message !== '' ? message : `WooCommerce answered HTTP ${status}` };
}

/** `X-WC-Webhook-Signature`: base64 HMAC-SHA256 of the raw body, keyed with the webhook's secret. */
export function validWebhookSignature(rawBody: string, secret: string, signature: string | undefined): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
