import type { CarrierAdapter } from './contract/adapter.ts';
import type { ChannelConfig } from './contract/channel.ts';
import { easypostAdapter } from './easypost/adapter.ts';
import { karrioAdapter } from './karrio/adapter.ts';
import { ratecardAdapter } from './ratecard/adapter.ts';
import { shipengineAdapter } from './shipengine/adapter.ts';
import { uspsAdapter } from './usps/adapter.ts';

/** Carrier platforms by code; a new adapter registers here and becomes choosable for channels. */
const ADAPTERS = new Map<string, CarrierAdapter>(
  [ratecardAdapter, easypostAdapter, shipengineAdapter, karrioAdapter, uspsAdapter].map((adapter) => [
    adapter.code,
    adapter,
  ]),
);

export function adapterFor(platformCode: string): CarrierAdapter | undefined {
  return ADAPTERS.get(platformCode);
}

export function platformCodes(): string[] {
  return [...ADAPTERS.keys()];
}

/**
 * The channel as a label's calls use it: for a test label on an upstream platform, with the carrier's test
 * credentials, or null when the channel has none (the label is refused, or was bought with keys since
 * removed); a label made here, or a real one, with the channel as it is.
 */
export function channelForLabel(
  adapter: CarrierAdapter,
  channel: ChannelConfig,
  isTest: boolean,
): ChannelConfig | null {
  if (!isTest || !adapter.upstream) return channel;
  const settings = adapter.testSettings?.(channel.settings) ?? null;
  return settings && { ...channel, settings, test: true };
}
