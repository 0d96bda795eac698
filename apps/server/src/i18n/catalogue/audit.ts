import type { Locale } from '@parcelport/shared';
import { columnMessages } from '@parcelport/shared';

/** The messages modules/audit speaks, in both languages (composed by ../messages.ts). */
export const AUDIT_MESSAGES = {
  ...columnMessages('actor', 'subject', 'call', 'ip'),
  colActingAs: { 'zh-CN': '代客操作', 'en-US': 'Acting as' },
  colApiKeyMode: { 'zh-CN': 'API 密钥模式', 'en-US': 'API key mode' },
} satisfies Record<string, Record<Locale, string>>;
