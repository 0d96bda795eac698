import type { Locale } from '@parcelport/shared';

/** The messages modules/tracking speaks, in both languages (composed by ../messages.ts). */
export const TRACKING_MESSAGES = {
  // A merchant's own parcel the carrier has not scanned yet (state 0 of docs/spec.md §4 reads "not found").
  trackingLabelCreated: { 'zh-CN': '已创建面单', 'en-US': 'Label created' },
  mailTrackingSubject: { 'zh-CN': '物流更新 {trackingNo}：{state}', 'en-US': 'Tracking update {trackingNo}: {state}' },
  mailTrackingBody: {
    'zh-CN': '包裹 {trackingNo} 状态：{state}\n{description}\n地点：{location}\n时间：{time}',
    'en-US': 'Parcel {trackingNo} is now: {state}\n{description}\nWhere: {location}\nWhen: {time}',
  },
  trackPageTitle: { 'zh-CN': '包裹追踪', 'en-US': 'Parcel tracking' },
  trackPageLabelCreated: { 'zh-CN': '面单已创建，等待承运商揽收', 'en-US': 'Label created, waiting for the carrier' },
  trackPageStatus: { 'zh-CN': '当前状态', 'en-US': 'Status' },
  trackPageCarrier: { 'zh-CN': '承运商', 'en-US': 'Carrier' },
  trackPageTrackingNo: { 'zh-CN': '运单号', 'en-US': 'Tracking number' },
  trackPageDestination: { 'zh-CN': '寄往', 'en-US': 'Shipping to' },
  trackPageExpected: { 'zh-CN': '预计送达', 'en-US': 'Expected delivery' },
  trackPageTimeline: { 'zh-CN': '物流轨迹', 'en-US': 'Timeline' },
  trackPageNoEvents: {
    'zh-CN': '承运商尚未扫描该包裹，请稍后再来查看。',
    'en-US': 'The carrier has not scanned the parcel yet; check back later.',
  },
  trackPageSupport: { 'zh-CN': '联系客服', 'en-US': 'Need help?' },
  trackPageNotFoundTitle: { 'zh-CN': '找不到该追踪页面', 'en-US': 'Tracking page not found' },
  trackPageNotFoundBody: {
    'zh-CN': '请检查链接是否完整，或联系发货商家。',
    'en-US': 'Check that the link is complete, or ask the shop that sent the parcel.',
  },
  trackingNotYours: { 'zh-CN': '该跟踪号不属于您的订单', 'en-US': 'This tracking number is not on one of your orders' },
  webhookBody: { 'zh-CN': '请求体必须是 JSON 对象', 'en-US': 'The body must be a JSON object' },
} satisfies Record<string, Record<Locale, string>>;
