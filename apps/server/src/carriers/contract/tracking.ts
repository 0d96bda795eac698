import type { TrackingEvent } from '../../core/tracking.ts';
import type { ChannelConfig } from './channel.ts';

export interface TrackRequest {
  channel: ChannelConfig;
  parcels: { trackingNumber: string; carrierCode: string }[];
}

/** A push the carrier sent to the channel's webhook address, as received: its headers and raw body. */
export interface WebhookRequest {
  channel: ChannelConfig;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  rawBody: string;
}

/**
 * What a push says: `verified` false when its signature does not check out with the channel's secret
 * (nothing of it is used); else each parcel's scans by tracking number (none for an event about
 * something else).
 */
export type WebhookResult = { verified: false } | { verified: true; events: Map<string, TrackingEvent[]> };
