import type { z } from 'zod';
import { type UpstreamClient, UpstreamError } from '../../outbound/types.ts';
import type { StoreAdapter, WeightUnit } from '../types.ts';
import {
  readWoo,
  storeOrderOf,
  TO_SHIP,
  WEIGHT_UNIT_SETTING,
  WOOCOMMERCE_TOPICS,
  type WooOrder,
  wooCreatedSchema,
  wooNotesSchema,
  wooOrderSchema,
  wooOrdersSchema,
  wooPagesSchema,
  wooProductsSchema,
  wooWebhooksSchema,
  wooWeightUnitSchema,
} from './wire.ts';

/** Orders per page: WooCommerce's largest. */
const PAGE_SIZE = 100;

/**
 * WooCommerce has no fulfilment of its own: a bought label becomes a note to the customer with the carrier
 * and the tracking number, and the order is completed; voiding the label deletes the note and puts the
 * order back to processing.
 */
export const wooCommerceAdapter: StoreAdapter = {
  platform: 'woocommerce',

  async *openOrders(client, store) {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const answer = await client.send({
        operation: 'storeOrders',
        method: 'GET',
        path: '/orders',
        query: { status: TO_SHIP, per_page: PAGE_SIZE, page, orderby: 'id', order: 'asc' },
      });
      pages = pageCountOf(answer.headers, 'storeOrders');
      const orders = readWoo(wooOrdersSchema, answer.json, 'storeOrders');
      const weights = await itemWeights(client, orders);
      yield orders.map((order) => storeOrderOf(order, weights, store.weightUnit));
    }
  },

  async fulfil(client, _store, shipment) {
    const note = await client.send({
      operation: 'fulfil',
      method: 'POST',
      path: `/orders/${shipment.externalId}/notes`,
      json: {
        note: `Shipped with ${shipment.carrier}, tracking number ${shipment.trackingNumber}${shipment.trackingUrl ? `: ${shipment.trackingUrl}` : ''}`,
        customer_note: true,
      },
    });
    const { id } = readWoo(wooCreatedSchema, note.json, 'fulfil');
    await setStatus(client, shipment.externalId, 'completed');
    return { fulfilmentId: String(id) };
  },

  async findFulfilment(client, _store, shipment) {
    // The order's notes to the customer (GET /orders/{id}/notes?type=customer): a push that went through
    // left one naming the tracking number.
    const answer = await client.send({
      operation: 'fulfil',
      method: 'GET',
      path: `/orders/${shipment.externalId}/notes`,
      query: { type: 'customer' },
    });
    const note = readWoo(wooNotesSchema, answer.json, 'fulfil').find(
      (entry) => entry.customer_note && entry.note.includes(shipment.trackingNumber),
    );
    if (!note) return null;
    // The note went; the status may not have followed it (a PUT, the same however often it is sent).
    await setStatus(client, shipment.externalId, 'completed');
    return { fulfilmentId: String(note.id) };
  },

  async cancelFulfilment(client, _store, order) {
    await client.send({
      operation: 'unfulfil',
      method: 'DELETE',
      path: `/orders/${order.externalId}/notes/${order.fulfilmentId}`,
      query: { force: true },
    });
    await setStatus(client, order.externalId, TO_SHIP);
  },

  async eventOf(client, store, { topic, rawBody }) {
    if (topic !== 'order.created' && topic !== 'order.updated') return { kind: 'ignored' };
    const order = readWoo(wooOrderSchema, jsonOf(rawBody), 'webhooks');
    return { kind: 'order', order: storeOrderOf(order, await itemWeights(client, [order]), store.weightUnit) };
  },

  async registerWebhooks(client, store, address) {
    // Creating a webhook is never repeated, so one whose answer was lost may exist: the store's webhooks are
    // listed first and a topic that has one at our address keeps it (its secret set to this connection's and
    // made active again: a PUT, the same however often it is sent); only a topic without one is created, and
    // a second one for the same topic and address is removed.
    const ours = (await storeWebhooks(client)).filter((hook) => hook.delivery_url === address);
    const secret = store.credentials.webhookSecret;
    const ids: string[] = [];
    for (const topic of WOOCOMMERCE_TOPICS) {
      const [kept, ...extra] = ours.filter((hook) => hook.topic === topic);
      for (const hook of extra) await deleteWebhook(client, String(hook.id));
      const answer = kept
        ? await client.send({
            operation: 'webhooks',
            method: 'PUT',
            path: `/webhooks/${kept.id}`,
            json: { secret, status: 'active' },
          })
        : await client.send({
            operation: 'webhooks',
            method: 'POST',
            path: '/webhooks',
            json: { name: `ParcelPort ${topic}`, topic, delivery_url: address, secret, status: 'active' },
          });
      ids.push(String(readWoo(wooCreatedSchema, answer.json, 'webhooks').id));
    }
    return ids;
  },

  // WooCommerce cannot revoke its REST keys through the API: the merchant deletes them in WooCommerce
  // (docs/stores.md); the platform removes its webhooks and forgets the keys.
  async disconnect(client, _store, webhookIds) {
    for (const id of webhookIds) await deleteWebhook(client, id);
  },
};

