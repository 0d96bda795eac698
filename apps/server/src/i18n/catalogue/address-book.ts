import type { Locale } from '@parcelport/shared';

/** The messages modules/address-book speaks, in both languages (composed by ../messages.ts). */
export const ADDRESS_BOOK_MESSAGES = {
  titleTaken: { 'zh-CN': '该标题已在地址簿中使用', 'en-US': 'This title is already used in your address book' },
  templateNameTaken: { 'zh-CN': '已有同名的包裹模板', 'en-US': 'A package template with this name already exists' },
} satisfies Record<string, Record<Locale, string>>;
