import type { Locale } from '@parcelport/shared';
import { columnMessages } from '@parcelport/shared';

/** The messages modules/reports speaks, in both languages (composed by ../messages.ts). */
export const REPORTS_MESSAGES = {
  sheetTotals: { 'zh-CN': '汇总', 'en-US': 'Totals' },
  sheetDaily: { 'zh-CN': '每日', 'en-US': 'Per day' },
  sheetDailyBySeller: { 'zh-CN': '每日按业务员', 'en-US': 'Per day and seller' },
  sheetSellers: { 'zh-CN': '业务员业绩', 'en-US': 'Sellers' },
  colFigure: { 'zh-CN': '指标', 'en-US': 'Figure' },
  colValue: { 'zh-CN': '数值', 'en-US': 'Value' },
  ...columnMessages('day', 'seller', 'customers'),
  colSales: { 'zh-CN': '销售额', 'en-US': 'Sales' },
  colActiveCustomers: { 'zh-CN': '下单客户数', 'en-US': 'Customers who bought' },
  figurePeriod: { 'zh-CN': '期间 (UTC)', 'en-US': 'Period (UTC)' },
  figureLabels: { 'zh-CN': '面单数', 'en-US': 'Labels' },
  figureSales: { 'zh-CN': '销售额', 'en-US': 'Sales' },
  figureCustomers: { 'zh-CN': '下单客户数', 'en-US': 'Customers who bought' },
  figureRefunds: { 'zh-CN': '退款', 'en-US': 'Refunds' },
  platformCustomers: { 'zh-CN': '平台直属客户', 'en-US': "The platform's own customers" },
} satisfies Record<string, Record<Locale, string>>;
