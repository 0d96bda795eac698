import type { Locale } from '@parcelport/shared';

/**
 * Every message the API returns, in both languages. Handlers throw with a key; the error handler picks
 * the language the client asked for (Accept-Language; zh-CN by default, en-US as fallback).
 */
const CATALOGUE = {
  success: { 'zh-CN': '成功', 'en-US': 'success' },
  requestError: { 'zh-CN': '请求错误', 'en-US': 'Request Error' },
  invalidInput: { 'zh-CN': '请求参数有误', 'en-US': 'Invalid request' },
  unauthorized: { 'zh-CN': '登录已失效，请重新登录', 'en-US': 'Your session has ended, please sign in again' },
  forbidden: { 'zh-CN': '没有权限执行此操作', 'en-US': 'You do not have permission to do this' },
  notFound: { 'zh-CN': '资源不存在', 'en-US': 'Not found' },
  tooManyRequests: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many attempts, please try again later' },
  internalError: { 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
  loginDecryptFailed: { 'zh-CN': '登录错误，请刷新后重试', 'en-US': 'Login error, refresh and try again' },
  badCredentials: { 'zh-CN': '用户名或密码错误', 'en-US': 'Incorrect username or password' },
  accountInactive: {
    'zh-CN': '账号尚未激活，请联系管理员激活',
    'en-US': 'This account is not activated yet; please contact the administrator',
  },
  accountDisabled: {
    'zh-CN': '账号已被禁用，请联系管理员',
    'en-US': 'This account is disabled; contact the administrator',
  },
  usernameRequired: { 'zh-CN': '用户名不能为空', 'en-US': 'Username cannot be empty' },
  passwordRequired: { 'zh-CN': '密码不能为空', 'en-US': 'Password cannot be empty' },
  passwordLength: { 'zh-CN': '密码长度为 8-16 个字符', 'en-US': 'Password must be 8-16 characters' },
  passwordsMismatch: { 'zh-CN': '两次输入的密码不一致', 'en-US': 'Passwords do not match' },
  oldPasswordWrong: { 'zh-CN': '原密码错误', 'en-US': 'The old password is incorrect' },
  emailInvalid: { 'zh-CN': '请输入有效的邮箱', 'en-US': 'Enter a valid email address' },
  fieldRequired: { 'zh-CN': '此项必填', 'en-US': 'This field is required' },
  emailTaken: { 'zh-CN': '该邮箱已注册', 'en-US': 'This email is already registered' },
  codeInvalid: { 'zh-CN': '验证码错误或已过期', 'en-US': 'The verification code is wrong or has expired' },
  codeTooSoon: { 'zh-CN': '验证码发送过于频繁，请稍后再试', 'en-US': 'A code was just sent; please wait a minute' },
  invitationInvalid: { 'zh-CN': '邀请码无效', 'en-US': 'The invitation code is not valid' },
  resetLinkInvalid: { 'zh-CN': '重置链接无效或已过期', 'en-US': 'The reset link is invalid or has expired' },
  userNotFound: { 'zh-CN': '用户不存在', 'en-US': 'User not found' },
  roleNotFound: { 'zh-CN': '角色不存在', 'en-US': 'Role not found' },
  cannotActAsSelf: { 'zh-CN': '不能代登录自己', 'en-US': 'You cannot act as yourself' },
  cannotChangeSelf: { 'zh-CN': '不能修改自己的状态', 'en-US': 'You cannot change your own status' },
  mailCodeSubject: { 'zh-CN': '您的注册验证码', 'en-US': 'Your registration code' },
  mailCodeBody: {
    'zh-CN': '您的验证码是 {code}，{minutes} 分钟内有效。',
    'en-US': 'Your verification code is {code}. It is valid for {minutes} minutes.',
  },
  mailResetSubject: { 'zh-CN': '重置您的密码', 'en-US': 'Reset your password' },
  mailResetBody: {
    'zh-CN': '请在 {minutes} 分钟内打开以下链接重置密码（仅可使用一次）：\n{link}\n如非本人操作请忽略此邮件。',
    'en-US':
      'Open this link within {minutes} minutes to reset your password (it works once):\n{link}\nIf you did not ask for this, ignore this mail.',
  },
  insufficientFunds: { 'zh-CN': '余额不足', 'en-US': 'Insufficient funds' },
  amountInvalid: { 'zh-CN': '请输入有效金额（最多两位小数）', 'en-US': 'Enter an amount with at most two decimals' },
  amountPositive: { 'zh-CN': '金额必须大于 0', 'en-US': 'The amount must be greater than 0' },
  remarkRequired: { 'zh-CN': '请填写备注', 'en-US': 'A remark is required' },
  reasonRequired: { 'zh-CN': '请填写驳回原因', 'en-US': 'A reason is required to reject' },
  rechargeNotFound: { 'zh-CN': '充值记录不存在', 'en-US': 'Recharge record not found' },
  rechargeAlreadyReviewed: {
    'zh-CN': '该充值记录已审核，不能重复审核',
    'en-US': 'This recharge has already been reviewed',
  },
  voucherNotFound: { 'zh-CN': '凭证不存在', 'en-US': 'Voucher not found' },
  uploadTooLarge: { 'zh-CN': '文件大小不能超过500KB', 'en-US': 'The file size cannot exceed 500KB' },
  uploadFailed: { 'zh-CN': '上传失败', 'en-US': 'Upload failed' },
  uploadType: {
    'zh-CN': '仅支持图片（PNG、JPEG、GIF、WebP）和 PDF',
    'en-US': 'Only images (PNG, JPEG, GIF, WebP) and PDF are accepted',
  },
  uploadMissing: { 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  configUnknown: { 'zh-CN': '未知的配置项', 'en-US': 'Unknown configuration key' },
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
  colId: { 'zh-CN': '编号', 'en-US': 'ID' },
  colUserId: { 'zh-CN': '用户ID', 'en-US': 'User ID' },
  colEmail: { 'zh-CN': '邮箱', 'en-US': 'Email' },
  colWallet: { 'zh-CN': '钱包类型', 'en-US': 'Wallet' },
  colPaymentMethod: { 'zh-CN': '支付方式', 'en-US': 'Payment method' },
  colForecastAmount: { 'zh-CN': '预计金额', 'en-US': 'Forecast amount' },
  colActualAmount: { 'zh-CN': '实际到账金额', 'en-US': 'Actual amount' },
  colStatus: { 'zh-CN': '状态', 'en-US': 'Status' },
  colRemark: { 'zh-CN': '备注', 'en-US': 'Remark' },
  colAuditRemark: { 'zh-CN': '审核备注', 'en-US': 'Review remark' },
  colSubmittedAt: { 'zh-CN': '提交时间', 'en-US': 'Submitted' },
  colArrivedAt: { 'zh-CN': '到账时间', 'en-US': 'Funds arrived' },
  colAuditedAt: { 'zh-CN': '审核时间', 'en-US': 'Reviewed' },
  colChangeType: { 'zh-CN': '变动类型', 'en-US': 'Change type' },
  colChangeAmount: { 'zh-CN': '变动金额', 'en-US': 'Change amount' },
  colBalanceAfter: { 'zh-CN': '变动后余额', 'en-US': 'Balance after' },
  colTime: { 'zh-CN': '时间', 'en-US': 'Time' },
  colReference: { 'zh-CN': '关联单号', 'en-US': 'Reference' },
  fundType0: { 'zh-CN': '充值', 'en-US': 'Recharge' },
  fundType1: { 'zh-CN': '下单', 'en-US': 'Place order' },
  fundType2: { 'zh-CN': '退款', 'en-US': 'Refund' },
  fundType3: { 'zh-CN': '保证金释放', 'en-US': 'Margin release' },
  fundType4: { 'zh-CN': '账单扣款', 'en-US': 'Bill deduction' },
  fundType5: { 'zh-CN': '分区查询费', 'en-US': 'Zone query fee' },
  fundType6: { 'zh-CN': '罚款', 'en-US': 'Penalty' },
  fundType7: { 'zh-CN': '人工调整', 'en-US': 'Staff adjustment' },
  fundType8: { 'zh-CN': '冻结临时保证金', 'en-US': 'Earnest frozen' },
  fundType9: { 'zh-CN': '冻结押金', 'en-US': 'Deposit frozen' },
  fundType10: { 'zh-CN': '释放押金', 'en-US': 'Deposit released' },
  rechargeStatus0: { 'zh-CN': '待审核', 'en-US': 'Pending review' },
  rechargeStatus1: { 'zh-CN': '已通过', 'en-US': 'Approved' },
  rechargeStatus2: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
  pay_p2pBankTransfer: {
    'zh-CN': '点对点银行转账（仅限私对私）',
    'en-US': 'Peer-to-peer bank transfer (private to private)',
  },
  pay_achWire: { 'zh-CN': 'ACH 及电汇', 'en-US': 'ACH and wire' },
  pay_hkBank: { 'zh-CN': '香港对公及个人银行', 'en-US': 'Hong Kong public and personal bank' },
  pay_rmbBank: { 'zh-CN': '人民币对公及对私银行', 'en-US': 'RMB public and private bank' },
  pay_corporateWallet: { 'zh-CN': '企业移动钱包', 'en-US': 'Corporate mobile wallet' },
  pay_alipay: { 'zh-CN': '支付宝', 'en-US': 'Alipay' },
  pay_wechatPay: { 'zh-CN': '微信支付', 'en-US': 'WeChat Pay' },
  pay_other: { 'zh-CN': '其他', 'en-US': 'Other' },
  atLeastOneParcel: { 'zh-CN': '至少需要1个包裹', 'en-US': 'at least 1 parcel' },
  batteryNotAllowed: {
    'zh-CN': '当前模式不可选择该电池状态，请联系业务员',
    'en-US': 'Current mode battery status cannot be selected, contact the salesperson',
  },
  insuranceOverPackage: {
    'zh-CN': '单个包裹申报价值不能超过 50,000 美元',
    'en-US': 'Declared value cannot exceed $50,000 per package',
  },
  insuranceOverShipment: {
    'zh-CN': '单票申报价值不能超过 100,000 美元',
    'en-US': 'Declared value cannot exceed $100,000 per shipment',
  },
  orderNotFound: { 'zh-CN': '订单不存在', 'en-US': 'Order not found' },
  zipFormat: { 'zh-CN': '邮编格式应为 5 位数字（或 ZIP+4）', 'en-US': 'A ZIP code is 5 digits (or ZIP+4)' },
  zipNotFound: { 'zh-CN': '未找到该邮编对应的城市', 'en-US': 'No city is known for this ZIP code' },
  orderStateInvalid: {
    'zh-CN': '订单当前状态不允许此操作',
    'en-US': 'The order cannot do this in its current state',
  },
  serviceNotAllotted: {
    'zh-CN': '该渠道服务未授权给您',
    'en-US': 'This carrier service is not enabled for your account',
  },
  serviceUnavailable: {
    'zh-CN': '该服务无法承运此订单：{reason}',
    'en-US': 'This service cannot carry the order: {reason}',
  },
  idempotencyInProgress: { 'zh-CN': '相同请求正在处理中', 'en-US': 'The same request is still being processed' },
  idempotencyMismatch: {
    'zh-CN': 'Idempotency-Key 已用于另一个请求',
    'en-US': 'This Idempotency-Key was used for a different request',
  },
  purchaseFailed: { 'zh-CN': '下单失败：{reason}', 'en-US': 'Label purchase failed: {reason}' },
  reason_overWeight: { 'zh-CN': '超过最大重量 {max}', 'en-US': 'over the maximum weight of {max}' },
  reason_overLength: { 'zh-CN': '超过最大长度 {max}', 'en-US': 'longer than the maximum of {max}' },
  reason_overLengthGirth: { 'zh-CN': '长度加周长超过 {max}', 'en-US': 'length plus girth over {max}' },
  reason_noRate: { 'zh-CN': '分区 {zone}、重量 {weight} 无报价', 'en-US': 'no price for zone {zone} at {weight}' },
  reason_notDomestic: { 'zh-CN': '仅支持美国境内寄送', 'en-US': 'ships within the US only' },
  reason_zipUnknown: { 'zh-CN': '邮编无法识别', 'en-US': 'a ZIP code is not known' },
  reason_battery: {
    'zh-CN': '当前模式不可选择该电池状态，请联系业务员',
    'en-US': 'Current mode battery status cannot be selected, contact the salesperson',
  },
  reason_platformError: { 'zh-CN': '承运商接口错误：{message}', 'en-US': 'carrier error: {message}' },
  event_draft: { 'zh-CN': '创建草稿', 'en-US': 'Draft created' },
  event_placing: { 'zh-CN': '正在下单', 'en-US': 'Placing the order' },
  event_labelCreated: { 'zh-CN': '运单已生成', 'en-US': 'Waybill generated' },
  event_failed: { 'zh-CN': '订单失败', 'en-US': 'Order failed' },
  event_cancelRequested: { 'zh-CN': '申请取消', 'en-US': 'Cancellation requested' },
  event_voided: { 'zh-CN': '订单已作废', 'en-US': 'Order invalidated' },
  event_cancelRejected: { 'zh-CN': '取消被驳回', 'en-US': 'Cancellation rejected' },
  event_restored: { 'zh-CN': '撤销取消', 'en-US': 'Cancellation withdrawn' },
  event_backToDraft: { 'zh-CN': '退回草稿', 'en-US': 'Returned to draft' },
  event_billed: { 'zh-CN': '承运商账单已结算', 'en-US': 'Carrier bill settled' },
  event_earnestReleased: { 'zh-CN': '临时保证金已释放', 'en-US': 'Temporary deposit released' },
  event_reviewRejected: { 'zh-CN': '审核驳回', 'en-US': 'Rejected in review' },
  event_reviewApproved: { 'zh-CN': '审核通过', 'en-US': 'Approved in review' },
  event_received: { 'zh-CN': '已揽收', 'en-US': 'Received' },
  event_inTransit: { 'zh-CN': '运输中', 'en-US': 'In transit' },
  event_delivered: { 'zh-CN': '包裹已签收', 'en-US': 'Package delivered' },
  msgOrderVoidedTitle: { 'zh-CN': '订单已作废并退款', 'en-US': 'Order voided and refunded' },
  msgOrderVoidedBody: {
    'zh-CN': '订单 {orderNo} 的取消申请已通过，已退款 {amount} USD。',
    'en-US': 'The cancellation of order {orderNo} was approved; {amount} USD refunded.',
  },
  msgCancelRejectedTitle: { 'zh-CN': '取消申请被驳回', 'en-US': 'Cancellation rejected' },
  msgCancelRejectedBody: {
    'zh-CN': '订单 {orderNo} 的取消申请被驳回：{reason}',
    'en-US': 'The cancellation of order {orderNo} was rejected: {reason}',
  },
  channelNotFound: { 'zh-CN': '渠道不存在', 'en-US': 'Channel not found' },
  serviceNotFound: { 'zh-CN': '渠道服务不存在', 'en-US': 'Carrier service not found' },
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
  sheetMissing: { 'zh-CN': '请上传 xlsx 或 csv 文件', 'en-US': 'Upload an xlsx or csv file' },
  ruleNotFound: { 'zh-CN': '价格规则不存在', 'en-US': 'Price rule not found' },
  addr_required: { 'zh-CN': '必填', 'en-US': 'required' },
  addr_zipFormat: { 'zh-CN': '邮编格式应为 5 位或 5+4 位数字', 'en-US': 'ZIP must be 5 digits or ZIP+4' },
  addr_zipUnknown: { 'zh-CN': '邮编不存在', 'en-US': 'this ZIP code does not exist' },
  addr_stateMismatch: { 'zh-CN': '州与邮编不符', 'en-US': 'the state does not match the ZIP code' },
  addr_cityMismatch: {
    'zh-CN': '城市与邮编不符，建议使用邮编对应的城市',
    'en-US': "the city is not the ZIP code's; its own is suggested",
  },
  addr_poBox: {
    'zh-CN': '邮政信箱地址（部分承运商无法派送）',
    'en-US': 'a PO box (some carriers cannot deliver there)',
  },
  addr_military: { 'zh-CN': '军邮地址（APO/FPO/DPO）', 'en-US': 'a military address (APO/FPO/DPO)' },
  zoneFeeShort: {
    'zh-CN': '余额不足：每次分区查询收费 0.10 美元，请先充值',
    'en-US': 'Insufficient funds: each zone query costs 0.10 USD; please top up first',
  },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof CATALOGUE;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(CATALOGUE, value);
}

export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const template = CATALOGUE[key][locale];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** The request's language: en-US when the client asks for English, else the default zh-CN. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}
