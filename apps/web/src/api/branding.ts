import * as contracts from '@parcelport/shared/contracts/branding/index';
import type { BrandInput, NoticeSettingsInput, NoticeTryInput } from '@parcelport/shared/contracts/branding/schemas';
import * as tracking from '@parcelport/shared/contracts/tracking/index';
import { call } from './call';

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

export const getBrand = () => call(contracts.getBrand, {});
export const saveBrand = (body: BrandInput) => call(contracts.saveBrand, { body });
export const getNoticeSettings = () => call(contracts.getNoticeSettings, {});
export const saveNoticeSettings = (body: NoticeSettingsInput) => call(contracts.saveNoticeSettings, { body });

export const previewNotice = (body: NoticeTryInput) => call(contracts.previewNotice, { body });
export const sendTestNotice = (body: NoticeTryInput) => call(contracts.sendTestNotice, { body });

/** The tracking page links of the given orders (those with a bought label). */
export const trackingLinks = (orderIds: number[]) =>
  call(tracking.listTrackingLinks, { query: { orderIds: orderIds.join(',') } });
