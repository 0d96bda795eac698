import type { Locale } from '@parcelport/shared';

/** The messages modules/health speaks, in both languages (composed by ../messages.ts). */
export const HEALTH_MESSAGES = {
  databaseUnreachable: { 'zh-CN': '数据库无法连接', 'en-US': 'database unreachable' },
  serverStopping: { 'zh-CN': '服务实例正在停止', 'en-US': 'this instance is stopping' },
} satisfies Record<string, Record<Locale, string>>;
