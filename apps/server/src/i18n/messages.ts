import type { Locale } from '@parcelport/shared';
import { FIELD_MESSAGES } from '@parcelport/shared/contracts/messages';

/**
 * Every message the API returns, in both languages. Handlers throw with a key; the error handler picks
 * the language the client asked for (Accept-Language; zh-CN by default, en-US as fallback).
 */
const CATALOGUE = {
  ...FIELD_MESSAGES,
  success: { 'zh-CN': '成功', 'en-US': 'success' },
  requestError: { 'zh-CN': '请求错误', 'en-US': 'Request Error' },
  unauthorized: { 'zh-CN': '登录已失效，请重新登录', 'en-US': 'Your session has ended, please sign in again' },
  forbidden: { 'zh-CN': '没有权限执行此操作', 'en-US': 'You do not have permission to do this' },
  notFound: { 'zh-CN': '资源不存在', 'en-US': 'Not found' },
  tooManyRequests: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many attempts, please try again later' },
  internalError: { 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
  pathTooLong: { 'zh-CN': '请求路径参数过长', 'en-US': 'A path parameter is too long' },
  badUrl: { 'zh-CN': '请求地址无效', 'en-US': 'The request URL is not valid' },
  textNul: { 'zh-CN': '不能包含空字符（\\u0000）', 'en-US': 'Must not contain NUL characters (\\u0000)' },
  nestedTooDeep: { 'zh-CN': '嵌套层级过深（最多 32 层）', 'en-US': 'Nested too deeply (at most 32 levels)' },
  uploadMalformed: { 'zh-CN': '上传内容格式错误', 'en-US': 'The upload is not a well-formed multipart body' },
  loginDecryptFailed: { 'zh-CN': '登录错误，请刷新后重试', 'en-US': 'Login error, refresh and try again' },
  loginLocked: {
    'zh-CN': '该账号登录失败次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-ins for this account; try again in {minutes} minutes',
  },
  badCredentials: { 'zh-CN': '用户名或密码错误', 'en-US': 'Incorrect username or password' },
  accountInactive: {
    'zh-CN': '账号尚未激活，请联系管理员激活',
    'en-US': 'This account is not activated yet; please contact the administrator',
  },
  accountDisabled: {
    'zh-CN': '账号已被禁用，请联系管理员',
    'en-US': 'This account is disabled; contact the administrator',
  },
  oldPasswordWrong: { 'zh-CN': '原密码错误', 'en-US': 'The old password is incorrect' },
  codeInvalid: { 'zh-CN': '验证码错误或已过期', 'en-US': 'The verification code is wrong or has expired' },
  codeTooMany: {
    'zh-CN': '该邮箱的验证码发送次数过多，请一小时后再试',
    'en-US': 'Too many codes were sent to this address; try again in an hour',
  },
  codeTooSoon: { 'zh-CN': '验证码发送过于频繁，请稍后再试', 'en-US': 'A code was just sent; please wait a minute' },
  notASeller: { 'zh-CN': '该账号不是业务员', 'en-US': 'This account is not a seller' },
  invitationTaken: { 'zh-CN': '该邀请码已被使用', 'en-US': 'This invitation code is already taken' },
  invitationInvalid: { 'zh-CN': '邀请码无效', 'en-US': 'The invitation code is not valid' },
  resetLinkInvalid: { 'zh-CN': '重置链接无效或已过期', 'en-US': 'The reset link is invalid or has expired' },
  userNotFound: { 'zh-CN': '用户不存在', 'en-US': 'User not found' },
  roleNotFound: { 'zh-CN': '角色不存在', 'en-US': 'Role not found' },
  cannotActAsSelf: { 'zh-CN': '不能代登录自己', 'en-US': 'You cannot act as yourself' },
  lastAdministrator: {
    'zh-CN': '至少要保留一个启用的管理员账号',
    'en-US': 'At least one active administrator must remain',
  },
  roleCodeTaken: { 'zh-CN': '该角色代码已被使用', 'en-US': 'This role code is already taken' },
  builtInRoleCodesFixed: {
    'zh-CN': '内置角色的权限由系统设定，不能修改；请新建角色',
    'en-US': "A built-in role's resource codes are fixed; make a role of your own instead",
  },
  builtInRoleKept: { 'zh-CN': '内置角色不能删除', 'en-US': 'A built-in role cannot be deleted' },
  roleHeld: {
    'zh-CN': '仍有账号拥有该角色，请先收回后再删除',
    'en-US': 'Accounts still hold this role; take it from them first',
  },
  ownerInvalid: {
    'zh-CN': '所属账号须为业务员或代理，且不能是客户自己',
    'en-US': 'The owner must be a seller or a proxy, and not the customer itself',
  },
  emailRegistered: { 'zh-CN': '该邮箱已注册', 'en-US': 'This address is already registered' },
  accountHoldsMoney: {
    'zh-CN': '该账号仍有余额、保证金、押金或待退款，清零后才能删除',
    'en-US': 'The account still holds a balance, earnest, deposit or refund; it can be deleted once they are zero',
  },
  accountLabelInFlight: {
    'zh-CN': '该账号有面单正在购买或取消，完成后才能删除',
    'en-US': 'A label of this account is being bought or cancelled; it can be deleted once that is done',
  },
  accountOwnsCustomers: {
    'zh-CN': '该账号名下仍有客户，请先将他们转给其他账号',
    'en-US': 'Customers are registered under this account; move them to another owner first',
  },
  cannotChangeSelf: { 'zh-CN': '不能修改自己的状态', 'en-US': 'You cannot change your own status' },
  mailCodeSubject: { 'zh-CN': '您的注册验证码', 'en-US': 'Your registration code' },
  mailTakenSubject: { 'zh-CN': '有人尝试用您的邮箱注册', 'en-US': 'Someone tried to register with your address' },
  mailTakenBody: {
    'zh-CN':
      '有人尝试用此邮箱注册新账号，但此邮箱已有账号。如是您本人，请直接登录，忘记密码可在登录页找回；如非本人操作，请忽略此邮件。',
    'en-US':
      'Someone tried to register a new account with this address, which already has one. If it was you, sign in (the sign-in page can reset a forgotten password); if not, ignore this mail.',
  },
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
  databaseUnreachable: { 'zh-CN': '数据库无法连接', 'en-US': 'database unreachable' },
  serverStopping: { 'zh-CN': '服务实例正在停止', 'en-US': 'this instance is stopping' },
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
  smtpNotConfigured: {
    'zh-CN': '尚未设置 SMTP 服务器：请填写主机，或在环境中设置 SMTP_URL',
    'en-US': 'No SMTP server is set: give a host, or set SMTP_URL in the environment',
  },
  mailTestSubject: { 'zh-CN': 'ParcelPort 测试邮件', 'en-US': 'ParcelPort test mail' },
  mailTestBody: {
    'zh-CN': '这是一封测试邮件，经由 {server} 发出。收到即说明邮件设置可用。',
    'en-US': 'This is a test mail, sent through {server}. If it reached you, the mail settings work.',
  },
  registrationClosed: { 'zh-CN': '目前暂停注册新账号', 'en-US': 'Registration is closed at the moment' },
  invitationRequired: {
    'zh-CN': '目前仅接受凭邀请码注册',
    'en-US': 'Registration takes an invitation code at the moment',
  },
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
  colName: { 'zh-CN': '姓名', 'en-US': 'Name' },
  colCompany: { 'zh-CN': '公司', 'en-US': 'Company' },
  colPhone: { 'zh-CN': '电话', 'en-US': 'Phone' },
  colOwner: { 'zh-CN': '所属业务员/代理', 'en-US': 'Seller or proxy' },
  colBalance: { 'zh-CN': '美元余额', 'en-US': 'USD balance' },
  colCreditLimit: { 'zh-CN': '美元信用额度', 'en-US': 'USD credit limit' },
  colActor: { 'zh-CN': '操作人', 'en-US': 'Done by' },
  colSubject: { 'zh-CN': '涉及账号', 'en-US': 'On account' },
  colCall: { 'zh-CN': '请求', 'en-US': 'Call' },
  colActingAs: { 'zh-CN': '代客操作', 'en-US': 'Acting as' },
  colTestLabel: { 'zh-CN': '测试面单', 'en-US': 'Test label' },
  colApiKeyMode: { 'zh-CN': 'API 密钥模式', 'en-US': 'API key mode' },
  colIp: { 'zh-CN': 'IP', 'en-US': 'IP' },
  colSenderAddresses: { 'zh-CN': '发件地址数', 'en-US': 'Sender addresses' },
  colLabels: { 'zh-CN': '面单数', 'en-US': 'Labels' },
  colSpend: { 'zh-CN': '运费合计', 'en-US': 'Spend' },
  colMerchants: { 'zh-CN': '商户数', 'en-US': 'Merchants' },
  colRegisteredAt: { 'zh-CN': '注册时间', 'en-US': 'Registered' },
  accountStatus0: { 'zh-CN': '未激活', 'en-US': 'Not activated' },
  accountStatus1: { 'zh-CN': '正常', 'en-US': 'Active' },
  accountStatus2: { 'zh-CN': '已停用', 'en-US': 'Disabled' },
  fundType11: { 'zh-CN': '代理佣金', 'en-US': 'Proxy commission' },
  fundType12: { 'zh-CN': '保险理赔', 'en-US': 'Insurance claim payout' },
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
  colTime: { 'zh-CN': '时间', 'en-US': 'Time' },
  contactAnswered: { 'zh-CN': '该联系请求已答复', 'en-US': 'This contact request has already been answered' },
  volume_under100: { 'zh-CN': '少于 100 件/月', 'en-US': 'Under 100 a month' },
  volume_100to500: { 'zh-CN': '100-500 件/月', 'en-US': '100-500 a month' },
  volume_500to2000: { 'zh-CN': '500-2,000 件/月', 'en-US': '500-2,000 a month' },
  volume_2000to10000: { 'zh-CN': '2,000-10,000 件/月', 'en-US': '2,000-10,000 a month' },
  volume_over10000: { 'zh-CN': '超过 10,000 件/月', 'en-US': 'Over 10,000 a month' },
  mailContactSubject: { 'zh-CN': '新的联系请求：{name}', 'en-US': 'New contact request: {name}' },
  mailContactBody: {
    'zh-CN':
      '姓名：{firstName} {lastName}\n邮箱：{email}\n电话：{phone}\n月发货量：{volume}\n\n{question}\n\n请在后台“联系请求”中答复。',
    'en-US':
      'Name: {firstName} {lastName}\nEmail: {email}\nPhone: {phone}\nMonthly volume: {volume}\n\n{question}\n\nAnswer it under Contact requests in the back-office.',
  },
  mailContactReplySubject: { 'zh-CN': '关于您的咨询', 'en-US': 'About your question' },
  mailContactReplyBody: {
    'zh-CN': '{name}，您好：\n\n{reply}\n\n—— 您的问题 ——\n{question}',
    'en-US': 'Hello {name},\n\n{reply}\n\n--- Your question ---\n{question}',
  },
  sheetDefault: { 'zh-CN': 'Sheet1', 'en-US': 'Sheet1' },
  sheetTotals: { 'zh-CN': '汇总', 'en-US': 'Totals' },
  sheetDaily: { 'zh-CN': '每日', 'en-US': 'Per day' },
  sheetDailyBySeller: { 'zh-CN': '每日按业务员', 'en-US': 'Per day and seller' },
  sheetSellers: { 'zh-CN': '业务员业绩', 'en-US': 'Sellers' },
  colFigure: { 'zh-CN': '指标', 'en-US': 'Figure' },
  colValue: { 'zh-CN': '数值', 'en-US': 'Value' },
  colDay: { 'zh-CN': '日期 (UTC)', 'en-US': 'Day (UTC)' },
  colSales: { 'zh-CN': '销售额', 'en-US': 'Sales' },
  colSeller: { 'zh-CN': '业务员', 'en-US': 'Seller' },
  colCustomers: { 'zh-CN': '客户数', 'en-US': 'Customers' },
  colActiveCustomers: { 'zh-CN': '下单客户数', 'en-US': 'Customers who bought' },
  figurePeriod: { 'zh-CN': '期间 (UTC)', 'en-US': 'Period (UTC)' },
  figureLabels: { 'zh-CN': '面单数', 'en-US': 'Labels' },
  figureSales: { 'zh-CN': '销售额', 'en-US': 'Sales' },
  figureCustomers: { 'zh-CN': '下单客户数', 'en-US': 'Customers who bought' },
  figureRefunds: { 'zh-CN': '退款', 'en-US': 'Refunds' },
  platformCustomers: { 'zh-CN': '平台直属客户', 'en-US': "The platform's own customers" },
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
  batteryNotAllowed: {
    'zh-CN': '当前模式不可选择该电池状态，请联系业务员',
    'en-US': 'Current mode battery status cannot be selected, contact the salesperson',
  },
  orderNotFound: { 'zh-CN': '订单不存在', 'en-US': 'Order not found' },
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
  returnPayOnUseUnavailable: {
    'zh-CN': '该渠道的承运商不支持扫描后付费，退货面单将在购买时扣费',
    'en-US': "This channel's carrier does not bill returns on use: the return label is charged when bought",
  },
  returnLapsed: { 'zh-CN': '退货面单已过有效期', 'en-US': 'The return label has lapsed' },
  demoScanDemoOnly: {
    'zh-CN': '只有演示渠道的面单可以模拟扫描',
    'en-US': 'Only labels of a demo channel can be scanned by the simulated carrier',
  },
  zipNotFound: { 'zh-CN': '未找到该邮编对应的城市', 'en-US': 'No city is known for this ZIP code' },
  purchaseUnconfirmed: {
    'zh-CN': '承运商尚未确认购买结果，系统将自动核实：已出面单则订单完成，未出则全额退款',
    'en-US':
      'The carrier has not confirmed the purchase; it is checked automatically: completed if the label was issued, refunded in full if not',
  },
  labelFormatUnavailable: {
    'zh-CN': '承运商出具的面单格式为 {issued}，无法以 {format} 下载',
    'en-US': 'The carrier issued this label as {issued}; it cannot be downloaded as {format}',
  },
  noLabelsSelected: {
    'zh-CN': '所选订单都没有已购买的面单',
    'en-US': 'None of the selected orders has a bought label',
  },
  orderStateInvalid: {
    'zh-CN': '订单当前状态不允许此操作',
    'en-US': 'The order cannot do this in its current state',
  },
  orderHeldForReview: {
    'zh-CN': '订单被规则暂扣待审核，放行后才能购买面单',
    'en-US': 'A rule holds this order for review; release it before buying its label',
  },
  orderNotHeld: { 'zh-CN': '订单未被暂扣', 'en-US': 'The order is not held for review' },
  orderChangedMeanwhile: {
    'zh-CN': '订单在购买过程中被修改，请重新核对后再购买',
    'en-US': 'The order was changed while it was being bought; check it and buy again',
  },
  serviceNotAllotted: {
    'zh-CN': '该渠道服务未授权给您',
    'en-US': 'This carrier service is not enabled for your account',
  },
  serviceUnavailable: {
    'zh-CN': '该服务无法承运此订单：{reason}',
    'en-US': 'This service cannot carry the order: {reason}',
  },
  addressUndeliverable: {
    'zh-CN': '收件地址无法投递，未购买面单：{reason}',
    'en-US': 'The recipient address cannot be delivered to; no label was bought: {reason}',
  },
  addressNeedsConfirm: {
    'zh-CN': '收件地址有更正建议：请先确认使用更正后的地址或保留原地址，再购买面单',
    'en-US': 'The recipient address has a correction: use the corrected address or keep yours before buying the label',
  },
  choiceCheapest: {
    'zh-CN': '最便宜：{service}（{total}，{count} 个可用服务中最低，运输 {days} 个工作日，预计 {date} 送达）',
    'en-US':
      'Cheapest: {service} ({total}, the lowest of {count} available services; {days} business days, expected {date})',
  },
  choiceFastest: {
    'zh-CN': '最快：{service}（运输 {days} 个工作日，预计 {date} 送达，{total}）',
    'en-US': 'Fastest: {service} ({days} business days, expected {date}; {total})',
  },
  choiceWithin: {
    'zh-CN': '{within} 天内送达中最便宜：{service}（{total}，运输 {days} 个工作日，预计 {date} 送达）',
    'en-US': 'Cheapest arriving within {within} days: {service} ({total}; {days} business days, expected {date})',
  },
  choiceWithinOverCheaper: {
    'zh-CN':
      '{within} 天内送达中最便宜：{service}（{total}，运输 {days} 个工作日，预计 {date} 送达）；更便宜的 {cheaper}（{cheaperTotal}）需 {cheaperDays} 天',
    'en-US':
      'Cheapest arriving within {within} days: {service} ({total}; {days} business days, expected {date}); the cheaper {cheaper} ({cheaperTotal}) takes {cheaperDays} days',
  },
  choiceCheapestOf: {
    'zh-CN': '{carriers} 中最便宜：{service}（{total}，运输 {days} 个工作日，预计 {date} 送达）',
    'en-US': 'Cheapest of {carriers}: {service} ({total}; {days} business days, expected {date})',
  },
  choiceNoService: { 'zh-CN': '没有可用的服务', 'en-US': 'No service can carry this order' },
  choiceNoTransit: {
    'zh-CN': '没有提供运输时效的可用服务',
    'en-US': 'No available service states its transit time',
  },
  choiceNoneWithin: {
    'zh-CN': '没有可在 {within} 天内送达的可用服务',
    'en-US': 'No available service arrives within {within} days',
  },
  choiceUnmet: { 'zh-CN': '未购买：{reason}', 'en-US': 'Not bought: {reason}' },
  choiceNoneOf: { 'zh-CN': '{carriers} 没有可用的服务', 'en-US': 'No available service of {carriers}' },
  idempotencyInProgress: { 'zh-CN': '相同请求正在处理中', 'en-US': 'The same request is still being processed' },
  idempotencyMismatch: {
    'zh-CN': 'Idempotency-Key「{key}」已用于另一个请求（不同的请求内容、路径参数或接口）',
    'en-US': 'The Idempotency-Key "{key}" was used for a different request (another body, path or operation)',
  },
  idempotencyKeyInvalid: {
    'zh-CN': 'Idempotency-Key 须为 1 到 255 个字符',
    'en-US': 'An Idempotency-Key must be 1 to 255 characters',
  },
  testLabelsUnavailable: {
    'zh-CN':
      '渠道 {channel} 未配置承运商的测试密钥：测试面单不会用正式账户购买。请换用演示渠道，或请管理员添加测试密钥',
    'en-US':
      'The channel {channel} has no test credentials from its carrier, and a test label is never bought with the live account: use a demo channel, or ask the operator to add the test key',
  },
  purchaseFailed: { 'zh-CN': '下单失败：{reason}', 'en-US': 'Label purchase failed: {reason}' },
  trackingNumbersUsedUp: {
    'zh-CN': '{carrier} 运单号已用尽：该格式的 {count} 个序号均已发出，运单号不会重复发出',
    'en-US':
      '{carrier} tracking numbers are used up: all {count} serials of the format have been issued, and a number is never issued twice',
  },
  reason_overWeight: { 'zh-CN': '超过最大重量 {max}', 'en-US': 'over the maximum weight of {max}' },
  reason_overLength: { 'zh-CN': '超过最大长度 {max}', 'en-US': 'longer than the maximum of {max}' },
  reason_overLengthGirth: { 'zh-CN': '长度加周长超过 {max}', 'en-US': 'length plus girth over {max}' },
  reason_noRate: { 'zh-CN': '分区 {zone}、重量 {weight} 无报价', 'en-US': 'no price for zone {zone} at {weight}' },
  reason_noTestCredentials: {
    'zh-CN': '该渠道未配置测试密钥，不能出测试面单',
    'en-US': 'the channel has no test credentials for test labels',
  },
  reason_notQuoted: { 'zh-CN': '承运商未对此服务报价', 'en-US': 'the carrier quoted no price for this service' },
  reason_productNotOffered: {
    'zh-CN': '承运商对此包裹只报该服务所购产品以外的价格：{offered}',
    'en-US': 'the carrier prices only other products than the one this service buys: {offered}',
  },
  reason_notDomestic: { 'zh-CN': '仅支持美国境内寄送', 'en-US': 'ships within the US only' },
  reason_zipUnknown: { 'zh-CN': '邮编无法识别', 'en-US': 'a ZIP code is not known' },
  reason_battery: {
    'zh-CN': '当前模式不可选择该电池状态，请联系业务员',
    'en-US': 'Current mode battery status cannot be selected, contact the salesperson',
  },
  reason_channelPaused: {
    'zh-CN': '渠道暂停使用（连续故障或请求配额已用完），{until} 后恢复',
    'en-US': 'channel paused (repeated failures or its request quota used up) until {until}',
  },
  reason_platformError: { 'zh-CN': '承运商接口错误：{message}', 'en-US': 'carrier error: {message}' },
  event_draft: { 'zh-CN': '创建草稿', 'en-US': 'Draft created' },
  event_placing: { 'zh-CN': '正在下单', 'en-US': 'Placing the order' },
  event_labelCreated: { 'zh-CN': '运单已生成', 'en-US': 'Waybill generated' },
  event_failed: { 'zh-CN': '订单失败', 'en-US': 'Order failed' },
  event_cancelled: { 'zh-CN': '订单已取消', 'en-US': 'Order cancelled' },
  event_cancelRequested: { 'zh-CN': '申请取消', 'en-US': 'Cancellation requested' },
  event_voided: { 'zh-CN': '订单已作废', 'en-US': 'Order invalidated' },
  event_carrierVoidUnasked: {
    'zh-CN': '承运商作废请求未送达，将自动重试',
    'en-US': 'Void not reached the carrier; retried automatically',
  },
  event_carrierVoidPending: {
    'zh-CN': '承运商已受理作废，退款审核中',
    'en-US': 'Void accepted by the carrier; refund under review',
  },
  event_carrierVoidRefunded: { 'zh-CN': '承运商已退款', 'en-US': 'Refunded by the carrier' },
  event_carrierVoidRejected: { 'zh-CN': '承运商拒绝退款', 'en-US': 'Refund refused by the carrier' },
  event_refundAwaitingCarrier: { 'zh-CN': '退款待承运商退款后发放', 'en-US': "Refund follows the carrier's" },
  event_refunded: { 'zh-CN': '已退款', 'en-US': 'Refunded' },
  event_cancelRejected: { 'zh-CN': '取消被驳回', 'en-US': 'Cancellation rejected' },
  event_restored: { 'zh-CN': '撤销取消', 'en-US': 'Cancellation withdrawn' },
  event_backToDraft: { 'zh-CN': '退回草稿', 'en-US': 'Returned to draft' },
  event_holdReleased: { 'zh-CN': '暂扣已放行', 'en-US': 'Released from review hold' },
  event_billed: { 'zh-CN': '承运商账单已结算', 'en-US': 'Carrier bill settled' },
  event_earnestReleased: { 'zh-CN': '临时保证金已释放', 'en-US': 'Temporary deposit released' },
  event_reviewRejected: { 'zh-CN': '审核驳回', 'en-US': 'Rejected in review' },
  event_reviewApproved: { 'zh-CN': '审核通过', 'en-US': 'Approved in review' },
  event_received: { 'zh-CN': '已揽收', 'en-US': 'Received' },
  event_inTransit: { 'zh-CN': '运输中', 'en-US': 'In transit' },
  event_delivered: { 'zh-CN': '包裹已签收', 'en-US': 'Package delivered' },
  event_returnCreated: { 'zh-CN': '创建退货面单草稿', 'en-US': 'Return label drafted' },
  event_returnUsed: { 'zh-CN': '退货面单首次扫描，已扣费', 'en-US': 'Return label first scanned and charged' },
  event_returnLapsed: { 'zh-CN': '退货面单未使用，已过期', 'en-US': 'Return label lapsed unused' },
  orderIncomplete: {
    'zh-CN': '订单尚未填写完整，请先补全：{fields}',
    'en-US': 'The order is not complete yet; fill in: {fields}',
  },
  addressNotLatin: {
    'zh-CN': '承运商只接受拉丁字母（英文或拼音），请改写：{fields}',
    'en-US': 'Carriers need Latin letters (English or pinyin); rewrite: {fields}',
  },
  avatarNotImage: {
    'zh-CN': '头像须为你本人上传的图片（不超过 500KB）',
    'en-US': 'The avatar must be an image you uploaded (500KB at most)',
  },
  noLabelIssued: {
    'zh-CN': '承运商未出面单（已由工作人员核实），全额退款',
    'en-US': 'No label was issued by the carrier (checked by staff); refunded in full',
  },
  trackingNumbersPerParcel: { 'zh-CN': '请为每个包裹填写一个运单号', 'en-US': 'Enter one tracking number per parcel' },
  labelNotAtCarrier: {
    'zh-CN': '承运商处找不到这些运单号的面单',
    'en-US': 'The carrier has no label under these tracking numbers',
  },
  carrierUnreachable: {
    'zh-CN': '承运商暂时无法访问：{message}',
    'en-US': 'The carrier cannot be reached now: {message}',
  },
  pickupFailed: {
    'zh-CN': '渠道 {channel} 的承运商未能处理上门取件：{message}',
    'en-US': 'The carrier of channel {channel} could not handle the pickup: {message}',
  },
  pickupNoLabels: {
    'zh-CN': '该渠道当天没有可取件的面单',
    'en-US': 'This channel has no labels of that day to pick up',
  },
  pickupNotOffered: {
    'zh-CN': '该渠道的承运商不支持在此预约上门取件',
    'en-US': "This channel's carrier takes no pickups booked here",
  },
  pickupPending: {
    'zh-CN':
      '已于 {since} 向渠道 {channel} 的承运商预约这一天的上门取件，结果尚未确认：确认前不会再次预约，以免承运商来两次。请稍后查看取件列表。',
    'en-US':
      'The carrier of channel {channel} was asked at {since} for a pickup on this day and its answer is not confirmed yet: no second booking is sent until it is, so that the carrier does not come twice. Look at your pickups again in a few minutes.',
  },
  msgPickupUnknownTitle: {
    'zh-CN': '渠道 {channel} 的上门取件预约结果未知',
    'en-US': 'The pickup booked with channel {channel} may or may not exist',
  },
  msgPickupUnknownBody: {
    'zh-CN':
      '{since} 向渠道 {channel} 的承运商预约 {date} 的上门取件时回复丢失，承运商不提供查询，无法确认是否已预约。为避免重复预约，该商户这一天不会再次预约。请向承运商核实后处理：登记确认号，或标记为未预约以便重新预约。',
    'en-US':
      'The answer of the carrier of channel {channel} to the pickup for {date} booked at {since} was lost, and the carrier cannot be asked whether it booked it. So that it is not booked twice, the merchant cannot book that day again. Look it up with the carrier, then settle it: record its confirmation number, or mark it not booked so the day can be booked again.',
  },
  pickupSettled: {
    'zh-CN': '该上门取件预约已处理过，不能再次处理',
    'en-US': 'This pickup booking has been settled already',
  },
  msgPickupSettledTitle: {
    'zh-CN': '渠道 {channel} 的上门取件预约已由工作人员处理',
    'en-US': 'Staff settled the pickup booked with channel {channel}',
  },
  msgPickupRecordedBody: {
    'zh-CN':
      '{since} 预约的 {date} 上门取件回复丢失，工作人员已向承运商核实预约成功，确认号 {confirmationNo}，取件费 {fee} 已从余额扣除。',
    'en-US':
      'The answer to the pickup for {date} booked at {since} was lost; staff confirmed it with the carrier under confirmation number {confirmationNo}. Its fee of {fee} was taken from your wallet.',
  },
  msgPickupReleasedBody: {
    'zh-CN': '{since} 预约的 {date} 上门取件回复丢失，工作人员已向承运商核实未预约成功。您可以重新预约这一天的取件。',
    'en-US':
      'The answer to the pickup for {date} booked at {since} was lost; staff found with the carrier that it was not booked. You can book that day again.',
  },
  pickupNotFound: { 'zh-CN': '找不到该上门取件', 'en-US': 'No such pickup' },
  pickupNotScheduled: { 'zh-CN': '该上门取件已取消', 'en-US': 'This pickup is already cancelled' },
  savedViewNotFound: { 'zh-CN': '找不到该视图', 'en-US': 'No such view' },
  carrierFormFailed: {
    'zh-CN': '渠道 {channel} 的承运商未能生成交运单（SCAN form）：{message}',
    'en-US': 'The carrier of channel {channel} could not make its acceptance form (SCAN form): {message}',
  },
  carrierFormPending: {
    'zh-CN':
      '已于 {since} 向渠道 {channel} 的承运商申请其中部分面单的交运单（SCAN form），结果尚未确认：再次申请前会先向承运商查询是否已生成。请几分钟后再试。',
    'en-US':
      'The carrier of channel {channel} was asked at {since} for the acceptance form (SCAN form) of some of these labels and its answer is not known yet: it is asked whether it made the form before they are sent again. Try again in a few minutes.',
  },
  carrierFormUnknown: {
    'zh-CN':
      '已于 {since} 向渠道 {channel} 的承运商申请其中部分面单的交运单（SCAN form），但回复丢失，且无法向承运商查询是否已生成，因此这些面单不会再次申请交运单。已通知工作人员；这些包裹可不带交运单交寄（逐件扫描），或在清单中去掉它们。',
    'en-US':
      'The carrier of channel {channel} was asked at {since} for the acceptance form (SCAN form) of some of these labels and its answer was lost; it cannot be asked whether it made the form, so they are not sent for another one. Staff have been told. The parcels can be handed over without a form (each scanned on its own), or left out of the manifest.',
  },
  msgCarrierFormUnknownTitle: {
    'zh-CN': '渠道 {channel} 的交运单（SCAN form）结果未知',
    'en-US': 'The acceptance form (SCAN form) of channel {channel} may or may not exist',
  },
  msgCarrierFormUnknownBody: {
    'zh-CN':
      '{since} 向渠道 {channel} 的承运商申请交运单（SCAN form）时回复丢失，承运商不提供查询，无法确认是否已生成。为避免同一批面单生成第二张交运单，这些面单不会再次申请：{trackingNumbers}。包裹可不带交运单交寄（逐件扫描）。请向 USPS 核实后在“渠道管理 - 渠道服务 - 结果未知的交运单”中处理：登记交运单号，或释放面单以重新申请。',
    'en-US':
      'The answer of the carrier of channel {channel} to the acceptance form (SCAN form) asked for at {since} was lost, and the carrier cannot be asked whether it made it. So that no second form is made for the same labels, these are not sent for another one: {trackingNumbers}. Their parcels can be handed over without a form, each scanned on its own. Look the labels up with USPS, then settle the form under Carriers → Carrier services → SCAN forms with an unknown outcome: record its number, or release the labels for a new form.',
  },
  carrierFormSettled: {
    'zh-CN': '这张交运单（SCAN form）已处理过，不能再次处理',
    'en-US': 'This acceptance form (SCAN form) has been settled already',
  },
  msgCarrierFormSettledTitle: {
    'zh-CN': '渠道 {channel} 的交运单（SCAN form）已由工作人员处理',
    'en-US': 'Staff settled the acceptance form (SCAN form) of channel {channel}',
  },
  msgCarrierFormRecordedBody: {
    'zh-CN':
      '{since} 申请的交运单回复丢失，工作人员已向承运商核实，登记交运单号 {formNumber}。重新生成清单时会附上这张交运单：{trackingNumbers}。',
    'en-US':
      'The answer to the acceptance form asked for at {since} was lost; staff obtained it from the carrier and recorded form {formNumber}. Your manifest now carries it: {trackingNumbers}.',
  },
  msgCarrierFormReleasedBody: {
    'zh-CN':
      '{since} 申请的交运单回复丢失，工作人员已向承运商核实未生成交运单。重新生成清单时会为这些面单申请新的交运单：{trackingNumbers}。',
    'en-US':
      'The answer to the acceptance form asked for at {since} was lost; staff found with the carrier that no form was made. Your next manifest asks for a new form for these labels: {trackingNumbers}.',
  },
  msgPurchaseUnconfirmedTitle: {
    'zh-CN': '订单 {orderNo} 的购买待人工确认',
    'en-US': 'The purchase of order {orderNo} waits for you to confirm it',
  },
  msgPurchaseUnconfirmedBody: {
    'zh-CN':
      '订单 {orderNo} 在渠道 {channel} 下单时中断，承运商无法按订单号查询是否已出面单。请在承运商账户中按参考号 {orderNo} 查找面单，然后在“维护 - 未结款项 - 待确认购买”中填写找到的运单号，或确认未出面单以全额退款。',
    'en-US':
      'The purchase of order {orderNo} on channel {channel} was cut off, and the carrier cannot be asked by order number whether it issued a label. Look up reference {orderNo} in the carrier account, then under Maintenance → Money still out → Purchases to confirm enter the tracking numbers found, or confirm that no label was issued to refund it in full.',
  },
  msgLabelNotVoidedTitle: {
    'zh-CN': '订单 {orderNo} 的面单未能在承运商处作废',
    'en-US': 'The label of order {orderNo} was not voided at the carrier',
  },
  msgLabelNotVoidedBody: {
    'zh-CN':
      '渠道 {channel} 为订单 {orderNo} 买下的面单无人付款（订单已退款），但承运商未能作废（{message}）。请在承运商账户中手动作废，运单号见 API 日志中该订单号的作废记录；否则运营方可能被承运商计费。',
    'en-US':
      'A label bought on channel {channel} for order {orderNo} is paid by nobody (the order was refunded), and the carrier did not void it ({message}). Void it by hand in the carrier account (its tracking numbers are in the API log under the order number), or the operator may be billed for it.',
  },
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
  purchaseSettling: {
    'zh-CN': '该订单被中断的下单仍在确认中，稍后自动继续',
    'en-US': 'An interrupted purchase of this order is being settled; the item goes on by itself',
  },
  channelPaused: {
    'zh-CN': '渠道 {channel} 暂停使用（连续故障或请求配额已用完），请在 {until} 后重试',
    'en-US': 'Channel {channel} is paused (repeated failures or its request quota used up); try again after {until}',
  },
  msgOrderVoidPendingTitle: { 'zh-CN': '订单已作废，退款处理中', 'en-US': 'Order voided; refund on its way' },
  msgOrderVoidPendingBody: {
    'zh-CN': '订单 {orderNo} 的取消申请已通过，承运商退款后将自动退还 {amount} USD。',
    'en-US':
      'The cancellation of order {orderNo} was approved; {amount} USD is refunded as soon as the carrier refunds the label.',
  },
  labelVoidedAtCarrier: {
    'zh-CN': '该面单已在承运商处作废，无法撤销取消',
    'en-US': 'The label is voided at the carrier; the cancellation cannot be withdrawn',
  },
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
  sheetUnreadable: { 'zh-CN': '文件不是可读取的表格', 'en-US': 'The file is not a readable spreadsheet' },
  mappingInvalid: {
    'zh-CN': '列映射应为 JSON：字段 → 表头',
    'en-US': 'The column mapping must be JSON of field → header',
  },
  sheetTooLarge: { 'zh-CN': '表格文件不能超过 20MB', 'en-US': 'The spreadsheet cannot exceed 20 MB' },
  billColumnMissing: {
    'zh-CN': '文件中没有对应此项的列，请选择映射的表头',
    'en-US': 'No column of the file holds this; pick the header it is under',
  },
  billHasErrors: {
    'zh-CN': '账单有无法读取的行，请修正文件后重新上传',
    'en-US': 'The bill has rows that could not be read; fix the file and upload it again',
  },
  billLineNotDisputable: {
    'zh-CN': '只能对已入账且产生扣款、尚未申诉的账单行提出申诉',
    'en-US': 'Only a posted line that charged you, not disputed yet, can be disputed',
  },
  disputeNotOpen: { 'zh-CN': '该申诉已处理', 'en-US': 'This dispute has been decided already' },
  billLineNotVoided: {
    'zh-CN': '只能处理计在已作废面单上、尚未处理的账单行',
    'en-US': 'Only a line billed on a voided label, not decided yet, can be charged or written off',
  },
  billLineMerchantNotRefunded: {
    'zh-CN': '该面单的退款尚未退给客户，客户仍在为面单付费：待退款后再向客户收取',
    'en-US': 'The merchant has not been refunded for this voided label yet and still pays for it: charge once refunded',
  },
  billDisputeSubject: { 'zh-CN': '账单补扣申诉：{trackingNo}', 'en-US': 'Bill deduction dispute: {trackingNo}' },
  billDisputeEvidence: {
    'zh-CN':
      '运单号 {trackingNo}\n申报：{declared}\n承运商测量：{billed}\n补扣 {charged} 美元，罚款 {penalty} 美元\n承运商原因：{reason}',
    'en-US':
      'Tracking number {trackingNo}\nDeclared: {declared}\nMeasured by the carrier: {billed}\nCharged {charged} USD, penalty {penalty} USD\nCarrier reason: {reason}',
  },
  msgBillDisputeAcceptedTitle: { 'zh-CN': '账单申诉已通过', 'en-US': 'Bill dispute accepted' },
  msgBillDisputeAcceptedBody: {
    'zh-CN': '运单 {trackingNo} 的补扣申诉已通过，已退回 {amount} 美元，未扣部分已免除。{answer}',
    'en-US': 'Your dispute of {trackingNo} was accepted: {amount} USD given back and anything owed forgiven. {answer}',
  },
  msgBillVoidedChargedTitle: { 'zh-CN': '已作废面单被承运商计费', 'en-US': 'A voided label was billed by the carrier' },
  msgBillVoidedChargedBody: {
    'zh-CN':
      '订单 {orderNo}（运单 {trackingNo}）作废后仍被承运商计费，已扣 {charged} 美元，未扣 {owed} 美元。如有异议，可在资金明细中对该补扣提出申诉。',
    'en-US':
      'Order {orderNo} ({trackingNo}) was billed by the carrier after its label was voided: {charged} USD charged, {owed} USD owed. You can dispute the deduction from your fund details.',
  },
  msgBillDisputeRejectedTitle: { 'zh-CN': '账单申诉未通过', 'en-US': 'Bill dispute rejected' },
  msgBillDisputeRejectedBody: {
    'zh-CN': '运单 {trackingNo} 的补扣申诉未通过：{answer}',
    'en-US': 'Your dispute of {trackingNo} was rejected: {answer}',
  },
  billLineBusy: {
    'zh-CN': '该订单正被其他账单行同时入账，请稍后再入账一次',
    'en-US': 'Other bill lines of this order were posting at the same time; post the bill once more',
  },
  billReportsUnsupported: {
    'zh-CN': '该渠道的承运商不提供账单报告，请上传账单文件',
    'en-US': "This channel's carrier makes no bill on request: upload its bill file",
  },
  billReportSpan: {
    'zh-CN': '结束日期不能早于开始日期，且一次最多 31 天',
    'en-US': 'The last day must not be before the first, and a report covers at most 31 days',
  },
  billReportNotMade: {
    'zh-CN': '承运商一天内未生成该账单报告',
    'en-US': 'The carrier did not make the report within a day',
  },
  billReportLost: {
    'zh-CN': '请求账单报告时承运商的回复丢失，且承运商处没有找到此后生成的该时段报告：可以重新请求',
    'en-US':
      "The carrier's answer to the request was lost and it has no report of this span made since: it may be asked again",
  },
  billReportLookingUp: {
    'zh-CN':
      '上次向承运商（{channel}）请求该时段账单时回复丢失，正在向承运商查询是否已生成：查到前不会再次请求。请几分钟后再试。',
    'en-US':
      'The answer of the carrier ({channel}) to the last request for this span was lost, and it is being asked whether it made the report: it is not asked again until then. Try again in a few minutes.',
  },
  billReportFuture: { 'zh-CN': '不能晚于今天', 'en-US': 'Must not be after today' },
  billReportFailed: {
    'zh-CN': '承运商未接受账单请求（{channel}）：{message}',
    'en-US': 'The carrier did not take the request for its bill ({channel}): {message}',
  },
  billsPlatformOnly: {
    'zh-CN': '承运商账单涉及所有客户，仅平台管理人员可以处理',
    'en-US': "A carrier's bill touches every merchant: only platform-wide staff handle it",
  },
  ruleNotFound: { 'zh-CN': '价格规则不存在', 'en-US': 'Price rule not found' },
  notWhileActing: {
    'zh-CN': '代登录期间不能进行此操作，只能由账号本人操作',
    'en-US': 'Not while acting as this user: only the account holder may do this',
  },
  apiKeyNotAllowed: {
    'zh-CN': '此操作需要登录，不能使用 API 密钥',
    'en-US': 'This call needs a signed-in user, not an API key',
  },
  apiKeyReadOnly: {
    'zh-CN': '此 API 密钥为只读，不能进行修改操作',
    'en-US': 'This API key may only read; it cannot change anything',
  },
  apiKeyArea: {
    'zh-CN': '此 API 密钥不能调用“{area}”范围的接口',
    'en-US': 'This API key may not call the {area} area',
  },
  apiKeyAddress: {
    'zh-CN': '此 API 密钥不允许从 {ip} 调用',
    'en-US': 'This API key may not be used from {ip}',
  },
  apiKeyTestMode: {
    'zh-CN': '测试 API 密钥没有资金：钱包、流水、充值和账单只能使用正式密钥',
    'en-US': 'A test API key has no money: the wallet, ledger, top-ups and bills take a live key',
  },
  testOrderNeedsTestKey: {
    'zh-CN': '正式 API 密钥只能创建正式订单，测试订单请使用测试密钥（pp_test_…）',
    'en-US': 'A live API key makes live orders only; make test orders with a test key (pp_test_…)',
  },
  testEndpointNeedsTestKey: {
    'zh-CN': '正式 API 密钥只能注册正式 Webhook 端点，测试端点请使用测试密钥（pp_test_…）',
    'en-US': 'A live API key registers live webhook endpoints only; register test ones with a test key (pp_test_…)',
  },
  apiKeyRolled: {
    'zh-CN': '此 API 密钥已轮换，请轮换新的密钥',
    'en-US': 'This API key has been rolled already; roll its successor instead',
  },
  apiKeyLimit: { 'zh-CN': '最多可保留 {max} 个有效的 API 密钥', 'en-US': 'You can keep at most {max} live API keys' },
  attachmentNotFound: { 'zh-CN': '附件不存在，请重新上传', 'en-US': 'Attachment not found; upload it again' },
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
  claimType_lost: { 'zh-CN': '丢件', 'en-US': 'Lost' },
  claimType_damaged: { 'zh-CN': '破损', 'en-US': 'Damaged' },
  claimType_deliveredNotReceived: { 'zh-CN': '显示签收但未收到', 'en-US': 'Delivered, not received' },
  claimStatus_submitted: { 'zh-CN': '已提交', 'en-US': 'Submitted' },
  claimStatus_inReview: { 'zh-CN': '审核中', 'en-US': 'In review' },
  claimStatus_approved: { 'zh-CN': '已批准', 'en-US': 'Approved' },
  claimStatus_partlyApproved: { 'zh-CN': '部分批准', 'en-US': 'Partly approved' },
  claimStatus_rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
  claimStatus_paid: { 'zh-CN': '已赔付', 'en-US': 'Paid' },
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
  msgUnusedLabelWarnTitle: { 'zh-CN': '未使用面单即将作废', 'en-US': 'Unused label to be voided' },
  msgUnusedLabelWarnBody: {
    'zh-CN':
      '订单 {orderNo} 的面单自 {createdAt} 起未被扫描，将于 {voidOn} 起自动作废并退款。如需保留，请在“未使用面单”设置中关闭自动作废。',
    'en-US':
      'The label of order {orderNo}, made {createdAt}, was never scanned; it will be voided and refunded from {voidOn}. To keep it, switch off the automatic void under unused labels.',
  },
  msgUnusedLabelVoidedTitle: { 'zh-CN': '未使用面单已作废', 'en-US': 'Unused label voided' },
  msgUnusedLabelVoidedBody: {
    'zh-CN': '订单 {orderNo} 的面单 {days} 天未被扫描，已自动作废，已退款 {amount} USD。',
    'en-US': 'The label of order {orderNo} was not scanned for {days} days and was voided; {amount} USD refunded.',
  },
  msgUnusedLabelVoidPendingBody: {
    'zh-CN': '订单 {orderNo} 的面单 {days} 天未被扫描，已自动作废，承运商退款后将退还 {amount} USD。',
    'en-US':
      'The label of order {orderNo} was not scanned for {days} days and was voided; {amount} USD will be refunded once the carrier refunds it.',
  },
  workOrderNotOpen: {
    'zh-CN': '工单已关闭或已取消，重新打开后才能回复',
    'en-US': 'The work order is closed or cancelled; reopen it to reply',
  },
  workOrderStateInvalid: {
    'zh-CN': '工单当前状态不允许此操作',
    'en-US': 'The work order is not in a state that allows this',
  },
  msgWorkOrderReplyTitle: { 'zh-CN': '工单 {ticketNo} 有新回复', 'en-US': 'New reply on work order {ticketNo}' },
  msgWorkOrderReplyBody: {
    'zh-CN': '客服已回复您的工单 {ticketNo}「{subject}」，请前往工单管理查看。',
    'en-US': 'Customer service replied to your work order {ticketNo} "{subject}". See Work orders.',
  },
  titleTaken: { 'zh-CN': '该标题已在地址簿中使用', 'en-US': 'This title is already used in your address book' },
  templateNameTaken: { 'zh-CN': '已有同名的包裹模板', 'en-US': 'A package template with this name already exists' },
  tagNameTaken: { 'zh-CN': '已有同名的标签', 'en-US': 'A tag with this name already exists' },
  tagNotFound: { 'zh-CN': '没有这个标签', 'en-US': 'No such tag' },
  skuTaken: { 'zh-CN': '已有相同 SKU 的商品', 'en-US': 'A product with this SKU already exists' },
  templateNotFound: { 'zh-CN': '没有这个包裹模板', 'en-US': 'No such package template' },
  storeNotFound: { 'zh-CN': '没有这个店铺', 'en-US': 'No such store' },
  rulesIncomplete: { 'zh-CN': '请按新顺序列出每一条规则', 'en-US': 'List every one of your rules, in the new order' },
  zoneFeeShort: {
    'zh-CN': '余额不足：每次分区查询收费 {fee} 美元，请先充值',
    'en-US': 'Insufficient funds: each zone query costs {fee} USD; please top up first',
  },
  manifestEmpty: { 'zh-CN': '所选范围内没有已出单的包裹', 'en-US': 'No labelled parcels in the selection' },
  colOrderNo: { 'zh-CN': '订单号', 'en-US': 'Order no.' },
  colTracking: { 'zh-CN': '跟踪号', 'en-US': 'Tracking no.' },
  colService: { 'zh-CN': '渠道服务', 'en-US': 'Service' },
  colRate: { 'zh-CN': '运费', 'en-US': 'Postage' },
  colInsurance: { 'zh-CN': '保险费', 'en-US': 'Insurance' },
  colRecipient: { 'zh-CN': '收件人', 'en-US': 'Recipient' },
  colToAddress: { 'zh-CN': '收件地址', 'en-US': 'Recipient address' },
  colToZip: { 'zh-CN': '收件邮编', 'en-US': 'Recipient ZIP' },
  colParcels: { 'zh-CN': '包裹数', 'en-US': 'Parcels' },
  colBatchNo: { 'zh-CN': '批次号', 'en-US': 'Batch no.' },
  colLabelCreatedAt: { 'zh-CN': '出单时间', 'en-US': 'Label created' },
  orderStatus0: { 'zh-CN': '草稿', 'en-US': 'Draft' },
  orderStatus1: { 'zh-CN': '待转运', 'en-US': 'Pending transport' },
  orderStatus2: { 'zh-CN': '转运中', 'en-US': 'In transit' },
  orderStatus3: { 'zh-CN': '已签收', 'en-US': 'Delivered' },
  orderStatus4: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
  orderStatus5: { 'zh-CN': '失败', 'en-US': 'Failed' },
  orderStatus6: { 'zh-CN': '取消中', 'en-US': 'Cancelling' },
  orderStatus7: { 'zh-CN': '准备入网', 'en-US': 'Preparing' },
  orderStatus15: { 'zh-CN': '已作废', 'en-US': 'Voided' },
  orderStatus16: { 'zh-CN': '已拒绝/取消', 'en-US': 'Rejected or cancelled' },
  orderStatus17: { 'zh-CN': '下单中', 'en-US': 'Placing' },
  orderStatus18: { 'zh-CN': '预报成功', 'en-US': 'Forecast successful' },
  importColumnMissing: {
    'zh-CN': '表格缺少此列（可在导入时指定列对应关系）',
    'en-US': 'The sheet has no such column (map one when importing)',
  },
  importNotes: {
    'zh-CN':
      '每行一个包裹；“订单分组”相同的行合并为一个多包裹订单（订单信息取第一行）。\n必填：收件人、收件地址1、收件城市、收件州、收件邮编、长、宽、高；发件信息同样必填。\n重量默认 1，单位默认 lb / in；选择 kg 或 cm 时单位为 kg / cm。\n保险申报价值超过 100 美元收取保险费，单件最高 50,000 美元。\n电池类型：none、lithiumIonInstalledInDevice、lithiumIonPackedWithDevice 等。',
    'en-US':
      'One row per parcel; rows with the same "Order group" make one order with several parcels (order fields are read from its first row).\nRequired: recipient name, address 1, city, state, ZIP, length, width, height, and the same for the sender.\nWeight defaults to 1, units to lb / in; kg or cm means kg / cm.\nDeclared values above 100 USD are insured for a premium, at most 50,000 USD per parcel.\nBattery type: none, lithiumIonInstalledInDevice, lithiumIonPackedWithDevice, …',
  },
  tracking0: { 'zh-CN': '查询不到', 'en-US': 'Not found' },
  tracking1: { 'zh-CN': '已收到信息', 'en-US': 'Information received' },
  tracking2: { 'zh-CN': '运输途中', 'en-US': 'In transit' },
  tracking3: { 'zh-CN': '到达待取', 'en-US': 'Arrived for pickup' },
  tracking4: { 'zh-CN': '派送途中', 'en-US': 'Out for delivery' },
  tracking5: { 'zh-CN': '投递失败', 'en-US': 'Delivery failed' },
  tracking6: { 'zh-CN': '成功签收', 'en-US': 'Delivered' },
  tracking7: { 'zh-CN': '可能异常', 'en-US': 'Possible exception' },
  tracking8: { 'zh-CN': '运输过久', 'en-US': 'Transit too long' },
  mailTrackingSubject: { 'zh-CN': '物流更新 {trackingNo}：{state}', 'en-US': 'Tracking update {trackingNo}: {state}' },
  mailTrackingBody: {
    'zh-CN': '包裹 {trackingNo} 状态：{state}\n{description}\n地点：{location}\n时间：{time}',
    'en-US': 'Parcel {trackingNo} is now: {state}\n{description}\nWhere: {location}\nWhen: {time}',
  },
  trackPageTitle: { 'zh-CN': '包裹追踪', 'en-US': 'Parcel tracking' },
  trackPageLabelCreated: { 'zh-CN': '面单已创建，等待承运商揽收', 'en-US': 'Label created, waiting for the carrier' },
  trackPageStatus: { 'zh-CN': '当前状态', 'en-US': 'Status' },
  trackPageCarrier: { 'zh-CN': '承运商', 'en-US': 'Carrier' },
  trackPageTrackingNo: { 'zh-CN': '运单号', 'en-US': 'Tracking number' },
  trackPageDestination: { 'zh-CN': '寄往', 'en-US': 'Shipping to' },
  trackPageExpected: { 'zh-CN': '预计送达', 'en-US': 'Expected delivery' },
  trackPageTimeline: { 'zh-CN': '物流轨迹', 'en-US': 'Timeline' },
  trackPageNoEvents: {
    'zh-CN': '承运商尚未扫描该包裹，请稍后再来查看。',
    'en-US': 'The carrier has not scanned the parcel yet; check back later.',
  },
  trackPageSupport: { 'zh-CN': '联系客服', 'en-US': 'Need help?' },
  trackPageNotFoundTitle: { 'zh-CN': '找不到该追踪页面', 'en-US': 'Tracking page not found' },
  trackPageNotFoundBody: {
    'zh-CN': '请检查链接是否完整，或联系发货商家。',
    'en-US': 'Check that the link is complete, or ask the shop that sent the parcel.',
  },
  noticeShippedSubject: {
    'zh-CN': '{brandName}：您的包裹已发出（{trackingNo}）',
    'en-US': '{brandName}: your parcel is on its way ({trackingNo})',
  },
  noticeShippedBody: {
    'zh-CN':
      '您好，\n\n您的包裹已由 {carrier} 揽收，正寄往 {city}。\n运单号：{trackingNo}\n预计送达：{expectedDelivery}\n\n查看物流：{trackingUrl}\n\n{brandName}',
    'en-US':
      'Hello,\n\nYour parcel was picked up by {carrier} and is on its way to {city}.\nTracking number: {trackingNo}\nExpected delivery: {expectedDelivery}\n\nFollow it here: {trackingUrl}\n\n{brandName}',
  },
  noticeOutForDeliverySubject: {
    'zh-CN': '{brandName}：您的包裹正在派送（{trackingNo}）',
    'en-US': '{brandName}: your parcel is out for delivery ({trackingNo})',
  },
  noticeOutForDeliveryBody: {
    'zh-CN': '您好，\n\n您的包裹今天正在派送中，请留意收件。\n\n查看物流：{trackingUrl}\n\n{brandName}',
    'en-US': 'Hello,\n\nYour parcel is out for delivery today.\n\nFollow it here: {trackingUrl}\n\n{brandName}',
  },
  noticeDeliveredSubject: {
    'zh-CN': '{brandName}：您的包裹已送达（{trackingNo}）',
    'en-US': '{brandName}: your parcel was delivered ({trackingNo})',
  },
  noticeDeliveredBody: {
    'zh-CN':
      '您好，\n\n您的包裹已送达。如有任何问题，请联系 {supportEmail}。\n\n查看物流：{trackingUrl}\n\n{brandName}',
    'en-US':
      'Hello,\n\nYour parcel was delivered. If anything is wrong, write to {supportEmail}.\n\nDetails: {trackingUrl}\n\n{brandName}',
  },
  noticeExceptionSubject: {
    'zh-CN': '{brandName}：您的包裹派送遇到问题（{trackingNo}）',
    'en-US': '{brandName}: a problem with your parcel ({trackingNo})',
  },
  noticeExceptionBody: {
    'zh-CN':
      '您好，\n\n承运商报告您的包裹出现问题：{status}。我们正在跟进，如需帮助请联系 {supportEmail}。\n\n查看物流：{trackingUrl}\n\n{brandName}',
    'en-US':
      'Hello,\n\nThe carrier reports a problem with your parcel: {status}. We are following it up; for help write to {supportEmail}.\n\nDetails: {trackingUrl}\n\n{brandName}',
  },
  noticePlaceholderUnknown: {
    'zh-CN': '模板中有不存在的占位符',
    'en-US': 'The template names a placeholder that does not exist',
  },
  logoNotFound: { 'zh-CN': '找不到该 Logo 文件，请重新上传', 'en-US': 'The logo file was not found; upload it again' },
  logoNotImage: {
    'zh-CN': 'Logo 须为图片（PNG、JPEG、GIF 或 WebP）',
    'en-US': 'A logo must be an image (PNG, JPEG, GIF or WebP)',
  },
  trackingNotYours: { 'zh-CN': '该跟踪号不属于您的订单', 'en-US': 'This tracking number is not on one of your orders' },
  webhookSignature: { 'zh-CN': '签名无效', 'en-US': 'Invalid signature' },
  webhookBody: { 'zh-CN': '请求体必须是 JSON 对象', 'en-US': 'The body must be a JSON object' },
  webhookTargetRefused: {
    'zh-CN': 'Webhook 地址须为公网 http(s) 地址，不接受本机、内网、链路本地或组播地址',
    'en-US':
      'The webhook URL must be a public http(s) address: loopback, private, link-local and multicast addresses are refused',
  },
  webhookEndpointLimit: {
    'zh-CN': '最多可登记 {max} 个 Webhook 端点',
    'en-US': 'You can register at most {max} webhook endpoints',
  },
  webhookEndpointOff: {
    'zh-CN': '该 Webhook 端点已停用，请先启用再重发',
    'en-US': 'This webhook endpoint is off: switch it on before sending again',
  },
  webhookDisabledTitle: { 'zh-CN': 'Webhook 端点已停用', 'en-US': 'Webhook endpoint switched off' },
  webhookDisabledContent: {
    'zh-CN':
      '发往 {url} 的 Webhook 连续失败（一条消息 {attempts} 次尝试、3 天以上均未成功），该端点已被停用。请修复后在“API 设置”中重新启用，并可重发失败的消息。',
    'en-US':
      'Deliveries to {url} kept failing (all {attempts} attempts of a message over more than 3 days), so the endpoint was switched off. Fix it, switch it on again under API settings, and replay the failed deliveries.',
  },
  webhookTargetUnresolved: { 'zh-CN': '无法解析该 Webhook 主机名', 'en-US': 'The webhook host name does not resolve' },
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
  shopifyNotConfigured: {
    'zh-CN': '平台尚未配置 Shopify 应用，请联系管理员',
    'en-US': 'The platform has no Shopify app set up yet; please contact the administrator',
  },
  storeTaken: {
    'zh-CN': '该店铺已被另一个账号连接',
    'en-US': 'This store is already connected to another account',
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
  // Team members (issue 30, modules/team).
  memberNotAllowed: {
    'zh-CN': '您的成员权限不包括此操作（需要“{permission}”）',
    'en-US': 'Your member permissions do not include this ({permission} is needed)',
  },
  memberOwnerOnly: {
    'zh-CN': '只有账号所有者可以进行此操作',
    'en-US': 'Only the account owner may do this',
  },
  memberNotFound: { 'zh-CN': '成员不存在', 'en-US': 'Member not found' },
  memberEmailTaken: {
    'zh-CN': '该邮箱已有账号，请使用其他邮箱邀请',
    'en-US': 'This address already has an account; invite another address',
  },
  memberAlreadyAccepted: { 'zh-CN': '该成员已接受邀请', 'en-US': 'This member has already accepted' },
  memberLimit: { 'zh-CN': '成员数量已达上限（{max}）', 'en-US': 'The team is full ({max} members)' },
  teamInvitationInvalid: {
    'zh-CN': '邀请链接无效或已过期，请让账号所有者重新发送',
    'en-US': 'The invitation link is invalid or expired; ask the account owner to send it again',
  },
  mailInviteSubject: {
    'zh-CN': '{merchant} 邀请您加入 ParcelPort 团队',
    'en-US': '{merchant} invites you to their ParcelPort team',
  },
  mailInviteBody: {
    'zh-CN':
      '{merchant} 邀请您作为团队成员使用其 ParcelPort 账号。请在 {days} 天内打开以下链接设置密码（仅可使用一次）：\n{link}\n如不认识对方请忽略此邮件。',
    'en-US':
      '{merchant} invites you to work in their ParcelPort account as a team member. Open this link within {days} days to set your password (it works once):\n{link}\nIf you do not know them, ignore this mail.',
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
