/** Online stores (docs/spec.md §2 /settings/sales, docs/stores.md): connect, sync, push tracking back, disconnect. */
import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import {
  connectShopifyBody,
  connectWooCommerceBody,
  shopifyInstallView,
  staffStorePage,
  staffStoresQuery,
  storeOrderPage,
  storeOrdersQuery,
  storeView,
  syncResultView,
} from './schemas.ts';

export * from './schemas.ts';

/** A merchant's own stores: every call touches only the caller's (another's id answers 404). */
const MINE = { tags: ['stores'], access: 'signedIn', scope: 'own' } as const;

export const listStores = defineContract({
  ...MINE,
  method: 'GET',
  path: '/app/stores',
  summary: 'My online stores, newest first, with each one’s last sync and its failing orders',
  answer: z.array(storeView),
});

export const connectShopify = defineContract({
  ...MINE,
  method: 'POST',
  path: '/app/stores/shopify',
  member: 'settings',
  summary:
    "Start connecting a Shopify store: answers Shopify's install page to send the browser to; the store is active once the merchant approves there",
  body: connectShopifyBody,
  answer: shopifyInstallView,
});

export const shopifyCallback = defineContract({
  method: 'GET',
  path: '/app/stores/shopify/callback',
  summary:
    'Where Shopify sends the merchant back after the install page (HMAC and state checked); redirects to /authSuccess or /authDeclined',
  tags: ['stores'],
  access: 'public',
  answer: 'file',
});

export const connectWooCommerce = defineContract({
  ...MINE,
  method: 'POST',
  path: '/app/stores/woocommerce',
  member: 'settings',
  summary: 'Connect a WooCommerce store with its REST API keys (checked with a call to the store before it is kept)',
  body: connectWooCommerceBody,
  answer: storeView,
});

export const syncStore = defineContract({
  ...MINE,
  method: 'POST',
  path: '/app/stores/:id(^\\d+)/sync',
  summary:
    "Read the store's unfulfilled orders now: new ones become drafts, edited ones update drafts not yet bought, failed push backs are retried",
  params: idParams,
  answer: syncResultView,
});

export const listStoreOrders = defineContract({
  ...MINE,
  method: 'GET',
  path: '/app/stores/:id(^\\d+)/orders',
  summary: "A store's orders and what became of each here (draft, label, tracking pushed back, the error)",
  params: idParams,
  query: storeOrdersQuery,
  answer: storeOrderPage,
});

export const disconnectStore = defineContract({
  ...MINE,
  method: 'DELETE',
  path: '/app/stores/:id(^\\d+)',
  member: 'settings',
  summary:
    'Disconnect a store: its webhooks removed and its token revoked at the store, the credentials forgotten; its drafts stay',
  params: idParams,
  answer: storeView,
});

export const shopifyWebhook = defineContract({
  method: 'POST',
  path: '/app/stores/webhooks/shopify',
  summary: "Shopify's order and uninstall events, signed with the app's secret (X-Shopify-Hmac-Sha256)",
  tags: ['stores'],
  access: 'public',
  answer: z.null(),
});

export const wooCommerceWebhook = defineContract({
  method: 'POST',
  path: '/app/stores/webhooks/woocommerce/:id(^\\d+)',
  summary: "A WooCommerce store's order events, signed with the store's webhook secret (X-WC-Webhook-Signature)",
  tags: ['stores'],
  access: 'public',
  params: idParams,
  answer: z.null(),
});

/** Staff: every merchant's stores and their health; a seller sees its own customers' only. */
export const listAllStores = defineContract({
  method: 'GET',
  path: '/admin/stores',
  summary: "Every merchant's online stores with their owner, state, last sync and failing orders",
  tags: ['stores'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  query: staffStoresQuery,
  answer: staffStorePage,
});
