import type { Locale } from '@parcelport/shared';

/** The messages modules/notices speaks, in both languages (composed by ../messages.ts). */
export const NOTICES_MESSAGES = {
  noticeShippedSubject: {
    'zh-CN': '{brandName}：您的包裹已发出（{trackingNo}）',
    'en-US': '{brandName}: your parcel is on its way ({trackingNo})',
  },
  noticeShippedBody: {
    'zh-CN':
      '您好，\n\n您的包裹已由 {carrier} 揽收，正寄往 {city}。\n运单号：{trackingNo}\n预计送达：{expectedDelivery}\n\n查看物流：{trackingUrl}\n\n{brandName}',
    'en-US':
      'Hello,\n\nYour parcel was picked up by {carrier} and is on its way to {city}.\nTracking number: {trackingNo}\nExpected delivery: {expectedDelivery}\n\nFollow it here: {trackingUrl}\n\n{brandName}',
  },
  noticeOutForDeliverySubject: {
    'zh-CN': '{brandName}：您的包裹正在派送（{trackingNo}）',
    'en-US': '{brandName}: your parcel is out for delivery ({trackingNo})',
  },
  noticeOutForDeliveryBody: {
    'zh-CN': '您好，\n\n您的包裹今天正在派送中，请留意收件。\n\n查看物流：{trackingUrl}\n\n{brandName}',
    'en-US': 'Hello,\n\nYour parcel is out for delivery today.\n\nFollow it here: {trackingUrl}\n\n{brandName}',
  },
  noticeDeliveredSubject: {
    'zh-CN': '{brandName}：您的包裹已送达（{trackingNo}）',
    'en-US': '{brandName}: your parcel was delivered ({trackingNo})',
  },
  noticeDeliveredBody: {
    'zh-CN':
      '您好，\n\n您的包裹已送达。如有任何问题，请联系 {supportEmail}。\n\n查看物流：{trackingUrl}\n\n{brandName}',
    'en-US':
      'Hello,\n\nYour parcel was delivered. If anything is wrong, write to {supportEmail}.\n\nDetails: {trackingUrl}\n\n{brandName}',
  },
  noticeExceptionSubject: {
    'zh-CN': '{brandName}：您的包裹派送遇到问题（{trackingNo}）',
    'en-US': '{brandName}: a problem with your parcel ({trackingNo})',
  },
  noticeExceptionBody: {
    'zh-CN':
      '您好，\n\n承运商报告您的包裹出现问题：{status}。我们正在跟进，如需帮助请联系 {supportEmail}。\n\n查看物流：{trackingUrl}\n\n{brandName}',
    'en-US':
      'Hello,\n\nThe carrier reports a problem with your parcel: {status}. We are following it up; for help write to {supportEmail}.\n\nDetails: {trackingUrl}\n\n{brandName}',
  },
  noticePlaceholderUnknown: {
    'zh-CN': '模板中有不存在的占位符',
    'en-US': 'The template names a placeholder that does not exist',
  },
} satisfies Record<string, Record<Locale, string>>;
