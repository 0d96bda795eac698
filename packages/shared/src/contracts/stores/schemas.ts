import { z } from 'zod';
import { pageOf, pageQuery, queryFlag } from '../common.ts';

/**
 * Online stores (docs/spec.md §2 /settings/sales, §3 Store connection, §5; docs/stores.md): a merchant's
 * Shopify or WooCommerce store, whose unfulfilled orders come in as drafts and get their tracking numbers
 * back when a label is bought.
 */
export const STORE_PLATFORMS = ['shopify', 'woocommerce'] as const;
export type StorePlatform = (typeof STORE_PLATFORMS)[number];

/**
 * A connection's state: `connecting` while a Shopify install waits for the merchant's approval; `active`;
 * `failing` once the store refused its credentials (the merchant reconnects); `disconnected` (kept for its
 * history, nothing called any more).
 */
export const STORE_STATUSES = ['connecting', 'active', 'failing', 'disconnected'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** A store's name as the merchant calls it (docs/spec.md §5: type, name and account are required). */
const storeName = z.string({ error: 'fieldRequired' }).trim().min(1, 'fieldRequired').max(60, 'textTooLong');

/**
 * A Shopify shop's permanent domain (`my-shop.myshopify.com`); `my-shop`, an admin URL or a domain in
 * capitals are taken and written the one way.
 */
export const shopDomain = z
  .string({ error: 'fieldRequired' })
  .trim()
  .toLowerCase()
  .transform((text) =>
    text
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .replace(/^([a-z0-9][a-z0-9-]*)$/, '$1.myshopify.com'),
  )
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/, 'shopDomainInvalid'));

export const connectShopifyBody = z.object({ name: storeName, shop: shopDomain });
export type ConnectShopifyBody = z.output<typeof connectShopifyBody>;

/** Where the browser goes next: Shopify's page asking the merchant to approve the app. */
export const shopifyInstallView = z.object({ authorizeUrl: z.string() });

/** A WooCommerce store's REST API keys (WooCommerce › Settings › Advanced › REST API, read/write). */
export const connectWooCommerceBody = z.object({
  name: storeName,
  siteUrl: z
    .string({ error: 'fieldRequired' })
    .trim()
    .min(1, 'fieldRequired')
    .pipe(z.url({ protocol: /^https?$/, error: 'urlInvalid' }))
    .transform((url) => url.replace(/\/+$/, '')),
  consumerKey: z
    .string({ error: 'fieldRequired' })
    .trim()
    .regex(/^ck_[0-9a-f]{40}$/, 'consumerKeyInvalid'),
  consumerSecret: z
    .string({ error: 'fieldRequired' })
    .trim()
    .regex(/^cs_[0-9a-f]{40}$/, 'consumerSecretInvalid'),
});
export type ConnectWooCommerceBody = z.output<typeof connectWooCommerceBody>;

/**
 * Why an imported draft lacks a field: no default sender (address book), no package template to give the
 * parcel its size, items without a weight (and no template's weight), or the store's order lacked the field
 * or wrote it in a form ours refuses.
 */
export const DRAFT_GAP_CAUSES = ['noDefaultSender', 'noPackageTemplate', 'noItemWeight', 'storeValue'] as const;
export type DraftGapCause = (typeof DRAFT_GAP_CAUSES)[number];

/** One field a draft must get before it can be bought: its path in the order form (`parcels.0.length`), and why. */
export const draftGap = z.object({ path: z.string(), cause: z.enum(DRAFT_GAP_CAUSES).nullable() });
export type DraftGap = z.infer<typeof draftGap>;

/** A store as its merchant sees it. */
export const storeView = z.object({
  id: z.number(),
  platform: z.enum(STORE_PLATFORMS),
  name: z.string(),
  /** The shop domain (Shopify) or the site's address (WooCommerce). */
  account: z.string(),
  status: z.enum(STORE_STATUSES),
  /** When its orders were last read (epoch ms), and what that sync did. */
  lastSyncAt: z.number().nullable(),
  lastSync: z
    .object({
      imported: z.number(),
      updated: z.number(),
      /** Of those imported or updated, the drafts still lacking fields (0 for syncs kept before it was counted). */
      incomplete: z.number(),
      failed: z.number(),
      batchNo: z.string().nullable(),
    })
    .nullable(),
  /** The store's own last complaint (a refused token, a sync that failed), until a call succeeds. */
  lastError: z.string().nullable(),
  /**
   * Store orders brought in; of those, the drafts still lacking fields (not failures: they are drafts to
   * complete); and the orders whose import or push back failed.
   */
  ordersImported: z.number(),
  ordersIncomplete: z.number(),
  ordersFailing: z.number(),
  createdAt: z.number(),
});
export type StoreView = z.infer<typeof storeView>;

/** A store as staff see it: whose it is beside it. */
export const staffStoreView = storeView.extend({
  userId: z.number(),
  userEmail: z.string(),
  userName: z.string(),
});
export type StaffStoreView = z.infer<typeof staffStoreView>;

/**
 * What one sync did: new drafts, drafts brought up to date, orders left alone (bought or unchanged), failures
 * (orders not imported at all). `incomplete` counts those of the imported and updated drafts that still
 * lack fields: they are not failures.
 */
export const syncResultView = z.object({
  imported: z.number(),
  updated: z.number(),
  incomplete: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  /** The batch the new drafts share (open them with /shipments/draft?batchNo=), when there were any. */
  batchNo: z.string().nullable(),
});
export type SyncResultView = z.infer<typeof syncResultView>;

/**
 * Where a store order's tracking stands in the store: nothing to push yet, pushed (a fulfilment with the
 * tracking number), a push that failed (retried by the next sync), cancelled after the label was voided.
 */
export const FULFILMENT_STATES = ['none', 'pushed', 'failed', 'cancelled'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/** One order of a store and what became of it here. */
export const storeOrderView = z.object({
  id: z.number(),
  /** The store's own order name (`#1001`). */
  externalName: z.string(),
  /** Our draft or label, once imported (null when its import failed). */
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  /** Our order's status (docs/spec.md §4): a draft opens in the order form, a label in its detail. */
  orderStatus: z.number().nullable(),
  trackingNumber: z.string().nullable(),
  fulfilment: z.enum(FULFILMENT_STATES),
  /** Why its import or its push back failed, in the store's words or ours. */
  error: z.string().nullable(),
  /** What its draft still lacks before it can be bought (null when nothing does). */
  missing: z.array(draftGap).nullable(),
  syncedAt: z.number(),
});
export type StoreOrderView = z.infer<typeof storeOrderView>;

export const storeOrdersQuery = pageQuery.extend({ failingOnly: queryFlag().optional() });
export const storeOrderPage = pageOf(storeOrderView);

export const staffStoresQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  platform: z.enum(STORE_PLATFORMS).optional(),
  status: z.enum(STORE_STATUSES).optional(),
});
export const staffStorePage = pageOf(staffStoreView);
