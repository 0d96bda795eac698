import type { StoreOrderView, StoreView } from '../../api/stores';

/** Fixtures the online stores' screen tests share (/settings/sales and /adminSettings/stores). */

const SYNCED_AT = new Date(2026, 10, 24, 9, 30).getTime();

/** A Shopify store as the server answers it: active, last synced with 3 imported (1 to complete), 2 orders failing. */
export const store = (overrides: Partial<StoreView> = {}): StoreView => ({
  id: 1,
  platform: 'shopify',
  name: 'Main shop',
  account: 'main-shop.myshopify.com',
  status: 'active',
  lastSyncAt: SYNCED_AT,
  lastSync: { imported: 3, updated: 1, incomplete: 1, failed: 0, batchNo: 'S20261124001' },
  lastError: null,
  ordersImported: 12,
  ordersIncomplete: 1,
  ordersFailing: 2,
  createdAt: SYNCED_AT - 86_400_000,
  ...overrides,
});

/** A WooCommerce store whose keys the store refused, never synced. */
export const failingWoo = store({
  id: 2,
  platform: 'woocommerce',
  name: 'Woo site',
  account: 'https://woo.example.com',
  status: 'failing',
  lastSyncAt: null,
  lastSync: null,
  lastError: 'Consumer key is invalid (401)',
  ordersImported: 0,
  ordersIncomplete: 0,
  ordersFailing: 0,
});

/** A Shopify install waiting for the merchant's approval. */
export const connectingShop = store({
  id: 3,
  name: 'New shop',
  account: 'new-shop.myshopify.com',
  status: 'connecting',
  lastSyncAt: null,
  lastSync: null,
  ordersImported: 0,
  ordersIncomplete: 0,
  ordersFailing: 0,
});

/** A Shopify store connected without its webhooks (docs/stores.md /authAccepted): active, saying why. */
export const withoutWebhooks = store({
  id: 4,
  name: 'Quiet shop',
  account: 'quiet-shop.myshopify.com',
  lastError: 'Shopify refused the webhooks: orders come in with Sync now only',
  ordersFailing: 0,
});

/** A store order imported as draft 55, its tracking not pushed yet. */
export const storeOrder = (overrides: Partial<StoreOrderView> = {}): StoreOrderView => ({
  id: 500,
  externalName: '#1001',
  orderId: 55,
  orderNo: 'PP2026112400055',
  orderStatus: 0,
  trackingNumber: null,
  fulfilment: 'none',
  error: null,
  missing: null,
  syncedAt: SYNCED_AT,
  ...overrides,
});
