import type { Locale } from './constants.ts';

/**
 * The names of the platform's states and kinds in both languages, once: the screens show them (the web
 * catalogue takes them under the keys of STATE_NAME_KEYS, apps/web/catalogue-parts.ts) and the server writes
 * them into exports, mails, the tracking page and the API's `state` (its catalogue takes them by prefix), so a
 * state has one name wherever it is read.
 */
/** A list of names, each in both languages, by its id. */
export type Names = Readonly<Record<string | number, Readonly<Record<Locale, string>>>>;

/** An order's status (docs/spec.md §4), by its code. */
export const ORDER_STATUS_NAMES = {
  0: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  1: { 'zh-CN': '待运输', 'en-US': 'Pending transport' },
  2: { 'zh-CN': '运输中', 'en-US': 'In transit' },
  3: { 'zh-CN': '已签收', 'en-US': 'Delivered' },
  4: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
  5: { 'zh-CN': '失败', 'en-US': 'Failed' },
  6: { 'zh-CN': '取消中', 'en-US': 'In cancellation' },
  7: { 'zh-CN': '准备联网', 'en-US': 'Preparing to connect' },
  15: { 'zh-CN': '已作废', 'en-US': 'Voided' },
  16: { 'zh-CN': '已驳回/已取消', 'en-US': 'Rejected or cancelled' },
  17: { 'zh-CN': '下单中', 'en-US': 'Placing the order' },
  18: { 'zh-CN': '预报成功', 'en-US': 'Forecast successful' },
} as const satisfies Names;

/** A parcel's tracking state (docs/spec.md §4), by its code. */
export const TRACKING_STATE_NAMES = {
  0: { 'zh-CN': '查询不到', 'en-US': 'Not found' },
  1: { 'zh-CN': '已收到信息', 'en-US': 'Information received' },
  2: { 'zh-CN': '运输途中', 'en-US': 'In transit' },
  3: { 'zh-CN': '到达待取', 'en-US': 'Arrived for pickup' },
  4: { 'zh-CN': '派送途中', 'en-US': 'Out for delivery' },
  5: { 'zh-CN': '投递失败', 'en-US': 'Delivery failed' },
  6: { 'zh-CN': '成功签收', 'en-US': 'Delivered' },
  7: { 'zh-CN': '可能异常', 'en-US': 'Possible exception' },
  8: { 'zh-CN': '运输过久', 'en-US': 'Transit too long' },
} as const satisfies Names;

/** A ledger row's kind of change (docs/spec.md §4), by its code. */
export const FUND_TYPE_NAMES = {
  0: { 'zh-CN': '充值', 'en-US': 'Recharge' },
  1: { 'zh-CN': '下单', 'en-US': 'Place order' },
  2: { 'zh-CN': '退款', 'en-US': 'Refund' },
  3: { 'zh-CN': '保证金释放', 'en-US': 'Margin release' },
  4: { 'zh-CN': '账单扣款', 'en-US': 'Bill deduction' },
  5: { 'zh-CN': '分区查询费', 'en-US': 'Zone query fee' },
  6: { 'zh-CN': '罚款', 'en-US': 'Penalty' },
  7: { 'zh-CN': '人工调整', 'en-US': 'Staff adjustment' },
  8: { 'zh-CN': '冻结临时保证金', 'en-US': 'Earnest frozen' },
  9: { 'zh-CN': '冻结押金', 'en-US': 'Deposit frozen' },
  10: { 'zh-CN': '释放押金', 'en-US': 'Deposit released' },
  11: { 'zh-CN': '代理佣金', 'en-US': 'Proxy commission' },
  12: { 'zh-CN': '保险理赔', 'en-US': 'Insurance claim payout' },
} as const satisfies Names;

/** A recharge's review status, by its code. */
export const RECHARGE_STATUS_NAMES = {
  0: { 'zh-CN': '待审核', 'en-US': 'Pending review' },
  1: { 'zh-CN': '已通过', 'en-US': 'Approved' },
  2: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
} as const satisfies Names;

/** How a recharge was paid. */
export const PAYMENT_METHOD_NAMES = {
  p2pBankTransfer: {
    'zh-CN': '点对点银行转账（仅限私对私）',
    'en-US': 'Peer-to-peer bank transfer (private to private)',
  },
  achWire: { 'zh-CN': 'ACH 及电汇', 'en-US': 'ACH and wire' },
  hkBank: { 'zh-CN': '香港对公及个人银行', 'en-US': 'Hong Kong public and personal bank' },
  rmbBank: { 'zh-CN': '人民币对公及对私银行', 'en-US': 'RMB public and private bank' },
  corporateWallet: { 'zh-CN': '企业移动钱包', 'en-US': 'Corporate mobile wallet' },
  alipay: { 'zh-CN': '支付宝', 'en-US': 'Alipay' },
  wechatPay: { 'zh-CN': '微信支付', 'en-US': 'WeChat Pay' },
  other: { 'zh-CN': '其他', 'en-US': 'Other' },
} as const satisfies Names;

/** What an insurance claim is about. */
export const CLAIM_TYPE_NAMES = {
  lost: { 'zh-CN': '丢件', 'en-US': 'Lost' },
  damaged: { 'zh-CN': '破损', 'en-US': 'Damaged' },
  deliveredNotReceived: { 'zh-CN': '显示签收但未收到', 'en-US': 'Delivered, not received' },
} as const satisfies Names;

/** Where an insurance claim stands. */
export const CLAIM_STATUS_NAMES = {
  submitted: { 'zh-CN': '已提交', 'en-US': 'Submitted' },
  inReview: { 'zh-CN': '审核中', 'en-US': 'In review' },
  approved: { 'zh-CN': '已批准', 'en-US': 'Approved' },
  partlyApproved: { 'zh-CN': '部分批准', 'en-US': 'Partly approved' },
  rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
  paid: { 'zh-CN': '已赔付', 'en-US': 'Paid' },
} as const satisfies Names;

/** Each list of names under the web catalogue's key prefix (`orderStatus.3`, `claims.type.lost`). */
export const STATE_NAME_KEYS = {
  orderStatus: ORDER_STATUS_NAMES,
  'tracking.state': TRACKING_STATE_NAMES,
  'funds.type': FUND_TYPE_NAMES,
  'recharge.status': RECHARGE_STATUS_NAMES,
  'recharge.payment': PAYMENT_METHOD_NAMES,
  'claims.type': CLAIM_TYPE_NAMES,
  'claims.status': CLAIM_STATUS_NAMES,
} as const satisfies Record<string, Names>;

/** The state names in one language as the web catalogue's entries (`orderStatus.3` → 已签收). */
export function stateNameEntries(locale: Locale): Record<string, string> {
  return Object.fromEntries(
    Object.entries(STATE_NAME_KEYS).flatMap(([prefix, names]) =>
      Object.entries(names as Names).map(([id, name]) => [`${prefix}.${id}`, name[locale]]),
    ),
  );
}

/**
 * A list of names as messages of the server's catalogue, each under `prefix` and its id (`orderStatus3`,
 * `claimType_lost`), the keys its code builds at run time.
 */
export function namesAsMessages<P extends string, N extends Names>(
  prefix: P,
  names: N,
): { [K in keyof N as `${P}${K & (string | number)}`]: N[K] } {
  return Object.fromEntries(Object.entries(names).map(([id, name]) => [`${prefix}${id}`, name])) as never;
}
