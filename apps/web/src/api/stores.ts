import type * as contracts from '@parcelport/shared/contracts/stores/index';
import type { z } from 'zod';

/**
 * Online stores (/settings/sales and /adminSettings/stores, docs/spec.md §2): a merchant's Shopify and
 * WooCommerce stores, their syncs and their orders; staff's list of every store. The shapes are the contracts'.
 */
export type {
  DraftGap,
  DraftGapCause,
  FulfilmentState,
  StaffStoreView,
  StoreOrderView,
  StorePlatform,
  StoreStatus,
  StoreView,
  SyncResultView,
} from '@parcelport/shared/contracts/stores/index';
export {
  connectShopifyBody,
  connectWooCommerceBody,
  STORE_PLATFORMS,
  STORE_STATUSES,
} from '@parcelport/shared/contracts/stores/index';

export type ShopifyInput = z.input<typeof contracts.connectShopifyBody>;
export type WooCommerceInput = z.input<typeof contracts.connectWooCommerceBody>;
export type StaffStoresQuery = Omit<z.input<typeof contracts.staffStoresQuery>, 'page' | 'pageSize'> & {
  page: number;
  pageSize: number;
};

/** The first element of the stores' query keys (every list under it is read again after a change). */
export const STORES_KEY = 'stores';
