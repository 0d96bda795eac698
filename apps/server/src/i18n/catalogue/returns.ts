import type { Locale } from '@parcelport/shared';

/** The messages modules/returns speaks, in both languages (composed by ../messages.ts). */
export const RETURNS_MESSAGES = {
  returnNotFound: { 'zh-CN': '退货面单不存在', 'en-US': 'Return label not found' },
  returnOutboundNotBought: {
    'zh-CN': '只能为已购买面单的订单创建退货面单',
    'en-US': 'A return label can only be made for an order whose label was bought',
  },
  returnOfReturn: { 'zh-CN': '退货面单不能再创建退货', 'en-US': 'A return label cannot have a return of its own' },
  returnToRequired: {
    'zh-CN': '请填写收货地址，或在地址簿中设置默认发件地址',
    'en-US': 'Give the address to return to, or set a default sender in the address book',
  },
  returnLapsed: { 'zh-CN': '退货面单已过有效期', 'en-US': 'The return label has lapsed' },
  demoScanDemoOnly: {
    'zh-CN': '只有演示渠道的面单可以模拟扫描',
    'en-US': 'Only labels of a demo channel can be scanned by the simulated carrier',
  },
} satisfies Record<string, Record<Locale, string>>;
