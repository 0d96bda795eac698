/**
 * The seam between an online store's adapter (Shopify, WooCommerce) and the stores service
 * (docs/stores.md), shaped like the carriers' (carriers/contract/adapter.ts): the adapter builds the platform's
 * requests and reads its answers through the HTTP client it is handed (timeouts, retries, `Retry-After`,
 * the API log); it never sees the database, and the service owns every write.
 */
import type { AddressView } from '@parcelport/shared/contracts/addresses/schemas';
import type { StorePlatform } from '@parcelport/shared/contracts/stores/index';
import type { UpstreamClient } from '../outbound/types.ts';

/** What a store's calls need: where it is and its credentials, opened. */
export interface StoreConnection {
  id: number;
  platform: StorePlatform;
  /** The shop domain, or the site's address. */
  account: string;
  credentials: StoreCredentials;
  /** The unit the store weighs its products in. */
  weightUnit: WeightUnit;
}

export type WeightUnit = 'lb' | 'oz' | 'kg' | 'g';

export interface StoreCredentials {
  /** Shopify's offline access token. */
  accessToken?: string;
  /** WooCommerce's REST API keys, and the secret its webhooks are signed with. */
  consumerKey?: string;
  consumerSecret?: string;
  webhookSecret?: string;
}

/** A store order as the service maps it to a draft: the recipient, what is in it, what it weighs. */
export interface StoreOrder {
  externalId: string;
  /** The store's own order name (`#1001`), the draft's reference 1. */
  name: string;
  /** The store's last change of the order: a later one updates a draft not yet bought. */
  updatedAt: string;
  /** Still to be shipped: not cancelled, not fulfilled. */
  open: boolean;
  /** Cancelled in the store: its draft here is cancelled too, and a label bought for it is pointed out. */
  cancelled: boolean;
  /** The recipient: the shared address, whose residential flag a store does not tell. */
  to: Omit<AddressView, 'isResidential'> | null;
  items: StoreItem[];
}

export interface StoreItem {
  title: string;
  sku: string;
  quantity: number;
  /** One unit's weight in grams, when the store knows it. */
  grams: number | null;
  /** The line's price (one unit) in cents. */
  priceCents: number;
}

/** A label's tracking as the store is told it. */
export interface Shipment {
  externalId: string;
  trackingNumber: string;
  /** The carrier's name as the store shows it (USPS, UPS…). */
  carrier: string;
  trackingUrl: string;
}

/** A webhook event the service acts on: an order created or changed, or the app removed from the store. */
export type StoreEvent = { kind: 'order'; order: StoreOrder } | { kind: 'uninstalled' } | { kind: 'ignored' };

export interface StoreAdapter {
  platform: StorePlatform;
  /** The store's unfulfilled orders, page after page (the platform's own pagination followed). */
  openOrders(client: UpstreamClient, store: StoreConnection): AsyncGenerator<StoreOrder[]>;
  /**
   * Tells the store a label was bought; answers the fulfilment's id (to cancel it later), or that the store
   * has nothing left to fulfil for the order (the merchant fulfilled it there already).
   */
  fulfil(
    client: UpstreamClient,
    store: StoreConnection,
    shipment: Shipment,
  ): Promise<{ fulfilmentId: string } | 'alreadyFulfilled'>;
  /**
   * Asked before a push that was tried before (its answer lost, or the store refused a step of it): the
   * fulfilment the store already has for `shipment`, finished, or null when it has none and the push is
   * sent again. So a customer is never told the same tracking twice.
   */
  findFulfilment(
    client: UpstreamClient,
    store: StoreConnection,
    shipment: Shipment,
  ): Promise<{ fulfilmentId: string } | null>;
  /** Takes a fulfilment back after its label was voided. */
  cancelFulfilment(
    client: UpstreamClient,
    store: StoreConnection,
    order: { externalId: string; fulfilmentId: string },
  ): Promise<void>;
  /** What a webhook delivery (already verified) is about; an order is read whole (a call when it must be). */
  eventOf(
    client: UpstreamClient,
    store: StoreConnection,
    delivery: { topic: string; rawBody: string },
  ): Promise<StoreEvent>;
  /** Asks the store to call `address` on order events; answers the webhooks' ids. */
  registerWebhooks(client: UpstreamClient, store: StoreConnection, address: string): Promise<string[]>;
  /** Removes the webhooks and gives the credentials up where the platform allows it (disconnect). */
  disconnect(client: UpstreamClient, store: StoreConnection, webhookIds: readonly string[]): Promise<void>;
}