/** Every webhook of the store, whatever its status ("List all webhooks", a page of 100 at a time). */
async function storeWebhooks(client: UpstreamClient) {
  const hooks: z.infer<typeof wooWebhooksSchema> = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const answer = await client.send({
      operation: 'webhooks',
      method: 'GET',
      path: '/webhooks',
      query: { per_page: PAGE_SIZE, page },
    });
    pages = pageCountOf(answer.headers, 'webhooks');
    hooks.push(...readWoo(wooWebhooksSchema, answer.json, 'webhooks'));
  }
  return hooks;
}

/** Deletes a webhook for good; one WooCommerce no longer has (or keys it no longer takes) is gone already. */
async function deleteWebhook(client: UpstreamClient, id: string) {
  try {
    await client.send({ operation: 'webhooks', method: 'DELETE', path: `/webhooks/${id}`, query: { force: true } });
  } catch (error) {
    const status = error instanceof UpstreamError ? error.details.status : undefined;
    if (status !== 404 && status !== 401) throw error;
  }
}

function setStatus(client: UpstreamClient, orderId: string, status: string) {
  return client.send({ operation: 'fulfil', method: 'PUT', path: `/orders/${orderId}`, json: { status } });
}

/** The count of pages WooCommerce sends with a page of a list (`X-WP-TotalPages`); one when it sends none. */
function pageCountOf(headers: Headers, operation: 'storeOrders' | 'webhooks'): number {
  const header = headers.get('x-wp-totalpages') ?? undefined;
  return readWoo(wooPagesSchema, { 'x-wp-totalpages': header }, operation)['x-wp-totalpages'] ?? 1;
}

/** A webhook's body as JSON; undefined when it is not, which its schema then refuses by name. */
function jsonOf(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    return undefined;
  }
}

/**
 * The weights of the orders' items, as the store writes them, by product id and by variation id (a variable
 * product's variation, a size of a shirt, has a weight of its own, or its parent's when it has none): one
 * call for the page's products, one for each variable product's variations.
 */
async function itemWeights(client: UpstreamClient, orders: readonly WooOrder[]): Promise<Map<number, string>> {
  const items = orders.flatMap((order) => order.line_items ?? []);
  const weights = new Map<number, string>();
  await readWeights(
    client,
    '/products',
    items.map((item) => item.product_id ?? 0),
    weights,
  );
  const variationsOf = new Map<number, number[]>();
  for (const { product_id: parent, variation_id: variation } of items)
    if (parent && variation) variationsOf.set(parent, [...(variationsOf.get(parent) ?? []), variation]);
  for (const [parent, variations] of variationsOf)
    await readWeights(client, `/products/${parent}/variations`, variations, weights);
  return weights;
}

/** The weights of `ids` from a list of WooCommerce's (products, or a product's variations), a page at a time. */
async function readWeights(client: UpstreamClient, path: string, ids: number[], weights: Map<number, string>) {
  const wanted = [...new Set(ids.filter((id) => id > 0))];
  for (let start = 0; start < wanted.length; start += PAGE_SIZE) {
    const answer = await client.send({
      operation: 'storeOrders',
      method: 'GET',
      path,
      query: { include: wanted.slice(start, start + PAGE_SIZE).join(','), per_page: PAGE_SIZE },
    });
    for (const product of readWoo(wooProductsSchema, answer.json, 'storeOrders'))
      weights.set(product.id, product.weight ?? '');
  }
}

/**
 * What connecting checks: the keys may read the store's settings, and the unit its products are weighed in,
 * the option woocommerce_weight_unit (WooCommerce's system status has no weight unit).
 */
export async function siteWeightUnit(client: UpstreamClient): Promise<WeightUnit> {
  const answer = await client.send({ operation: 'auth', method: 'GET', path: WEIGHT_UNIT_SETTING });
  return readWoo(wooWeightUnitSchema, answer.json, 'auth').value;
}
