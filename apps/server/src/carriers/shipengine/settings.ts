import { z } from 'zod';
import { limitSettings } from '../../outbound/limits.ts';
import { refundSettings } from '../upstream/refunds.ts';
import { testKeySetting } from '../upstream/test-keys.ts';

/**
 * A ShipEngine (ShipStation API) channel's settings (channels.settings): the account's API key, the
 * carrier accounts (`se-…` carrier ids) it rates with, and how labels come back. Field descriptions are
 * what the channel form shows beside each field; `secret` fields are never sent back to a browser.
 */
export const shipengineChannelSettings = z.object({
  apiKey: z.string().trim().min(1).meta({ secret: true, description: 'shipengineApiKey' }),
  ...testKeySetting('shipengineTestApiKey'),
  baseUrl: z.url().default('https://api.shipengine.com').meta({ description: 'upstreamBaseUrl' }),
  /** Rating asks each of these carrier accounts; a service names which one buys its labels. */
  carrierIds: z
    .array(z.string().regex(/^se-\w+$/))
    .min(1)
    .meta({ description: 'shipengineCarrierIds' }),
  labelFormat: z.enum(['pdf', 'png', 'zpl']).default('pdf').meta({ description: 'labelFormat' }),
  /**
   * Sent as the sender's phone when the sender has none: ShipEngine requires the sender's phone, at least
   * one character (`shipping_address_from`).
   */
  senderPhone: z.string().trim().min(1).max(30).default('0000000000').meta({ description: 'shipengineSenderPhone' }),
  timeoutMs: z.number().int().min(1000).max(120_000).default(15_000).meta({ description: 'timeoutMs' }),
  ...refundSettings(),
  /** Temporary deposit frozen per order until the carrier's bill arrives (cents). */
  earnestCents: z.number().int().min(0).default(0).meta({ description: 'earnestCents', unit: 'cents' }),
  /** Whether merchants' address checks ask ShipEngine's address validation (each check is a call). */
  validateAddresses: z.boolean().default(false).meta({ description: 'validateAddresses' }),
  // ShipEngine allows 200 requests a minute by default (20 on a sandbox key) and answers 429 beyond.
  ...limitSettings({ requestsPerSecond: 0, requestsPerMinute: 200, concurrency: 10 }),
});
export type ShipEngineChannelSettings = z.infer<typeof shipengineChannelSettings>;

/** A service under a ShipEngine channel: the carrier account that buys it and ShipEngine's service code. */
export const shipengineServiceSettings = z.object({
  carrierId: z
    .string()
    .regex(/^se-\w+$/)
    .meta({ description: 'shipengineCarrierId' }),
  serviceCode: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]+$/)
    .meta({ description: 'shipengineServiceCode' }),
});
export type ShipEngineServiceSettings = z.infer<typeof shipengineServiceSettings>;
