import type { Locale } from './constants.ts';
import type { Names } from './state-names.ts';

/**
 * The words that head a column on both sides, in both languages, once: the server's exports write them as
 * headers (its catalogue takes each as `col<Name>`: `columnMessages`) and the screens' tables as titles (the web
 * catalogue takes each under the keys of COLUMN_NAME_KEYS), so an export and a screen head a column alike.
 */
export const COLUMN_NAMES = {
  actor: { 'zh-CN': '操作人', 'en-US': 'Done by' },
  actualAmount: { 'zh-CN': '实际到账金额', 'en-US': 'Actual amount' },
  arrivedAt: { 'zh-CN': '到账时间', 'en-US': 'Funds arrived' },
  auditRemark: { 'zh-CN': '审核备注', 'en-US': 'Review remark' },
  auditedAt: { 'zh-CN': '审核时间', 'en-US': 'Reviewed' },
  balanceAfter: { 'zh-CN': '变动后余额', 'en-US': 'Balance after' },
  batchNo: { 'zh-CN': '批次号', 'en-US': 'Batch no.' },
  call: { 'zh-CN': '请求', 'en-US': 'Call' },
  changeAmount: { 'zh-CN': '变动金额', 'en-US': 'Change amount' },
  changeType: { 'zh-CN': '变动类型', 'en-US': 'Change type' },
  company: { 'zh-CN': '公司', 'en-US': 'Company' },
  customers: { 'zh-CN': '客户数', 'en-US': 'Customers' },
  day: { 'zh-CN': '日期 (UTC)', 'en-US': 'Day (UTC)' },
  email: { 'zh-CN': '邮箱', 'en-US': 'Email' },
  forecastAmount: { 'zh-CN': '预计金额', 'en-US': 'Forecast amount' },
  insurance: { 'zh-CN': '保险费', 'en-US': 'Insurance' },
  ip: { 'zh-CN': 'IP', 'en-US': 'IP' },
  labelCreatedAt: { 'zh-CN': '出单时间', 'en-US': 'Label created' },
  labels: { 'zh-CN': '面单数', 'en-US': 'Labels' },
  name: { 'zh-CN': '姓名', 'en-US': 'Name' },
  orderNo: { 'zh-CN': '订单号', 'en-US': 'Order no.' },
  owner: { 'zh-CN': '所属业务员/代理', 'en-US': 'Seller or proxy' },
  parcels: { 'zh-CN': '包裹数', 'en-US': 'Parcels' },
  paymentMethod: { 'zh-CN': '支付方式', 'en-US': 'Payment method' },
  phone: { 'zh-CN': '电话', 'en-US': 'Phone' },
  recipient: { 'zh-CN': '收件人', 'en-US': 'Recipient' },
  reference: { 'zh-CN': '关联单号', 'en-US': 'Reference' },
  registeredAt: { 'zh-CN': '注册时间', 'en-US': 'Registered' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
  seller: { 'zh-CN': '业务员', 'en-US': 'Seller' },
  service: { 'zh-CN': '渠道服务', 'en-US': 'Service' },
  spend: { 'zh-CN': '运费合计', 'en-US': 'Spend' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
  subject: { 'zh-CN': '涉及账号', 'en-US': 'On account' },
  submittedAt: { 'zh-CN': '提交时间', 'en-US': 'Submitted' },
  time: { 'zh-CN': '时间', 'en-US': 'Time' },
  tracking: { 'zh-CN': '跟踪号', 'en-US': 'Tracking no.' },
  userId: { 'zh-CN': '用户ID', 'en-US': 'User ID' },
  wallet: { 'zh-CN': '钱包类型', 'en-US': 'Wallet' },
} as const satisfies Names;

export type ColumnName = keyof typeof COLUMN_NAMES;

/** The web catalogue's keys that show each column name (on a table, and where a screen names the same field). */
export const COLUMN_NAME_KEYS = {
  actor: ['userLogs.actor'],
  actualAmount: ['recharge.actualAmount'],
  arrivedAt: ['recharge.arrivedAt'],
  auditRemark: ['recharge.auditRemark', 'review.remark'],
  auditedAt: ['recharge.auditedAt'],
  balanceAfter: ['funds.balanceAfter'],
  batchNo: ['orderList.batchNo', 'import.batchNo'],
  call: ['userLogs.call'],
  changeAmount: ['funds.changeAmount'],
  changeType: ['funds.changeType'],
  company: ['addressForm.company'],
  customers: ['sellers.customers'],
  day: ['charts.day'],
  email: ['field.email', 'addressForm.email', 'tracking.subscribe.email', 'contactRequests.email'],
  forecastAmount: ['recharge.forecastAmount'],
  insurance: ['parcel.premium', 'rates.insurance', 'orderDetail.insuranceFee', 'waybills.insuranceFee'],
  ip: ['userLogs.ip'],
  labelCreatedAt: ['waybills.labelTime'],
  labels: [
    'unRefunded.count',
    'proxies.labels',
    'charts.labels',
    'financialReport.labels',
    'reconciliation.refunds.labels',
  ],
  name: ['field.name', 'addressForm.personName', 'members.name'],
  orderNo: [
    'orderList.orderNo',
    'orderAction.nameBy.orderNo',
    'waybills.orderNo',
    'apiLog.orderNo',
    'bills.line.orderNo',
  ],
  owner: ['field.owner'],
  parcels: ['unRefunded.parcels', 'pickupSettle.packages'],
  paymentMethod: ['recharge.paymentMethod'],
  phone: ['addressForm.phone'],
  recipient: ['newOrder.recipient', 'orderList.recipient', 'waybills.recipient', 'waybills.to', 'rules.recipient'],
  reference: ['funds.reference'],
  registeredAt: ['field.registrationDate'],
  remark: ['recharge.remark', 'newOrder.remark'],
  seller: ['financialReport.seller'],
  service: ['waybills.service'],
  spend: ['proxies.spend'],
  status: [
    'field.status',
    'recharge.statusLabel',
    'carriers.status',
    'waybills.statusLabel',
    'workOrder.statusLabel',
    'contactRequests.status',
    'bills.statusLabel',
    'stores.status',
    'claims.statusLabel',
    'webhooks.status',
    'members.status',
    'pickups.status',
  ],
  subject: ['userLogs.subject'],
  submittedAt: ['recharge.submittedAt'],
  time: [
    'funds.time',
    'findZone.time',
    'apiLog.time',
    'sysConfig.col.time',
    'userLogs.time',
    'webhooks.time',
    'changeHistory.time',
  ],
  tracking: ['orderList.trackingNo', 'orderAction.nameBy.trackingNo', 'waybills.tackNo', 'workOrder.trackingNo'],
  userId: ['funds.userId'],
  wallet: ['recharge.wallet'],
} as const satisfies Record<ColumnName, readonly string[]>;

/** The column names in one language as the web catalogue's entries (`orderList.orderNo` → 订单号). */
export function columnNameEntries(locale: Locale): Record<string, string> {
  return Object.fromEntries(
    Object.entries(COLUMN_NAME_KEYS).flatMap(([name, keys]) =>
      keys.map((key) => [key, COLUMN_NAMES[name as ColumnName][locale]]),
    ),
  );
}

/** Column names as messages of the server's catalogue, each under `col` and its name (`orderNo` → `colOrderNo`). */
export function columnMessages<const N extends readonly ColumnName[]>(
  ...names: N
): { [K in N[number] as `col${Capitalize<K>}`]: (typeof COLUMN_NAMES)[K] } {
  return Object.fromEntries(
    names.map((name) => [`col${name[0]?.toUpperCase()}${name.slice(1)}`, COLUMN_NAMES[name]]),
  ) as never;
}
