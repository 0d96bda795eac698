import type { Locale } from '@parcelport/shared';

/** The messages modules/tags speaks, in both languages (composed by ../messages.ts). */
export const TAGS_MESSAGES = {
  tagNameTaken: { 'zh-CN': '已有同名的标签', 'en-US': 'A tag with this name already exists' },
  tagNotFound: { 'zh-CN': '没有这个标签', 'en-US': 'No such tag' },
} satisfies Record<string, Record<Locale, string>>;
