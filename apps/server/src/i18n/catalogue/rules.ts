import type { Locale } from '@parcelport/shared';

/** The messages modules/rules speaks, in both languages (composed by ../messages.ts). */
export const RULES_MESSAGES = {
  storeNotFound: { 'zh-CN': '没有这个店铺', 'en-US': 'No such store' },
  rulesIncomplete: { 'zh-CN': '请按新顺序列出每一条规则', 'en-US': 'List every one of your rules, in the new order' },
} satisfies Record<string, Record<Locale, string>>;
