import type { Locale } from '@parcelport/shared';

/** The messages modules/pricing speaks, in both languages (composed by ../messages.ts). */
export const PRICING_MESSAGES = {
  ruleNotFound: { 'zh-CN': '价格规则不存在', 'en-US': 'Price rule not found' },
} satisfies Record<string, Record<Locale, string>>;
