import type { StorePlatform } from '@parcelport/shared/contracts/stores/index';
import { shopifyAdapter } from './shopify/adapter.ts';
import type { StoreAdapter } from './types.ts';
import { wooCommerceAdapter } from './woocommerce/adapter.ts';

const ADAPTERS: Record<StorePlatform, StoreAdapter> = { shopify: shopifyAdapter, woocommerce: wooCommerceAdapter };

export function storeAdapter(platform: StorePlatform): StoreAdapter {
  return ADAPTERS[platform];
}
