import type { Locale } from '@parcelport/shared';

/** The messages modules/stores speaks, in both languages (composed by ../messages.ts). */
export const STORES_MESSAGES = {
  shopifyNotConfigured: {
    'zh-CN': '平台尚未配置 Shopify 应用，请联系管理员',
    'en-US': 'The platform has no Shopify app set up yet; please contact the administrator',
  },
  storeTaken: {
    'zh-CN': '该店铺已被另一个账号连接',
    'en-US': 'This store is already connected to another account',
  },
  storeTestKey: {
    'zh-CN': '店铺的订单都是正式订单：请使用正式 API 密钥同步',
    'en-US': "A store's orders are live orders: sync it with a live API key",
  },
  storeNotActive: {
    'zh-CN': '店铺未处于已连接状态，请重新连接',
    'en-US': 'The store is not connected; connect it again',
  },
  storeKeysRefused: {
    'zh-CN': '店铺拒绝了这组 API 密钥：{reason}',
    'en-US': 'The store refused these API keys: {reason}',
  },
  storeUnreachable: { 'zh-CN': '无法访问店铺：{reason}', 'en-US': 'The store could not be reached: {reason}' },
  storeAddressRefused: {
    'zh-CN': '不能连接内网或本机地址的店铺',
    'en-US': 'A store on a private, loopback or link-local address cannot be connected',
  },
  storeSaid: { 'zh-CN': '店铺返回：{reason}', 'en-US': 'The store answered: {reason}' },
  storeNoShippingAddress: {
    'zh-CN': '订单没有收货地址，未导入',
    'en-US': 'The order has no shipping address; not imported',
  },
  storeAlreadyFulfilled: {
    'zh-CN': '店铺中该订单已无可发货的商品',
    'en-US': 'The order has nothing left to fulfil in the store',
  },
  storeCancelledAfterLabel: {
    'zh-CN': '网店已取消该订单，但面单已购买：如不发货请取消面单',
    'en-US': 'The store cancelled this order after its label was bought: void the label unless it ships',
  },
} satisfies Record<string, Record<Locale, string>>;
