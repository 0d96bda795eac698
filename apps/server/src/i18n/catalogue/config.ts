import type { Locale } from '@parcelport/shared';

/** The messages modules/config speaks, in both languages (composed by ../messages.ts). */
export const CONFIG_MESSAGES = {
  smtpNotConfigured: {
    'zh-CN': '尚未设置 SMTP 服务器：请填写主机，或在环境中设置 SMTP_URL',
    'en-US': 'No SMTP server is set: give a host, or set SMTP_URL in the environment',
  },
  mailTestSubject: { 'zh-CN': 'ParcelPort 测试邮件', 'en-US': 'ParcelPort test mail' },
  mailTestBody: {
    'zh-CN': '这是一封测试邮件，经由 {server} 发出。收到即说明邮件设置可用。',
    'en-US': 'This is a test mail, sent through {server}. If it reached you, the mail settings work.',
  },
} satisfies Record<string, Record<Locale, string>>;
