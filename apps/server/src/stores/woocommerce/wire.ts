/**
 * WooCommerce's REST API v3 as this adapter uses it (woocommerce.github.io/woocommerce-rest-api-docs:
 * Orders, Order notes, Products, Setting options, Webhooks): the answers' shapes as schemas (WooCommerce
 * writes weights, totals and many amounts as strings), the errors' words, the order mapped to a StoreOrder
 * and the signature of its webhooks.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { readAnswer } from '../../carriers/upstream/answers.ts';
import type { CarrierComplaint } from '../../outbound/client.ts';
import type { UpstreamOperation } from '../../outbound/types.ts';
import type { StoreOrder, WeightUnit } from '../types.ts';
import { gramsOf } from '../weights.ts';

/** The topics the platform listens to. */
export const WOOCOMMERCE_TOPICS = ['order.created', 'order.updated'] as const;

/** The order state that means "paid, to be shipped". */
export const TO_SHIP = 'processing';
/** The states of an order that will not ship. */
const CANCELLED = new Set(['cancelled', 'refunded', 'failed']);

/** The option that holds the unit products are weighed in, and its group (WC_Settings_Products). */
export const WEIGHT_UNIT_SETTING = '/settings/products/woocommerce_weight_unit';
/** WooCommerce's weight units (its select's options) in ours: WooCommerce writes pounds `lbs`. */
const WEIGHT_UNITS: Record<string, WeightUnit> = { kg: 'kg', g: 'g', lbs: 'lb', oz: 'oz' };

const optionalText = z.string().nullish();

const wooAddressSchema = z.looseObject({
  first_name: optionalText,
  last_name: optionalText,
  company: optionalText,
  address_1: optionalText,
  address_2: optionalText,
  city: optionalText,
  state: optionalText,
  postcode: optionalText,
  country: optionalText,
  phone: optionalText,
  email: optionalText,
});

const wooLineItemSchema = z.looseObject({
  name: optionalText,
  product_id: z.number().int().nullish(),
  variation_id: z.number().int().nullish(),
  quantity: z.number(),
  sku: optionalText,
  // A number in the documented examples (`"price": 3`), a decimal string in some versions.
  price: z.union([z.number(), z.string()]).nullish(),
});

export const wooOrderSchema = z.looseObject({
  id: z.number().int(),
  number: z.string().optional(),
  status: z.string(),
  date_modified_gmt: optionalText,
  date_modified: optionalText,
  billing: wooAddressSchema.optional(),
  shipping: wooAddressSchema.optional(),
  line_items: z.array(wooLineItemSchema).optional(),
});
export type WooOrder = z.infer<typeof wooOrderSchema>;

export const wooOrdersSchema = z.array(wooOrderSchema);

/** A page's count of pages (`X-WP-TotalPages`, WC_REST_CRUD_Controller::get_items): absent means one. */
export const wooPagesSchema = z.looseObject({
  'x-wp-totalpages': z.string().regex(/^\d+$/).transform(Number).optional(),
});

/** The products of a page of orders: their weights are strings in the store's unit ("" when not set). */
export const wooProductsSchema = z.array(z.looseObject({ id: z.number().int(), weight: z.string().nullish() }));

/** Anything WooCommerce creates (a note, a webhook) answers itself, its id first. */
export const wooCreatedSchema = z.looseObject({ id: z.number().int() });

/** The store's webhooks ("List all webhooks"): each its id, topic and delivery URL (its secret is never shown). */
export const wooWebhooksSchema = z.array(
  z.looseObject({ id: z.number().int(), topic: z.string(), delivery_url: z.string() }),
);

/** An order's notes ("List all order notes"): each its id, its words, and whether the customer was sent it. */
export const wooNotesSchema = z.array(
  z.looseObject({ id: z.number().int(), note: z.string(), customer_note: z.boolean() }),
);

/** The weight unit setting (WC_REST_Setting_Options_Controller): its value one of the select's options. */
export const wooWeightUnitSchema = z.looseObject({
  id: z.literal('woocommerce_weight_unit'),
  value: z
    .enum(Object.keys(WEIGHT_UNITS) as [string, ...string[]])
    .transform((unit) => WEIGHT_UNITS[unit] as WeightUnit),
});

/** A WooCommerce answer (or webhook body) read through its schema, a changed shape named with the call. */
export function readWoo<Schema extends z.ZodType>(schema: Schema, value: unknown, operation: UpstreamOperation) {
  return readAnswer(schema, value, { provider: 'woocommerce', operation });
}

const text = (value: string | undefined | null) => (value ?? '').trim();

/** An order as a StoreOrder, its items weighed with their products' or variations' weights (in the store's unit). */
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
      grams: gramsOf(weightOf(item, weights), unit),
      priceCents: Math.round(Number(item.price ?? 0) * 100) || 0,
    })),
  };
}

/** An item's weight as the store writes it: its variation's, else its product's. */
function weightOf(
  item: { product_id?: number | null; variation_id?: number | null },
  weights: ReadonlyMap<number, string>,
): string | undefined {
  const variation = item.variation_id ? weights.get(item.variation_id) : undefined;
  return variation || (item.product_id ? weights.get(item.product_id) : undefined);
}

/**
 * WooCommerce's (and WordPress's) error body, "Errors" of the REST API docs: `{ code, message, data: { status } }`.
 * A body of another shape (a proxy's page, an empty 429) is named by its status instead.
 */
const wooErrorSchema = z.looseObject({ code: z.string().optional(), message: z.string().min(1) });

/** WooCommerce's error in its own words. */
export function wooComplaint(status: number, json: unknown): CarrierComplaint {
  const parsed = wooErrorSchema.safeParse(json);
  return { message: parsed.success ? parsed.data.message : `WooCommerce answered HTTP ${status}` };
}

/** `X-WC-Webhook-Signature`: base64 HMAC-SHA256 of the raw body, keyed with the webhook's secret. */
export function validWebhookSignature(rawBody: string, secret: string, signature: string | undefined): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
