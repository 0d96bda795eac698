import type { Locale } from '@parcelport/shared';

/** The messages modules/addresses speaks, in both languages (composed by ../messages.ts). */
export const ADDRESSES_MESSAGES = {
  addressUndeliverable: {
    'zh-CN': '收件地址无法投递，未购买面单：{reason}',
    'en-US': 'The recipient address cannot be delivered to; no label was bought: {reason}',
  },
  addressNeedsConfirm: {
    'zh-CN': '收件地址有更正建议：请先确认使用更正后的地址或保留原地址，再购买面单',
    'en-US': 'The recipient address has a correction: use the corrected address or keep yours before buying the label',
  },
  zoneFeeShort: {
    'zh-CN': '余额不足：每次分区查询收费 {fee} 美元，请先充值',
    'en-US': 'Insufficient funds: each zone query costs {fee} USD; please top up first',
  },
} satisfies Record<string, Record<Locale, string>>;
