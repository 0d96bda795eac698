import type { Locale } from '@parcelport/shared';

/** The messages the carrier adapters (carriers/) speak, in both languages (composed by ../messages.ts). */
export const CARRIERS_MESSAGES = {
  trackingNumbersUsedUp: {
    'zh-CN': '{carrier} 运单号已用尽：该格式的 {count} 个序号均已发出，运单号不会重复发出',
    'en-US':
      '{carrier} tracking numbers are used up: all {count} serials of the format have been issued, and a number is never issued twice',
  },
  sheetUnreadable: { 'zh-CN': '文件不是可读取的表格', 'en-US': 'The file is not a readable spreadsheet' },
} satisfies Record<string, Record<Locale, string>>;
