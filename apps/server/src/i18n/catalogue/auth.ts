import type { Locale } from '@parcelport/shared';

/** The messages modules/auth speaks, in both languages (composed by ../messages.ts). */
export const AUTH_MESSAGES = {
  loginDecryptFailed: { 'zh-CN': '登录错误，请刷新后重试', 'en-US': 'Login error, refresh and try again' },
  loginLocked: {
    'zh-CN': '该账号登录失败次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-ins for this account; try again in {minutes} minutes',
  },
  badCredentials: { 'zh-CN': '用户名或密码错误', 'en-US': 'Incorrect username or password' },
  apiKeyRolled: {
    'zh-CN': '此 API 密钥已轮换，请轮换新的密钥',
    'en-US': 'This API key has been rolled already; roll its successor instead',
  },
  apiKeyLimit: { 'zh-CN': '最多可保留 {max} 个有效的 API 密钥', 'en-US': 'You can keep at most {max} live API keys' },
} satisfies Record<string, Record<Locale, string>>;
