import { type UpstreamClient, UpstreamError } from '../../carriers/upstream/types.ts';
import type { StoreAdapter } from '../types.ts';
import {
  nextPageOf,
  SHOPIFY_API_VERSION,
  SHOPIFY_TOPICS,
  type ShopifyFulfillmentOrder,
  type ShopifyOrder,
  storeOrderOf,
} from './wire.ts';

/** The client's base address is the shop's `/admin`; the versioned API is under it. */
const API = `/api/${SHOPIFY_API_VERSION}`;
/** Orders per page: Shopify's largest, so a sync costs the fewest calls of the shop's bucket. */
const PAGE_SIZE = 250;

export const shopifyAdapter: StoreAdapter = {
  platform: 'shopify',

  async *openOrders(client) {
    // The first page filters; the pages after it are the `next` links, which carry their own cursor and
    // may not repeat the filters (Shopify answers 400 when they do).
    let next: string | null = null;
    let first = true;
    while (first || next) {
      const answer = await client.send({
        operation: 'storeOrders',
        method: 'GET',
        path: next ?? `${API}/orders.json`,
        ...(first ? { query: { status: 'open', fulfillment_status: 'unfulfilled', limit: PAGE_SIZE } } : {}),
      });
      first = false;
      const orders = (answer.json as { orders?: ShopifyOrder[] } | undefined)?.orders ?? [];
      yield orders.map(storeOrderOf);
      next = nextPageOf(answer.headers.get('link'));
    }
  },

  async fulfil(client, _store, shipment) {
    const answer = await client.send({
      operation: 'fulfil',
      method: 'GET',
      path: `${API}/orders/${shipment.externalId}/fulfillment_orders.json`,
    });
    const open = ((answer.json as { fulfillment_orders?: ShopifyFulfillmentOrder[] })?.fulfillment_orders ?? []).filter(
      (order) => order.status === 'open' || order.status === 'in_progress',
    );
    if (open.length === 0) return 'alreadyFulfilled';
    const created = await client.send({
      operation: 'fulfil',
      method: 'POST',
      path: `${API}/fulfillments.json`,
      json: {
        fulfillment: {
          line_items_by_fulfillment_order: open.map((order) => ({ fulfillment_order_id: order.id })),
          tracking_info: {
            company: shipment.carrier,
            number: shipment.trackingNumber,
            ...(shipment.trackingUrl ? { url: shipment.trackingUrl } : {}),
          },
          notify_customer: true,
        },
      },
    });
    const id = (created.json as { fulfillment?: { id?: number } })?.fulfillment?.id;
    if (id === undefined) throw new UpstreamError('transient', 'Shopify answered no fulfillment id');
    return { fulfilmentId: String(id) };
  },

  async cancelFulfilment(client, _store, order) {
    await client.send({
      operation: 'unfulfil',
      method: 'POST',
      path: `${API}/fulfillments/${order.fulfilmentId}/cancel.json`,
    });
  },

  async eventOf(_client, _store, { topic, rawBody }) {
    if (topic === 'app/uninstalled') return { kind: 'uninstalled' };
    if (topic !== 'orders/create' && topic !== 'orders/updated') return { kind: 'ignored' };
    return { kind: 'order', order: storeOrderOf(JSON.parse(rawBody) as ShopifyOrder) };
  },

  async registerWebhooks(client, _store, address) {
    const ids: string[] = [];
    for (const topic of SHOPIFY_TOPICS) {
      try {
        const answer = await client.send({
          operation: 'webhooks',
          method: 'POST',
          path: `${API}/webhooks.json`,
          json: { webhook: { topic, address, format: 'json' } },
        });
        ids.push(String((answer.json as { webhook: { id: number } }).webhook.id));
      } catch (error) {
        // Already there (a reconnect): Shopify refuses the same topic and address twice; keep the one it has.
        if (!(error instanceof UpstreamError && error.details.status === 422)) throw error;
        ids.push(...(await existingWebhooks(client, topic, address)));
      }
    }
    return ids;
  },

  async disconnect(client, _store, webhookIds) {
    for (const id of webhookIds) {
      await ignoringGone(client.send({ operation: 'webhooks', method: 'DELETE', path: `${API}/webhooks/${id}.json` }));
    }
    // Uninstalls the app from the shop: the token stops working there and then.
    await ignoringGone(client.send({ operation: 'auth', method: 'DELETE', path: '/api_permissions/current.json' }));
  },
};

async function existingWebhooks(client: UpstreamClient, topic: string, address: string): Promise<string[]> {
  const answer = await client.send({ operation: 'webhooks', method: 'GET', path: `${API}/webhooks.json` });
  const hooks = (answer.json as { webhooks?: { id: number; topic: string; address: string }[] })?.webhooks ?? [];
  return hooks.filter((hook) => hook.topic === topic && hook.address === address).map((hook) => String(hook.id));
}

/** A webhook or a token already gone (404, or 401 once uninstalled) is what a disconnect wants anyway. */
async function ignoringGone(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    const status = error instanceof UpstreamError ? error.details.status : undefined;
    if (status !== 404 && status !== 401) throw error;
  }
}

/** The shop's own details read on connecting: the unit its products are weighed in. */
export async function shopWeightUnit(client: UpstreamClient): Promise<string> {
  const answer = await client.send({ operation: 'auth', method: 'GET', path: `${API}/shop.json` });
  return (answer.json as { shop?: { weight_unit?: string } })?.shop?.weight_unit ?? 'lb';
}
