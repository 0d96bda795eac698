import type { Locale } from '../constants.ts';

/**
 * The messages of the contracts' field rules, in both languages. A schema fails with one of these keys;
 * the server answers it in the caller's language (apps/server/src/i18n/catalogue/ holds the rest of its
 * messages) and the web app's forms show the same text for the same field before anything is sent.
 */
export const FIELD_MESSAGES = {
  usernameRequired: { 'zh-CN': '用户名不能为空', 'en-US': 'Username cannot be empty' },
  passwordRequired: { 'zh-CN': '密码不能为空', 'en-US': 'Password cannot be empty' },
  passwordLength: { 'zh-CN': '密码长度为 8-16 个字符', 'en-US': 'Password must be 8-16 characters' },
  passwordTooCommon: {
    'zh-CN': '该密码过于常见，请换一个更难猜的密码',
    'en-US': 'This password is too common; choose one that is harder to guess',
  },
  passwordsMismatch: { 'zh-CN': '两次输入的密码不一致', 'en-US': 'Passwords do not match' },
  emailInvalid: { 'zh-CN': '请输入有效的邮箱', 'en-US': 'Enter a valid email address' },
  countryUnknown: {
    'zh-CN': '请输入 ISO 3166 两位国家代码（如 US、CN）',
    'en-US': 'Enter a two-letter ISO 3166 country code (such as US or CN)',
  },
  numberInvalid: { 'zh-CN': '请输入数字', 'en-US': 'Must be a number' },
  wholeNumberInvalid: { 'zh-CN': '请输入整数', 'en-US': 'Must be a whole number' },
  invalidInput: { 'zh-CN': '请求参数有误', 'en-US': 'Invalid request' },
  fieldRequired: { 'zh-CN': '此项必填', 'en-US': 'This field is required' },
  textTooLong: { 'zh-CN': '内容过长', 'en-US': 'This is too long' },
  colorInvalid: { 'zh-CN': '请输入 #rrggbb 格式的颜色', 'en-US': 'Enter a colour as #rrggbb' },
  ruleNeedsAction: { 'zh-CN': '规则至少要有一个动作', 'en-US': 'A rule needs at least one action' },
  rangeInverted: { 'zh-CN': '最小值不能大于最大值', 'en-US': 'The minimum cannot be above the maximum' },
  ipRuleInvalid: {
    'zh-CN': '请输入 IPv4 或 IPv6 地址或网段（如 203.0.113.0/24、2001:db8::/32）',
    'en-US': 'Enter an IPv4 or IPv6 address or block (such as 203.0.113.0/24 or 2001:db8::/32)',
  },
  keyAreasRequired: { 'zh-CN': '请至少选择一个范围', 'en-US': 'Choose at least one area' },
  amountInvalid: { 'zh-CN': '请输入有效金额（最多两位小数）', 'en-US': 'Enter an amount with at most two decimals' },
  amountPositive: { 'zh-CN': '金额必须大于 0', 'en-US': 'The amount must be greater than 0' },
  remarkRequired: { 'zh-CN': '请填写备注', 'en-US': 'A remark is required' },
  reasonRequired: { 'zh-CN': '请填写驳回原因', 'en-US': 'A reason is required to reject' },
  carrierFormNumberInvalid: {
    'zh-CN': '交运单号只能包含字母、数字和连字符（4-40 位）',
    'en-US': 'A form number holds 4-40 letters, digits and hyphens',
  },
  pickupConfirmationInvalid: {
    'zh-CN': '确认号只能包含字母、数字和连字符（4-40 位）',
    'en-US': 'A confirmation number holds 4-40 letters, digits and hyphens',
  },
  trackingNumberInvalid: {
    'zh-CN': '运单号只能包含字母和数字（8-40 位）',
    'en-US': 'A tracking number holds 8-40 letters and digits',
  },
  atLeastOneParcel: { 'zh-CN': '至少需要1个包裹', 'en-US': 'at least 1 parcel' },
  returnLinkInvalid: { 'zh-CN': '退货链接无效', 'en-US': 'This return link is not valid' },
  insuranceNegative: {
    'zh-CN': '保险申报价值不能为负数',
    'en-US': 'The declared value cannot be negative',
  },
  insuranceOverPackage: {
    'zh-CN': '单个包裹申报价值不能超过 50,000 美元',
    'en-US': 'Declared value cannot exceed $50,000 per package',
  },
  insuranceOverShipment: {
    'zh-CN': '单票申报价值不能超过 100,000 美元',
    'en-US': 'Declared value cannot exceed $100,000 per shipment',
  },
  zipFormat: { 'zh-CN': '邮编格式应为 5 位数字（或 ZIP+4）', 'en-US': 'A ZIP code is 5 digits (or ZIP+4)' },
  addr_required: { 'zh-CN': '必填', 'en-US': 'required' },
  addr_zipFormat: { 'zh-CN': '邮编格式应为 5 位或 5+4 位数字', 'en-US': 'ZIP must be 5 digits or ZIP+4' },
  addr_stateInvalid: { 'zh-CN': '州应为 2 位美国州代码', 'en-US': 'State must be a 2-letter US state code' },
  addr_latinOnly: {
    'zh-CN': '承运商只接受拉丁字母，请改用英文或拼音',
    'en-US': 'Carriers need Latin letters: write it in English or pinyin',
  },
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
  addr_undeliverable: { 'zh-CN': '承运商无法派送到该地址', 'en-US': 'the carrier does not deliver to this address' },
  addr_carrierUnreachable: {
    'zh-CN': '暂时无法向承运商核实地址，仅完成了离线检查',
    'en-US': 'the carrier could not be asked now; only the offline check was made',
  },
  trackingNumbersRequired: { 'zh-CN': '请输入跟踪号', 'en-US': 'Give at least one tracking number' },
  subscriptionTarget: { 'zh-CN': '请填写邮箱或 Webhook 地址', 'en-US': 'Give an email address or a webhook URL' },
  dimensionPositive: { 'zh-CN': '尺寸必须大于 0', 'en-US': 'The size must be greater than 0' },
  dimensionTooLarge: { 'zh-CN': '尺寸不能超过 10000', 'en-US': 'The size cannot exceed 10,000' },
  weightPositive: { 'zh-CN': '重量必须大于 0', 'en-US': 'The weight must be greater than 0' },
  weightTooLarge: { 'zh-CN': '重量不能超过 100000', 'en-US': 'The weight cannot exceed 100,000' },
  percentInvalid: {
    'zh-CN': '请输入 -50 到 1000 之间的百分比，最多两位小数',
    'en-US': 'A percentage from -50 to 1000 with at most two decimals',
  },
  zipFiveDigits: { 'zh-CN': '请输入 5 位数字邮编', 'en-US': 'Enter a 5-digit ZIP code' },
  settingOutOfRange: { 'zh-CN': '超出允许的范围', 'en-US': 'Outside the allowed range' },
  choiceInvalid: { 'zh-CN': '请选择列表中的一项', 'en-US': 'Choose one of the options' },
  rateInvalid: {
    'zh-CN': '请输入大于 0 的汇率（最多四位小数）',
    'en-US': 'Enter a rate above 0 with at most four decimals',
  },
  hostInvalid: { 'zh-CN': '请输入有效的主机名或 IP 地址', 'en-US': 'Enter a valid host name or IP address' },
  mailboxInvalid: {
    'zh-CN': '请输入邮箱，或“名称 <邮箱>”',
    'en-US': 'Enter an address, or "Name <address>"',
  },
  settingsEmpty: { 'zh-CN': '没有要保存的设置', 'en-US': 'No setting to save' },
  settingUnknown: { 'zh-CN': '未知的设置项', 'en-US': 'Unknown setting' },
  dateInvalid: { 'zh-CN': '请输入有效日期（YYYY-MM-DD）', 'en-US': 'Enter a date as YYYY-MM-DD' },
  timeInvalid: { 'zh-CN': '请输入有效时间（HH:MM）', 'en-US': 'Enter a time as HH:MM' },
  windowInvalid: { 'zh-CN': '结束时间须晚于开始时间', 'en-US': 'The window must end after it starts' },
  periodInvalid: { 'zh-CN': '结束日期不能早于开始日期', 'en-US': 'The end cannot be before the start' },
  periodTooLong: { 'zh-CN': '时间段最长一年', 'en-US': 'A period is a year at most' },
  duplicateColumn: { 'zh-CN': '同一列出现了两次', 'en-US': 'A column is listed twice' },
  resourceUnknown: { 'zh-CN': '包含未知的资源代码', 'en-US': 'Holds an unknown resource code' },
  roleCodeFormat: {
    'zh-CN': '角色代码为 2-40 位字母、数字、下划线或连字符，以小写字母开头',
    'en-US': 'A role code is 2-40 letters, digits, underscores or hyphens, starting with a lower-case letter',
  },
  memberTypeInvalid: { 'zh-CN': '请选择列表中的会员类型', 'en-US': 'Choose a member type from the list' },
  certificationInvalid: { 'zh-CN': '请选择列表中的认证状态', 'en-US': 'Choose a certification state from the list' },
  creditLimitInvalid: {
    'zh-CN': '信用额度应在 0 到 1,000,000.00 之间，最多两位小数',
    'en-US': 'A credit limit from 0 to 1,000,000.00 with at most two decimals',
  },
  markupPercentInvalid: {
    'zh-CN': '请输入 0 到 1000 之间的百分比，最多两位小数',
    'en-US': 'A percentage from 0 to 1000 with at most two decimals',
  },
  markupFixedInvalid: {
    'zh-CN': '固定加价应在 0 到 1,000.00 之间，最多两位小数',
    'en-US': 'A fixed markup from 0 to 1,000.00 with at most two decimals',
  },
  slugFormat: {
    'zh-CN': '地址为小写字母、数字，以连字符分隔',
    'en-US': 'An address is lower-case letters and digits, separated by hyphens',
  },
  slugTaken: { 'zh-CN': '该地址已被其他文章使用', 'en-US': 'Another article has this address' },
  phoneInvalid: {
    'zh-CN': '请输入电话号码：数字，可含 +、空格、连字符和括号',
    'en-US': 'Enter a phone number: digits, with +, spaces, hyphens or brackets if you like',
  },
  invitationCodeFormat: {
    'zh-CN': '邀请码为 4-32 位字母、数字或连字符',
    'en-US': 'An invitation code is 4-32 letters, digits or hyphens',
  },
  shopDomainInvalid: {
    'zh-CN': '请输入 Shopify 店铺域名，例如 my-shop.myshopify.com',
    'en-US': 'Enter the Shopify shop domain, such as my-shop.myshopify.com',
  },
  colourInvalid: { 'zh-CN': '请输入 #rrggbb 格式的颜色', 'en-US': 'Enter a colour as #rrggbb' },
  urlInvalid: {
    'zh-CN': '请输入以 http:// 或 https:// 开头的网址',
    'en-US': 'Enter an address starting with http:// or https://',
  },
  consumerKeyInvalid: {
    'zh-CN': 'Consumer key 以 ck_ 开头，后接 40 位十六进制字符',
    'en-US': 'A consumer key is ck_ followed by 40 hexadecimal characters',
  },
  consumerSecretInvalid: {
    'zh-CN': 'Consumer secret 以 cs_ 开头，后接 40 位十六进制字符',
    'en-US': 'A consumer secret is cs_ followed by 40 hexadecimal characters',
  },
  shopOriginInvalid: {
    'zh-CN': '请输入以 http(s):// 开头、含 {shop} 的地址',
    'en-US': 'Enter an http(s):// address containing {shop}',
  },
  webhookUrlInvalid: { 'zh-CN': '请输入有效的 http(s) 地址', 'en-US': 'Enter an http(s) URL' },
  webhookEventTypeInvalid: { 'zh-CN': '未知的事件类型', 'en-US': 'Unknown event type' },
  webhookEventTypesRequired: { 'zh-CN': '请至少选择一种事件', 'en-US': 'Choose at least one event type' },
  webhookSinceInvalid: {
    'zh-CN': '请输入带时区的时间（ISO 8601）',
    'en-US': 'Enter a time with its offset (ISO 8601)',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, value);
}

/** The text of a field rule's message; a text that is not a key (zod's own) is returned as it is. */
export function fieldMessage(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const text = isFieldMessageKey(key) ? FIELD_MESSAGES[key][locale] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}
