import type { Locale } from '@parcelport/shared';
import {
  columnMessages,
  FUND_TYPE_NAMES,
  namesAsMessages,
  PAYMENT_METHOD_NAMES,
  RECHARGE_STATUS_NAMES,
} from '@parcelport/shared';

/** The messages modules/funds speaks, in both languages (composed by ../messages.ts). */
export const FUNDS_MESSAGES = {
  ownFundsRefused: {
    'zh-CN': '不能调整自己账户的余额或信用额度，请由其他有权限的员工操作',
    'en-US':
      "You cannot adjust your own account's balance or credit limit; another staff member with the permission must",
  },
  rechargeNotFound: { 'zh-CN': '充值记录不存在', 'en-US': 'Recharge record not found' },
  rechargeAlreadyReviewed: {
    'zh-CN': '该充值记录已审核，不能重复审核',
    'en-US': 'This recharge has already been reviewed',
  },
  voucherNotFound: { 'zh-CN': '凭证不存在', 'en-US': 'Voucher not found' },
  msgRechargeApprovedTitle: { 'zh-CN': '充值已到账', 'en-US': 'Recharge credited' },
  msgRechargeApprovedBody: {
    'zh-CN': '您的充值（编号 {id}）已审核通过，到账金额 {amount} {currency}。',
    'en-US': 'Your recharge #{id} was approved: {amount} {currency} credited.',
  },
  msgRechargeRejectedTitle: { 'zh-CN': '充值被驳回', 'en-US': 'Recharge rejected' },
  msgRechargeRejectedBody: {
    'zh-CN': '您的充值（编号 {id}）被驳回：{reason}',
    'en-US': 'Your recharge #{id} was rejected: {reason}',
  },
  msgAdjustmentTitle: { 'zh-CN': '账户余额调整', 'en-US': 'Balance adjusted' },
  msgAdjustmentBody: {
    'zh-CN': '您的 {currency} 账户被调整 {amount}：{remark}',
    'en-US': 'Your {currency} wallet was adjusted by {amount}: {remark}',
  },
  ...columnMessages(
    'userId',
    'paymentMethod',
    'forecastAmount',
    'actualAmount',
    'remark',
    'auditRemark',
    'arrivedAt',
    'auditedAt',
    'changeType',
    'changeAmount',
    'balanceAfter',
  ),
  ledgerRemarkRefunded: { 'zh-CN': '面单已退款，佣金收回', 'en-US': 'Label refunded: commission taken back' },
  ledgerRemarkBilled: { 'zh-CN': '承运商出账，佣金调整', 'en-US': 'Carrier billed the label: commission adjusted' },
  ledgerRemarkWrongSize: { 'zh-CN': '尺寸或重量申报不符', 'en-US': 'Wrong size or weight declared' },
  ledgerRemarkCarrierBill: { 'zh-CN': '承运商账单', 'en-US': 'Carrier bill' },
  ledgerRemarkOwedFromBill: { 'zh-CN': '补扣承运商账单欠款', 'en-US': 'Owed from a carrier bill, collected' },
  ledgerRemarkReturnUsed: {
    'zh-CN': '退货面单首次扫描扣费',
    'en-US': 'Return label charged at its first scan',
  },
  ledgerRemarkPickupFee: { 'zh-CN': '上门取件费', 'en-US': 'Carrier pickup fee' },
  ledgerRemarkPickupRefunded: {
    'zh-CN': '上门取件已取消，退还取件费',
    'en-US': 'Carrier pickup cancelled, fee refunded',
  },
  ledgerRemarkDisputeAccepted: { 'zh-CN': '账单申诉已通过', 'en-US': 'Bill dispute accepted' },

  // Built at run time: `fundType${type}` (modules/funds/reports.ts).
  ...namesAsMessages('fundType', FUND_TYPE_NAMES),

  // Built at run time: `rechargeStatus${status}` (modules/funds/reports.ts).
  ...namesAsMessages('rechargeStatus', RECHARGE_STATUS_NAMES),

  // Built at run time: `pay_${method}` (modules/funds/reports.ts).
  ...namesAsMessages('pay_', PAYMENT_METHOD_NAMES),
} satisfies Record<string, Record<Locale, string>>;
