import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import type { AdapterDeps, ChannelConfig } from '../../carriers/contract/channel.ts';
import type { AppContext } from '../../context.ts';
import { createUpstreamClient, UPSTREAM_DEFAULTS } from '../../outbound/client.ts';
import type { UpstreamClient } from '../../outbound/types.ts';
import { channelGate } from './gate.ts';

/** The client of a platform that calls no one (the built-in engine): any use of it is a programming error. */
const NO_UPSTREAM: UpstreamClient = {
  send: async (request) => {
    throw new Error(`this carrier platform calls no upstream (${request.operation} ${request.path})`);
  },
};

/**
 * What an adapter call on `channel` gets: for a platform that calls out, an HTTP client built from the
 * channel's settings whose every attempt passes the channel's shared gate (quota, circuit breaker) and
 * is a row of the API log, in the channel's mode (a test label's calls with the carrier's test credentials).
 */
export function adapterDeps(ctx: AppContext, adapter: CarrierAdapter, channel: ChannelConfig): AdapterDeps {
  if (!adapter.upstream) return { http: NO_UPSTREAM };
  const connection = adapter.upstream(channel.settings);
  // A concurrency slot is held for at most one attempt's time limit, and a little for the bookkeeping.
  const leaseMs = (connection.timeoutMs ?? UPSTREAM_DEFAULTS.timeoutMs) + 5_000;
  return {
    http: createUpstreamClient({
      ...connection,
      channelId: channel.id,
      test: channel.test === true,
      log: ctx.apiLog,
      gate: channelGate(ctx, channel, leaseMs),
    }),
  };
}
