import type { CarrierCode } from '@parcelport/shared';
import type { UpstreamClientOptions } from '../../outbound/client.ts';
import type { UpstreamClient } from '../../outbound/types.ts';

export interface ChannelConfig {
  id: number;
  name: string;
  platformCode: string;
  carrierCode: CarrierCode;
  settings: Record<string, unknown>;
  /** Set on the channel as a test label's calls use it: its settings are the carrier's test credentials. */
  test?: true;
}

export interface ServiceConfig {
  id: number;
  channelId: number;
  code: string;
  name: string;
  carrierCode: CarrierCode;
  settings: Record<string, unknown>;
  /** Changes whenever the service or its rate table changes (its updated_at). */
  version: number;
}

/** What every call gets beside its request: the channel's HTTP client (an adapter that calls out uses it). */
export interface AdapterDeps {
  http: UpstreamClient;
}

/** How an adapter that calls out reaches its API with a channel's settings; the service adds the rest. */
export type UpstreamConnection = Pick<
  UpstreamClientOptions,
  'baseUrl' | 'authorize' | 'errorOf' | 'secrets' | 'timeoutMs'
>;
