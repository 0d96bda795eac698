import type { Locale } from '@parcelport/shared';
import { CLAIM_STATUS_NAMES, CLAIM_TYPE_NAMES, namesAsMessages } from '@parcelport/shared';

/** The messages modules/claims speaks, in both languages (composed by ../messages.ts). */
export const CLAIMS_MESSAGES = {
  claimNotFound: { 'zh-CN': '理赔申请不存在', 'en-US': 'Claim not found' },
  claimNotInsured: {
    'zh-CN': '该订单未投保（或为测试面单），不能申请理赔',
    'en-US': 'This order is not insured (or is a test label); it cannot be claimed',
  },
  claimWrongState: {
    'zh-CN': '订单当前状态不能申请此类理赔：丢件需包裹在途，破损和签收未收到需包裹已签收',
    'en-US':
      'The order cannot be claimed for this now: a lost parcel must be in transit, damage or non-receipt needs it delivered',
  },
  claimNotYetOpen: {
    'zh-CN': '此类理赔尚未到可申请时间，请查看申请期限',
    'en-US': 'This kind of claim cannot be filed yet; see its filing window',
  },
  claimWindowClosed: {
    'zh-CN': '此类理赔的申请期限已过',
    'en-US': 'The filing window for this kind of claim has closed',
  },
  claimAlreadyOpen: {
    'zh-CN': '该订单已有同类理赔申请',
    'en-US': 'This order already has a claim of this kind',
  },
  claimStateInvalid: {
    'zh-CN': '理赔申请当前状态不允许此操作',
    'en-US': 'The claim cannot do this in its current state',
  },
  claimOverInsured: {
    'zh-CN': '理赔金额不能超过保价金额',
    'en-US': 'The amount cannot exceed the insured value',
  },
  claimPartNotLower: {
    'zh-CN': '部分赔付金额必须低于申请金额',
    'en-US': 'A partial approval must be lower than the amount claimed',
  },

  // Built at run time: `claimType_${type}` (modules/claims/service.ts).
  ...namesAsMessages('claimType_', CLAIM_TYPE_NAMES),

  // Built at run time: `claimStatus_${status}` (modules/claims/transitions.ts).
  ...namesAsMessages('claimStatus_', CLAIM_STATUS_NAMES),

  claimSubject: { 'zh-CN': '理赔：订单 {orderNo}（{type}）', 'en-US': 'Claim: order {orderNo} ({type})' },
  claimWorkOrderBody: {
    'zh-CN': '理赔类型：{type}\n申请金额：{amount} USD\n\n{description}',
    'en-US': 'Claim type: {type}\nAmount claimed: {amount} USD\n\n{description}',
  },
  claimThreadStatus: { 'zh-CN': '理赔状态：{status}', 'en-US': 'Claim status: {status}' },
  claimThreadDecided: {
    'zh-CN': '理赔状态：{status}，批准 {approved} USD（申请 {amount} USD），扣除 10% 后赔付 {payout} USD',
    'en-US':
      'Claim status: {status}, {approved} USD approved (of {amount} USD claimed); {payout} USD to be credited after the 10% deduction',
  },
  claimThreadRejected: {
    'zh-CN': '理赔状态：{status}，原因：{reason}',
    'en-US': 'Claim status: {status}; reason: {reason}',
  },
  claimThreadPaid: {
    'zh-CN': '理赔状态：{status}，已入账 {payout} USD',
    'en-US': 'Claim status: {status}; {payout} USD credited',
  },
  msgClaimInReviewTitle: { 'zh-CN': '理赔审核中', 'en-US': 'Claim in review' },
  msgClaimInReviewBody: {
    'zh-CN': '订单 {orderNo} 的理赔申请（{amount} USD）正在审核。',
    'en-US': 'The claim on order {orderNo} ({amount} USD) is being reviewed.',
  },
  msgClaimApprovedTitle: { 'zh-CN': '理赔已批准', 'en-US': 'Claim approved' },
  msgClaimApprovedBody: {
    'zh-CN': '订单 {orderNo} 的理赔已批准 {approved} USD，扣除 10% 后将赔付入账。',
    'en-US':
      'The claim on order {orderNo} was approved for {approved} USD; less the 10% deduction it will be credited.',
  },
  msgClaimPartlyApprovedTitle: { 'zh-CN': '理赔部分批准', 'en-US': 'Claim partly approved' },
  msgClaimPartlyApprovedBody: {
    'zh-CN': '订单 {orderNo} 的理赔申请 {amount} USD，批准 {approved} USD，扣除 10% 后将赔付入账。',
    'en-US':
      'The claim on order {orderNo} for {amount} USD was approved for {approved} USD; less the 10% deduction it will be credited.',
  },
  msgClaimRejectedTitle: { 'zh-CN': '理赔已驳回', 'en-US': 'Claim rejected' },
  msgClaimRejectedBody: {
    'zh-CN': '订单 {orderNo} 的理赔申请已驳回：{reason}',
    'en-US': 'The claim on order {orderNo} was rejected: {reason}',
  },
  msgClaimPaidTitle: { 'zh-CN': '理赔已赔付', 'en-US': 'Claim paid' },
  msgClaimPaidBody: {
    'zh-CN': '订单 {orderNo} 的理赔已赔付，{payout} USD 已入账。',
    'en-US': 'The claim on order {orderNo} was paid: {payout} USD credited.',
  },
} satisfies Record<string, Record<Locale, string>>;
