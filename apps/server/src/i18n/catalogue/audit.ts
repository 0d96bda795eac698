import type { Locale } from '@parcelport/shared';

/** The messages modules/audit speaks, in both languages (composed by ../messages.ts). */
export const AUDIT_MESSAGES = {
  colActor: { 'zh-CN': '操作人', 'en-US': 'Done by' },
  colSubject: { 'zh-CN': '涉及账号', 'en-US': 'On account' },
  colCall: { 'zh-CN': '请求', 'en-US': 'Call' },
  colActingAs: { 'zh-CN': '代客操作', 'en-US': 'Acting as' },
  colApiKeyMode: { 'zh-CN': 'API 密钥模式', 'en-US': 'API key mode' },
  colIp: { 'zh-CN': 'IP', 'en-US': 'IP' },
} satisfies Record<string, Record<Locale, string>>;
