import type { Locale } from '@parcelport/shared';

/** The messages modules/work-orders speaks, in both languages (composed by ../messages.ts). */
export const WORK_ORDERS_MESSAGES = {
  workOrderNotOpen: {
    'zh-CN': '工单已关闭或已取消，重新打开后才能回复',
    'en-US': 'The work order is closed or cancelled; reopen it to reply',
  },
  workOrderStateInvalid: {
    'zh-CN': '工单当前状态不允许此操作',
    'en-US': 'The work order is not in a state that allows this',
  },
  msgWorkOrderReplyTitle: { 'zh-CN': '工单 {ticketNo} 有新回复', 'en-US': 'New reply on work order {ticketNo}' },
  msgWorkOrderReplyBody: {
    'zh-CN': '客服已回复您的工单 {ticketNo}「{subject}」，请前往工单管理查看。',
    'en-US': 'Customer service replied to your work order {ticketNo} "{subject}". See Work orders.',
  },
} satisfies Record<string, Record<Locale, string>>;
