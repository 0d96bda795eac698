/**
 * Shopify's adapter (docs/stores.md "Shopify"): every call goes to the GraphQL Admin API (graphql.ts);
 * webhook deliveries still come as REST-shaped JSON (wire.ts).
 */
import type { z } from 'zod';
import { type UpstreamClient, UpstreamError } from '../../outbound/types.ts';
import type { StoreAdapter, WeightUnit } from '../types.ts';
import { type ANSWERS, ask, gid, ORDERS_PER_PAGE, type weightUnitSchema } from './graphql.ts';
import { legacyId, SHOPIFY_TOPICS, storeOrderOfNode, storeOrderOfWebhook } from './wire.ts';

/** A page of the orders query, as read. */
type OpenOrdersPage = z.output<typeof ANSWERS.openOrders>;

/** Open orders not yet fully fulfilled (Shopify's search syntax). */
const OPEN_ORDERS = 'status:open -fulfillment_status:fulfilled';
/** Fulfillment orders that can still be fulfilled. */
const FULFILLABLE = new Set(['OPEN', 'IN_PROGRESS']);
/** Fulfillments that shipped nothing (`FulfillmentStatus`): one of these is not the push looked for. */
const UNMADE = new Set(['CANCELLED', 'ERROR', 'FAILURE']);

export const shopifyAdapter: StoreAdapter = {
  platform: 'shopify',

  async *openOrders(client) {
    // Pages follow the connection's cursor; an order of more lines than a page holds is read in part.
    let after: string | null = null;
    do {
      const { orders }: OpenOrdersPage = await ask(client, 'storeOrders', 'openOrders', {
        first: ORDERS_PER_PAGE,
        after,
        query: OPEN_ORDERS,
      });
      yield orders.edges.map((edge) => storeOrderOfNode(edge.node));
      after = orders.pageInfo.hasNextPage ? (orders.pageInfo.endCursor ?? null) : null;
    } while (after);
  },

  async fulfil(client, _store, shipment) {
    const { order } = await ask(client, 'fulfil', 'fulfillmentOrders', { id: gid('Order', shipment.externalId) });
    if (!order) throw new UpstreamError('badRequest', `Shopify has no order ${shipment.externalId}`);
    const open = order.fulfillmentOrders.nodes.filter((entry) => FULFILLABLE.has(entry.status));
    if (open.length === 0) return 'alreadyFulfilled';
    const { fulfillmentCreate } = await ask(client, 'fulfil', 'fulfillmentCreate', {
      fulfillment: {
        lineItemsByFulfillmentOrder: open.map((entry) => ({ fulfillmentOrderId: entry.id })),
        trackingInfo: {
          company: shipment.carrier,
          number: shipment.trackingNumber,
          ...(shipment.trackingUrl ? { url: shipment.trackingUrl } : {}),
        },
        notifyCustomer: true,
      },
    });
    const created = fulfillmentCreate.fulfillment;
    if (!created) throw new UpstreamError('transient', 'Shopify answered no fulfillment and no userErrors');
    return { fulfilmentId: legacyId(created.id) };
  },

  async findFulfilment(client, _store, shipment) {
    // A fulfillment made by a push whose answer was lost carries its tracking number.
    const { order } = await ask(client, 'fulfil', 'orderFulfillments', { id: gid('Order', shipment.externalId) });
    const made = order?.fulfillments.find(
      (entry) =>
        !UNMADE.has(entry.status) && entry.trackingInfo.some((info) => info.number === shipment.trackingNumber),
    );
    return made ? { fulfilmentId: legacyId(made.id) } : null;
  },

  async cancelFulfilment(client, _store, order) {
    await ask(client, 'unfulfil', 'fulfillmentCancel', { id: gid('Fulfillment', order.fulfilmentId) });
  },

  async eventOf(_client, _store, { topic, rawBody }) {
    if (topic === 'app/uninstalled') return { kind: 'uninstalled' };
    if (topic !== 'orders/create' && topic !== 'orders/updated') return { kind: 'ignored' };
    return { kind: 'order', order: storeOrderOfWebhook(rawBody, topic) };
  },

  async registerWebhooks(client, _store, address) {
    // A reconnect finds the subscriptions it made before: Shopify refuses the same topic and address twice.
    const { webhookSubscriptions } = await ask(client, 'webhooks', 'webhookSubscriptions', { uri: address });
    const existing = webhookSubscriptions.edges.map((edge) => edge.node).filter((node) => node.uri === address);
    const ids: string[] = [];
    for (const topic of Object.values(SHOPIFY_TOPICS)) {
      const kept = existing.find((node) => node.topic === topic);
      if (kept) {
        ids.push(legacyId(kept.id));
        continue;
      }
      const { webhookSubscriptionCreate } = await ask(client, 'webhooks', 'webhookSubscriptionCreate', {
        topic,
        webhookSubscription: { uri: address },
      });
      const created = webhookSubscriptionCreate.webhookSubscription;
      if (!created) throw new UpstreamError('transient', 'Shopify answered no webhook subscription and no userErrors');
      ids.push(legacyId(created.id));
    }
    return ids;
  },

  async disconnect(client, _store, webhookIds) {
    for (const id of webhookIds) {
      await ignoringGone(ask(client, 'webhooks', 'webhookSubscriptionDelete', { id: gid('WebhookSubscription', id) }));
    }
    // Uninstalls the app from the shop: the token stops working there and then.
    await ignoringGone(ask(client, 'auth', 'appUninstall'));
  },
};

/**
 * What a disconnect wants anyway: a token already refused (the app uninstalled in Shopify: 401 or
 * ACCESS_DENIED), or a webhook Shopify no longer has (its `userErrors`).
 */
async function ignoringGone(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    const gone = error instanceof UpstreamError && (error.kind === 'auth' || error.kind === 'badRequest');
    if (!gone) throw error;
  }
}

/** Shopify's weight units (GraphQL's `WeightUnit`) as ours. */
const WEIGHT_UNITS: Record<z.infer<typeof weightUnitSchema>, WeightUnit> = {
  GRAMS: 'g',
  KILOGRAMS: 'kg',
  OUNCES: 'oz',
  POUNDS: 'lb',
};

/** The shop's own details read on connecting: the unit its products are weighed in (another fails by name). */
export async function shopWeightUnit(client: UpstreamClient): Promise<WeightUnit> {
  const { shop } = await ask(client, 'auth', 'shop');
  return WEIGHT_UNITS[shop.weightUnit];
}
