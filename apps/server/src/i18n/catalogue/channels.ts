import type { Locale } from '@parcelport/shared';

/** The messages modules/channels speaks, in both languages (composed by ../messages.ts). */
export const CHANNELS_MESSAGES = {
  msgChannelAuthFailedTitle: {
    'zh-CN': '渠道 {channel} 的凭证被承运商拒绝',
    'en-US': 'The carrier refuses the credentials of channel {channel}',
  },
  msgChannelAuthFailedBody: {
    'zh-CN':
      '承运商拒绝了渠道 {channel} 的 API 凭证（{message}），该渠道的报价与下单都会失败。请在渠道管理中更新凭证。',
    'en-US':
      'The carrier refused the API credentials of channel {channel} ({message}); its quotes and purchases fail until they are updated under channel management.',
  },
  channelInUse: {
    'zh-CN': '渠道已有订单，不能删除，请改为停用',
    'en-US': 'The channel has orders; disable it instead of deleting it',
  },
  platformUnknown: { 'zh-CN': '未知的渠道平台', 'en-US': 'Unknown carrier platform' },
  serviceCodeTaken: {
    'zh-CN': '该渠道下已有相同代码的服务',
    'en-US': 'This channel already has a service with that code',
  },
  settingsInvalid: { 'zh-CN': '设置无效：{detail}', 'en-US': 'Invalid settings: {detail}' },
  sheetInvalid: {
    'zh-CN': '表格有误，请按行列修正后重新导入',
    'en-US': 'The sheet has errors; fix the rows and columns listed and import again',
  },

  // Built at run time: `sheet_${problem}` (modules/channels/service.ts).
  sheet_notZone: { 'zh-CN': '“{value}”不是分区（1-12）', 'en-US': '"{value}" is not a zone (1-12)' },
  sheet_noZones: { 'zh-CN': '没有分区列', 'en-US': 'no zone columns' },
  sheet_notWeight: {
    'zh-CN': '“{value}”不是重量（如 4 oz、1 lb）',
    'en-US': '"{value}" is not a weight (e.g. 4 oz, 1 lb)',
  },
  sheet_weightTwice: { 'zh-CN': '重量 {value} 重复出现', 'en-US': 'weight {value} appears twice' },
  sheet_notPrice: { 'zh-CN': '“{value}”不是价格', 'en-US': '"{value}" is not a price' },
  sheet_noPrices: { 'zh-CN': '没有价格', 'en-US': 'no prices' },
  sheet_notZip3: { 'zh-CN': '“{value}”不是邮编前三位或区间', 'en-US': '"{value}" is not a ZIP3 or range' },
  sheet_notZoneNumber: { 'zh-CN': '“{value}”不是分区', 'en-US': '"{value}" is not a zone' },
} satisfies Record<string, Record<Locale, string>>;
