import type { Locale } from '@parcelport/shared';
import { columnMessages, namesAsMessages, TRACKING_STATE_NAMES } from '@parcelport/shared';
import { FIELD_MESSAGES } from '@parcelport/shared/contracts/messages';

/**
 * The messages no one module owns, in both languages (composed by ../messages.ts): the field rules' (from
 * packages/shared), the envelope's and the HTTP toolkit's, the request hooks', and those several modules speak.
 */
export const COMMON_MESSAGES = {
  ...FIELD_MESSAGES,
  // The envelope and the rooms below the modules (http/, core/, app.ts, documents/); modules throw some of them too.
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
  bodyNotJson: {
    'zh-CN': '请求内容不是有效的 JSON，但 Content-Type 为 application/json',
    'en-US': "The body is not valid JSON but its content-type is 'application/json'",
  },
  bodyEmpty: {
    'zh-CN': 'Content-Type 为 application/json 时请求内容不能为空',
    'en-US': "The body cannot be empty when its content-type is 'application/json'",
  },
  bodyTooLarge: { 'zh-CN': '请求内容过大（最多 10MB）', 'en-US': 'The request body is too large (at most 10 MB)' },
  mediaTypeUnsupported: {
    'zh-CN': '不支持该 Content-Type（请用 application/json 或 multipart/form-data）',
    'en-US': 'This content-type is not supported (use application/json or multipart/form-data)',
  },
  contentLengthInvalid: {
    'zh-CN': 'Content-Length 与请求内容的长度不符',
    'en-US': 'The Content-Length does not match the body',
  },
  sheetDefault: { 'zh-CN': 'Sheet1', 'en-US': 'Sheet1' },
  sheetMissing: { 'zh-CN': '请上传 xlsx 或 csv 文件', 'en-US': 'Upload an xlsx or csv file' },
  sheetTooLarge: { 'zh-CN': '表格文件不能超过 20MB', 'en-US': 'The spreadsheet cannot exceed 20 MB' },

  // Idempotency keys (hooks/idempotency.ts).
  idempotencyInProgress: { 'zh-CN': '相同请求正在处理中', 'en-US': 'The same request is still being processed' },
  idempotencyMismatch: {
    'zh-CN': 'Idempotency-Key「{key}」已用于另一个请求（不同的请求内容、路径参数或接口）',
    'en-US': 'The Idempotency-Key "{key}" was used for a different request (another body, path or operation)',
  },
  idempotencyKeyInvalid: {
    'zh-CN': 'Idempotency-Key 须为 1 到 255 个字符',
    'en-US': 'An Idempotency-Key must be 1 to 255 characters',
  },

  // The sign-in gate (hooks/auth.ts): acting as a user, API keys, team members' permissions (issue 30).
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
  memberNotAllowed: {
    'zh-CN': '您的成员权限不包括此操作（需要“{permission}”）',
    'en-US': 'Your member permissions do not include this ({permission} is needed)',
  },
  memberOwnerOnly: {
    'zh-CN': '只有账号所有者可以进行此操作',
    'en-US': 'Only the account owner may do this',
  },

  // Where the outbound client may post (outbound/target.ts): webhook targets.
  webhookTargetRefused: {
    'zh-CN': 'Webhook 地址须为公网 http(s) 地址，不接受本机、内网、链路本地或组播地址',
    'en-US':
      'The webhook URL must be a public http(s) address: loopback, private, link-local and multicast addresses are refused',
  },
  webhookTargetUnresolved: { 'zh-CN': '无法解析该 Webhook 主机名', 'en-US': 'The webhook host name does not resolve' },

  // Spoken by several modules.
  accountInactive: {
    'zh-CN': '账号尚未激活，请联系管理员激活',
    'en-US': 'This account is not activated yet; please contact the administrator',
  },
  accountDisabled: {
    'zh-CN': '账号已被禁用，请联系管理员',
    'en-US': 'This account is disabled; contact the administrator',
  },
  invitationTaken: { 'zh-CN': '该邀请码已被使用', 'en-US': 'This invitation code is already taken' },
  userNotFound: { 'zh-CN': '用户不存在', 'en-US': 'User not found' },
  roleNotFound: { 'zh-CN': '角色不存在', 'en-US': 'Role not found' },
  emailRegistered: { 'zh-CN': '该邮箱已注册', 'en-US': 'This address is already registered' },
  insufficientFunds: { 'zh-CN': '余额不足', 'en-US': 'Insufficient funds' },
  colId: { 'zh-CN': '编号', 'en-US': 'ID' },
  ...columnMessages(
    'email',
    'wallet',
    'status',
    'submittedAt',
    'name',
    'company',
    'phone',
    'labels',
    'registeredAt',
    'time',
    'reference',
  ),
  orderNotFound: { 'zh-CN': '订单不存在', 'en-US': 'Order not found' },
  returnPayOnUseUnavailable: {
    'zh-CN': '该渠道的承运商不支持扫描后付费，退货面单将在购买时扣费',
    'en-US': "This channel's carrier does not bill returns on use: the return label is charged when bought",
  },
  zipNotFound: { 'zh-CN': '未找到该邮编对应的城市', 'en-US': 'No city is known for this ZIP code' },
  orderStateInvalid: {
    'zh-CN': '订单当前状态不允许此操作',
    'en-US': 'The order cannot do this in its current state',
  },
  orderChangedMeanwhile: {
    'zh-CN': '订单在购买过程中被修改，请重新核对后再购买',
    'en-US': 'The order was changed while it was being bought; check it and buy again',
  },
  serviceNotAllotted: {
    'zh-CN': '该渠道服务未授权给您',
    'en-US': 'This carrier service is not enabled for your account',
  },
  carrierUnreachable: {
    'zh-CN': '承运商暂时无法访问：{message}',
    'en-US': 'The carrier cannot be reached now: {message}',
  },
  channelPaused: {
    'zh-CN': '渠道 {channel} 暂停使用（连续故障或请求配额已用完），请在 {until} 后重试',
    'en-US': 'Channel {channel} is paused (repeated failures or its request quota used up); try again after {until}',
  },
  channelNotFound: { 'zh-CN': '渠道不存在', 'en-US': 'Channel not found' },
  serviceNotFound: { 'zh-CN': '渠道服务不存在', 'en-US': 'Carrier service not found' },
  attachmentNotFound: { 'zh-CN': '附件不存在，请重新上传', 'en-US': 'Attachment not found; upload it again' },
  templateNotFound: { 'zh-CN': '没有这个包裹模板', 'en-US': 'No such package template' },
  webhookSignature: { 'zh-CN': '签名无效', 'en-US': 'Invalid signature' },

  // Built at run time: `accountStatus${status}` (modules/admin-users and modules/customers).
  accountStatus0: { 'zh-CN': '未激活', 'en-US': 'Not activated' },
  accountStatus1: { 'zh-CN': '正常', 'en-US': 'Active' },
  accountStatus2: { 'zh-CN': '已停用', 'en-US': 'Disabled' },

  // Built at run time: `tracking${status}` (modules/tracking and modules/notices).
  ...namesAsMessages('tracking', TRACKING_STATE_NAMES),
} satisfies Record<string, Record<Locale, string>>;
