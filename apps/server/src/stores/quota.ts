/**
 * Each store's request quota, kept by this instance: a leaky bucket like the one Shopify meters its Admin
 * API with (40 requests, 2 leaking out a second), so that a sync of a large store spreads its calls rather
 * than meeting 429s; WooCommerce hosts get a gentler one. Another instance calling the same store shares
 * the store's real limit but not this count: its 429s (with Retry-After) are the backstop, which the
 * upstream client waits out and retries.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { StorePlatform } from '@parcelport/shared/contracts/stores/index';
import type { ChannelGate } from '../outbound/types.ts';

export const STORE_BUCKETS: Record<StorePlatform, { size: number; perSecond: number }> = {
  shopify: { size: 40, perSecond: 2 },
  woocommerce: { size: 10, perSecond: 5 },
};

/** A bucket's gate: a call waits until the bucket has room for it. */
export function bucketGate(bucket: { size: number; perSecond: number }, now = Date.now): ChannelGate {
  let level = 0;
  let at = now();
  return {
    async enter() {
      for (;;) {
        const time = now();
        level = Math.max(0, level - ((time - at) / 1000) * bucket.perSecond);
        at = time;
        if (level + 1 <= bucket.size) {
          level += 1;
          return { leave: async () => {} };
        }
        await sleep(Math.ceil(((level + 1 - bucket.size) / bucket.perSecond) * 1000));
      }
    },
  };
}

const gates = new Map<number, ChannelGate>();

/** The gate of store `id` in this instance. */
export function storeGate(id: number, platform: StorePlatform): ChannelGate {
  let gate = gates.get(id);
  if (!gate) {
    gate = bucketGate(STORE_BUCKETS[platform]);
    gates.set(id, gate);
  }
  return gate;
}
