import type { Locale } from '@parcelport/shared';
import { columnMessages } from '@parcelport/shared';

/** The messages modules/customers speaks, in both languages (composed by ../messages.ts). */
export const CUSTOMERS_MESSAGES = {
  ownerInvalid: {
    'zh-CN': '所属账号须为业务员或代理，且不能是客户自己',
    'en-US': 'The owner must be a seller or a proxy, and not the customer itself',
  },
  colSenderAddresses: { 'zh-CN': '发件地址数', 'en-US': 'Sender addresses' },
  ...columnMessages('spend'),
  colMerchants: { 'zh-CN': '商户数', 'en-US': 'Merchants' },
} satisfies Record<string, Record<Locale, string>>;
