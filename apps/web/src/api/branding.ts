/**
 * What a merchant's recipients see (Settings → Branding, issue 28): the brand on the public tracking page
 * and in the mails, the recipient notices, and each label's tracking page link.
 */
export type {
  BrandView,
  NoticeEvent,
  NoticeSettings,
  RenderedNotice,
} from '@parcelport/shared/contracts/branding/schemas';

export const BRAND_KEY = 'brand';
export const NOTICES_KEY = 'recipientNotices';
