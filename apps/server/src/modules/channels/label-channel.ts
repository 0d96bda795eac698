import { adapterFor, channelForLabel } from '../../carriers/registry.ts';
import type { Db } from '../../db/index.ts';
import { allChannelConfigs, channelConfig } from './repo.ts';

/**
 * The channel an order's label was bought on, as the label's later calls (void, lookup, tracking, forms)
 * use it: with the carrier's test credentials for a test label. The channel is undefined when the order
 * has none, or when a test label's channel no longer has test credentials (nothing can be asked of the
 * carrier for it).
 */
export async function labelChannelOf(db: Db, order: { channel_id: number | null; is_test: number }) {
  const stored = order.channel_id === null ? undefined : await channelConfig(db, order.channel_id);
  const adapter = stored && adapterFor(stored.platformCode);
  const channel = stored && adapter ? (channelForLabel(adapter, stored, order.is_test === 1) ?? undefined) : undefined;
  return { channel, adapter };
}

/**
 * The channels whose carrier tracks the parcels bought on them (an adapter with `track`), enabled or not: a
 * disabled channel's parcels are still on their way.
 */
export async function carrierTrackingChannels(db: Db) {
  const channels = await allChannelConfigs(db);
  return channels.filter((channel) => adapterFor(channel.platformCode)?.track !== undefined);
}
