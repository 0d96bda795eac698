import type { Locale } from '@parcelport/shared';

/** The messages modules/webhooks speaks, in both languages (composed by ../messages.ts). */
export const WEBHOOKS_MESSAGES = {
  testEndpointNeedsTestKey: {
    'zh-CN': '正式 API 密钥只能注册正式 Webhook 端点，测试端点请使用测试密钥（pp_test_…）',
    'en-US': 'A live API key registers live webhook endpoints only; register test ones with a test key (pp_test_…)',
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
} satisfies Record<string, Record<Locale, string>>;
