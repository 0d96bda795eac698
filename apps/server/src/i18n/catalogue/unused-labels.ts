import type { Locale } from '@parcelport/shared';

/** The messages modules/unused-labels speaks, in both languages (composed by ../messages.ts). */
export const UNUSED_LABELS_MESSAGES = {
  msgUnusedLabelWarnTitle: { 'zh-CN': '未使用面单即将作废', 'en-US': 'Unused label to be voided' },
  msgUnusedLabelWarnBody: {
    'zh-CN':
      '订单 {orderNo} 的面单自 {createdAt} 起未被扫描，将于 {voidOn} 起自动作废并退款。如需保留，请在“未使用面单”设置中关闭自动作废。',
    'en-US':
      'The label of order {orderNo}, made {createdAt}, was never scanned; it will be voided and refunded from {voidOn}. To keep it, switch off the automatic void under unused labels.',
  },
  msgUnusedLabelVoidedTitle: { 'zh-CN': '未使用面单已作废', 'en-US': 'Unused label voided' },
  msgUnusedLabelVoidedBody: {
    'zh-CN': '订单 {orderNo} 的面单 {days} 天未被扫描，已自动作废，已退款 {amount} USD。',
    'en-US': 'The label of order {orderNo} was not scanned for {days} days and was voided; {amount} USD refunded.',
  },
  msgUnusedLabelVoidPendingBody: {
    'zh-CN': '订单 {orderNo} 的面单 {days} 天未被扫描，已自动作废，承运商退款后将退还 {amount} USD。',
    'en-US':
      'The label of order {orderNo} was not scanned for {days} days and was voided; {amount} USD will be refunded once the carrier refunds it.',
  },
} satisfies Record<string, Record<Locale, string>>;
