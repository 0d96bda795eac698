import { z } from 'zod';
import { limitSettings } from '../../outbound/limits.ts';
import { refundSettings } from '../upstream/refunds.ts';

/**
 * A Karrio channel's settings (channels.settings): the Karrio server (self-hosted, or Karrio's cloud), its
 * API key, the carrier connections to rate with, and how labels come back. Field descriptions are what
 * the channel form shows beside each field; `secret` fields are never sent back to a browser.
 */
export const karrioChannelSettings = z.object({
  apiKey: z.string().trim().min(1).meta({ secret: true, description: 'karrioApiKey' }),
  baseUrl: z.url().default('https://api.karrio.io').meta({ description: 'karrioBaseUrl' }),
  /** The carrier connections (`carrier_id`s) rated and bought with; every active one when empty. */
  carrierIds: z.array(z.string().trim().min(1)).default([]).meta({ description: 'karrioCarrierIds' }),
  labelFormat: z.enum(['PDF', 'PNG', 'ZPL']).default('PDF').meta({ description: 'labelFormat' }),
  timeoutMs: z.number().int().min(1000).max(120_000).default(30_000).meta({ description: 'timeoutMs' }),
  ...refundSettings(),
  /** Temporary deposit frozen per order until the carrier's bill arrives (cents). */
  earnestCents: z.number().int().min(0).default(0).meta({ description: 'earnestCents', unit: 'cents' }),
  // A self-hosted Karrio has no quota of its own; its carriers' limits apply behind it.
  ...limitSettings({ requestsPerSecond: 0, requestsPerMinute: 0, concurrency: 10 }),
});
export type KarrioChannelSettings = z.infer<typeof karrioChannelSettings>;

/** A service under a Karrio channel: Karrio's service code, and the connection that buys it when several offer it. */
export const karrioServiceSettings = z.object({
  service: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]+$/)
    .meta({ description: 'karrioService' }),
  carrierId: z.string().trim().default('').meta({ description: 'karrioCarrierId' }),
});
export type KarrioServiceSettings = z.infer<typeof karrioServiceSettings>;
