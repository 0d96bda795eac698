import type { Locale } from '@parcelport/shared';

/** The messages modules/products speaks, in both languages (composed by ../messages.ts). */
export const PRODUCTS_MESSAGES = {
  skuTaken: { 'zh-CN': '已有相同 SKU 的商品', 'en-US': 'A product with this SKU already exists' },
} satisfies Record<string, Record<Locale, string>>;
