import type { Locale } from '@parcelport/shared';

/** The messages modules/site speaks, in both languages (composed by ../messages.ts). */
export const SITE_MESSAGES = {
  contactAnswered: { 'zh-CN': '该联系请求已答复', 'en-US': 'This contact request has already been answered' },

  // Built at run time: `volume_${monthlyVolume}` (modules/site/service.ts).
  volume_under100: { 'zh-CN': '少于 100 件/月', 'en-US': 'Under 100 a month' },
  volume_100to500: { 'zh-CN': '100-500 件/月', 'en-US': '100-500 a month' },
  volume_500to2000: { 'zh-CN': '500-2,000 件/月', 'en-US': '500-2,000 a month' },
  volume_2000to10000: { 'zh-CN': '2,000-10,000 件/月', 'en-US': '2,000-10,000 a month' },
  volume_over10000: { 'zh-CN': '超过 10,000 件/月', 'en-US': 'Over 10,000 a month' },

  mailContactSubject: { 'zh-CN': '新的联系请求：{name}', 'en-US': 'New contact request: {name}' },
  mailContactBody: {
    'zh-CN':
      '姓名：{firstName} {lastName}\n邮箱：{email}\n电话：{phone}\n月发货量：{volume}\n\n{question}\n\n请在后台“联系请求”中答复。',
    'en-US':
      'Name: {firstName} {lastName}\nEmail: {email}\nPhone: {phone}\nMonthly volume: {volume}\n\n{question}\n\nAnswer it under Contact requests in the back-office.',
  },
  mailContactReplySubject: { 'zh-CN': '关于您的咨询', 'en-US': 'About your question' },
  mailContactReplyBody: {
    'zh-CN': '{name}，您好：\n\n{reply}\n\n—— 您的问题 ——\n{question}',
    'en-US': 'Hello {name},\n\n{reply}\n\n--- Your question ---\n{question}',
  },
} satisfies Record<string, Record<Locale, string>>;
