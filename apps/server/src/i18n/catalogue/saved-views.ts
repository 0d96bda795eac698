import type { Locale } from '@parcelport/shared';

/** The messages modules/saved-views speaks, in both languages (composed by ../messages.ts). */
export const SAVED_VIEWS_MESSAGES = {
  savedViewNotFound: { 'zh-CN': '找不到该视图', 'en-US': 'No such view' },
} satisfies Record<string, Record<Locale, string>>;
