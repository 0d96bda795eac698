import { z } from 'zod';
import { limitSettings } from '../../outbound/limits.ts';
import { refundSettings } from '../upstream/refunds.ts';
import { testKeySetting } from '../upstream/test-keys.ts';

/**
 * An EasyPost channel's settings (channels.settings): the account's API key and how labels come back.
 * Field descriptions are what the channel form shows beside each field; `secret` fields are never sent
 * back to a browser.
 */
export const easypostChannelSettings = z.object({
  apiKey: z.string().trim().min(1).meta({ secret: true, description: 'easypostApiKey' }),
  ...testKeySetting('easypostTestApiKey'),
  baseUrl: z.url().default('https://api.easypost.com').meta({ description: 'upstreamBaseUrl' }),
  labelFormat: z.enum(['PDF', 'PNG', 'ZPL']).default('PDF').meta({ description: 'labelFormat' }),
  /** The carrier accounts (`ca_…`) to rate and buy with; all of the account's when empty. */
  carrierAccounts: z
    .array(z.string().regex(/^ca_\w+$/))
    .default([])
    .meta({ description: 'carrierAccounts' }),
  timeoutMs: z.number().int().min(1000).max(120_000).default(15_000).meta({ description: 'timeoutMs' }),
  // EasyPost: a carrier's refund takes "no greater than 30 days" (its Shipping Refund guide).
  ...refundSettings(30),
  /**
   * The secret EasyPost signs its webhook events with (the webhook's `webhook_secret`); tracker events
   * pushed to the channel's webhook address are taken only when signed with it. Empty: no pushes taken.
   */
  webhookSecret: z.string().default('').meta({ secret: true, description: 'easypostWebhookSecret' }),
  /** Temporary deposit frozen per order until the carrier's bill arrives (cents). */
  earnestCents: z.number().int().min(0).default(0).meta({ description: 'earnestCents', unit: 'cents' }),
  /** Whether merchants' address checks ask EasyPost's delivery verification (each check is a call). */
  validateAddresses: z.boolean().default(false).meta({ description: 'validateAddresses' }),
  // EasyPost publishes no fixed quota (it answers 429 under load): these keep a busy platform well inside it.
  ...limitSettings({ requestsPerSecond: 20, requestsPerMinute: 1200, concurrency: 10 }),
});
export type EasyPostChannelSettings = z.infer<typeof easypostChannelSettings>;

/** A service under an EasyPost channel: the carrier and service names as EasyPost's rates name them. */
export const easypostServiceSettings = z.object({
  carrier: z.string().trim().min(1).meta({ description: 'easypostCarrier' }),
  service: z.string().trim().min(1).meta({ description: 'easypostService' }),
});
export type EasyPostServiceSettings = z.infer<typeof easypostServiceSettings>;
