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
