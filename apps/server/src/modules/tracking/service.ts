import { TRACKING_STATUS } from '@parcelport/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { TrackingEvent } from '../../core/tracking.ts';
import { type ChannelLimits, limitsOf } from '../../outbound/limits.ts';
import { adapterDeps, carrierTrackingChannels, labelChannelOf } from '../channels/index.ts';
import { applyEvents } from './apply.ts';
import type { TrackedParcel, TrackingProvider } from './provider.ts';
import { claimParcelsOnTheirWay, markChecked, markRegistered, type ParcelSource, parcelsSilentSince } from './repo.ts';

export interface TrackingProviders {
  /** For test-mode labels: the schedule that walks them through every state. */
  test: TrackingProvider;
  /** For real labels, when a provider is configured. */
  live: TrackingProvider | null;
}

/** How long a refresh round holds the parcels it polls before another instance may take them. */
const ROUND_LEASE_MS = 5 * 60_000;
/**
 * The most parcels a round takes. The tracking provider's round is this size: 17TRACK asks about 40 numbers a
 * call at 3 calls a second, so registering and fetching 5,000 takes under a minute and a half of its lease.
 */
const ROUND_SIZE = 5000;

/** Who a round asks, and about how many parcels at most. */
interface TrackingSource {
  /** one channel whose carrier tracks its own parcels, or the tracking provider for every other parcel */
  parcels: ParcelSource;
  size: number;
}

/**
 * Every source of tracking: each channel whose carrier tracks its own parcels, its round sized to its limits,
 * and the tracking provider (17TRACK, or the test schedule) for the parcels of every other channel. Each is
 * polled in rounds of its own, so that no source waits for a slower one.
 */
async function trackingSources(ctx: AppContext): Promise<TrackingSource[]> {
  const carriers = await carrierTrackingChannels(ctx.db);
  return [
    ...carriers.map((channel) => ({
      parcels: { channelId: channel.id },
      size: carrierRoundSize(limitsOf(channel.settings)),
    })),
    { parcels: { exceptChannels: carriers.map((channel) => channel.id) }, size: ROUND_SIZE },
  ];
}

/**
 * A carrier's round: as many parcels as it can be asked about, a call each, in half the round's lease at its
 * channel's strictest limit, so that the round ends before its claim lapses even when labels bought meanwhile
 * take some of the turns (ShipEngine's 200 calls a minute: 500 parcels).
 */
export function carrierRoundSize(limits: ChannelLimits): number {
  const callsPerSecond = [
    limits.requestsPerSecond,
    limits.requestsPerMinute / 60,
    limits.requestsPerHour / 3600,
  ].filter((rate) => rate > 0);
  if (callsPerSecond.length === 0) return ROUND_SIZE;
  const calls = Math.floor((Math.min(...callsPerSecond) * ROUND_LEASE_MS) / 2 / 1000);
  return Math.max(1, Math.min(ROUND_SIZE, calls));
}

/**
 * Fetches the events of the parcels still on their way that this round claims from every source (checked
 * longest ago first; `only` narrows it to given parcels), applies them, and raises 'transit too long' for
 * parcels (among `only`) in transit without news for `transitTooLongDays`. Answers how many parcels changed state.
 */
export async function refreshTracking(
  ctx: AppContext,
  providers: TrackingProviders,
  transitTooLongDays: number,
  only?: readonly number[],
): Promise<number> {
  const sources = await trackingSources(ctx);
  const polled = await Promise.all(sources.map((source) => refreshSource(ctx, providers, source, only)));
  const changed = polled.reduce((sum, count) => sum + count, 0);
  return changed + (await flagTransitTooLong(ctx, transitTooLongDays, only));
}

/**
 * One source's round: claims its parcels checked longest ago, asks about them and applies the answers; answers
 * how many changed. A channel's test labels are asked about with its test credentials, and a channel that can
 * no longer be asked (its test credentials gone) hands its parcels to the provider.
 */
async function refreshSource(
  ctx: AppContext,
  providers: TrackingProviders,
  source: TrackingSource,
  only?: readonly number[],
): Promise<number> {
  const parcels = await claimParcelsOnTheirWay(ctx.db, {
    source: source.parcels,
    limit: source.size,
    leaseMs: ROUND_LEASE_MS,
    now: Date.now(),
    only,
  });
  // Parcels are marked checked (and let go) once their carrier, or the provider's chunk, is done with them,
  // whatever the answers; all of them at once when the round cannot sort them.
  const markAsked = (asked: readonly ClaimedParcel[]) =>
    markChecked(
      ctx.db,
      asked.map((parcel) => parcel.parcelId),
      Date.now(),
    );
  const { carrierGroups, rest } = await bySource(ctx, parcels).catch(async (error: unknown) => {
    await markAsked(parcels);
    throw error;
  });
  const polled = await Promise.all([
    ...carrierGroups.map((group) => pollCarrier(ctx, group).finally(() => markAsked(group.parcels))),
    pollClaimed(ctx, providers, rest, markAsked),
  ]);
  return polled.reduce((sum, count) => sum + count, 0);
}

type ClaimedParcel = Awaited<ReturnType<typeof claimParcelsOnTheirWay>>[number];
type LabelChannel = Awaited<ReturnType<typeof labelChannelOf>>;
/** A channel whose carrier tracks its own parcels, and the round's parcels bought on it. */
interface CarrierGroup {
  channel: NonNullable<LabelChannel['channel']>;
  adapter: NonNullable<LabelChannel['adapter']>;
  track: NonNullable<NonNullable<LabelChannel['adapter']>['track']>;
  parcels: ClaimedParcel[];
}

/**
 * The round's parcels by who is asked about them: those bought on a channel whose carrier tracks them itself
 * (an upstream adapter with `track`), channel by channel (a test label with the test credentials it was
 * bought with), and the rest, for the tracking provider.
 */
async function bySource(ctx: AppContext, parcels: readonly ClaimedParcel[]) {
  const carrierGroups: CarrierGroup[] = [];
  const rest: ClaimedParcel[] = parcels.filter((parcel) => parcel.channel_id === null);
  const byChannel = Map.groupBy(
    parcels.filter((parcel) => parcel.channel_id !== null),
    (parcel) => `${parcel.channel_id}:${parcel.is_test}`,
  );
  for (const group of byChannel.values()) {
    const { channel, adapter } = await labelChannelOf(ctx.db, group[0] as ClaimedParcel);
    const track = adapter?.track?.bind(adapter);
    if (channel && adapter && track) carrierGroups.push({ channel, adapter, track, parcels: group });
    else rest.push(...group);
  }
  return { carrierGroups, rest };
}

/**
 * Asks one channel's carrier about its parcels and applies the answers; answers how many changed. A carrier
 * that failed to answer keeps its parcels until the next round, rather than handing them to another source.
 */
async function pollCarrier(ctx: AppContext, { channel, adapter, track, parcels }: CarrierGroup): Promise<number> {
  let answers: Map<string, TrackingEvent[]>;
  try {
    answers = await track(
      {
        channel,
        parcels: parcels.map((parcel) => ({
          trackingNumber: parcel.trackingNo,
          carrierCode: parcel.carrier_code ?? '',
        })),
      },
      adapterDeps(ctx, adapter, channel),
    );
  } catch (error) {
    ctx.log.warn(
      { err: error, channelId: channel.id },
      'a carrier could not be asked for tracking; asked again next round',
    );
    return 0;
  }
  let changed = 0;
  for (const parcel of parcels) {
    if (await applyEvents(ctx, parcel, answers.get(parcel.trackingNo) ?? [])) changed++;
  }
  return changed;
}

/**
 * The provider's parcels are asked about in chunks of this many unless it says otherwise (ten 17TRACK calls): a
 * chunk's answers are applied, and its parcels shown checked, as soon as they are in, not when the round of
 * 5,000 ends (some three minutes later when two instances share 17TRACK's quota).
 */
const PROVIDER_CHUNK = 400;

/**
 * Asks the tracking provider about its parcels (the test schedule about test labels), a chunk at a time: a
 * chunk's new numbers registered, its events fetched and applied, its parcels marked checked. The parcels left
 * when a chunk fails, and those no provider can be asked about, are marked too: a later round asks again.
 */
async function pollClaimed(
  ctx: AppContext,
  providers: TrackingProviders,
  parcels: readonly ClaimedParcel[],
  markAsked: (asked: readonly ClaimedParcel[]) => Promise<void>,
): Promise<number> {
  const chunks = [1, 0].flatMap((isTest) =>
    chunksOf(
      parcels.filter((parcel) => parcel.is_test === isTest),
      (isTest ? providers.test : providers.live)?.chunk ?? PROVIDER_CHUNK,
    ),
  );
  let changed = 0;
  let marked = 0;
  try {
    for (const chunk of chunks) {
      const isTest = (chunk[0] as ClaimedParcel).is_test === 1;
      const provider = isTest ? providers.test : providers.live;
      if (provider) changed += await pollChunk(ctx, provider, chunk, isTest);
      await markAsked(chunk);
      marked++;
    }
  } finally {
    if (marked < chunks.length) await markAsked(chunks.slice(marked).flat());
  }
  return changed;
}

/** One chunk of the provider's parcels: new numbers registered, events fetched and applied; answers how many changed. */
async function pollChunk(
  ctx: AppContext,
  provider: TrackingProvider,
  chunk: readonly ClaimedParcel[],
  isTest: boolean,
): Promise<number> {
  const trackedOf = (parcel: ClaimedParcel): TrackedParcel => ({
    trackingNumber: parcel.trackingNo,
    carrierCode: parcel.carrier_code ?? '',
    isTest,
    labelCreatedAt: parcel.label_created_at ?? Date.now(),
  });
  const unregistered = chunk.filter((parcel) => parcel.tracking_registered === 0);
  if (unregistered.length > 0) {
    await provider.register(unregistered.map(trackedOf));
    await markRegistered(
      ctx.db,
      unregistered.map((parcel) => parcel.parcelId),
    );
  }
  const answers = await provider.fetch(chunk.map(trackedOf));
  let changed = 0;
  for (const parcel of chunk) {
    if (await applyEvents(ctx, parcel, answers.get(parcel.trackingNo) ?? [])) changed++;
  }
  return changed;
}

/** `items` in runs of at most `size`. */
function chunksOf<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

async function flagTransitTooLong(ctx: AppContext, days: number, only?: readonly number[]): Promise<number> {
  const cutoff = Date.now() - days * 86_400_000;
  const stale = await parcelsSilentSince(ctx.db, cutoff, only);
  for (const parcel of stale) {
    await applyEvents(ctx, parcel, [
      {
        status: TRACKING_STATUS.transitTooLong,
        description: `No update for ${days} days`,
        location: '',
        occurredAt: Date.now(),
      },
    ]);
  }
  return stale.length;
}

/** How often the refresh looks at the interval in use, so that a changed one is followed within this. */
const INTERVAL_CHECK_MS = 30_000;

/**
 * A timer that refreshes tracking in the background of each app instance: every `everyMs()` each source of
 * tracking (trackingSources) starts a round, unless its round before is still under way (a carrier's slow
 * quota, 17TRACK's rounds on several instances), which is then followed as soon as it ends; and parcels silent
 * too long are flagged. The interval is the run-time setting
 * (/adminSettings/sysConfig), looked at again at least every 30 seconds, so a changed one is followed by every
 * instance without a restart.
 */
export function startTrackingRefresh(
  ctx: AppContext,
  providers: TrackingProviders,
  options: { everyMs: () => Promise<number>; transitTooLongDays: number },
  log: FastifyBaseLogger,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /**
   * What stopping waits for, as the database closes after: the tick under way, and each source's round (none
   * starts once stopping has begun).
   */
  let ticking: Promise<void> | null = null;
  const rounds = new Map<string, Promise<void>>();
  let lastRound = Date.now();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        ticking = tick().finally(() => {
          ticking = null;
        });
      },
      Math.max(0, ms),
    );
    timer.unref();
  };
  let everyMs = INTERVAL_CHECK_MS;
  const startRound = (source: TrackingSource) => {
    const key = 'channelId' in source.parcels ? `channel ${source.parcels.channelId}` : 'provider';
    if (rounds.has(key) || stopped) return;
    const startedAt = Date.now();
    const round = refreshSource(ctx, providers, source)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error, source: key }, 'tracking refresh failed'),
      )
      .finally(() => {
        rounds.delete(key);
        // A round that outlasted the interval is followed at once, not at the next tick (up to an interval later).
        if (Date.now() - startedAt >= everyMs) startRound(source);
      });
    rounds.set(key, round);
  };
  const tick = async () => {
    try {
      everyMs = Math.max(1000, await options.everyMs());
      if (Date.now() - lastRound >= everyMs) {
        lastRound = Date.now();
        for (const source of await trackingSources(ctx)) startRound(source);
        await flagTransitTooLong(ctx, options.transitTooLongDays);
      }
    } catch (error) {
      log.error({ err: error }, 'tracking refresh failed');
    }
    schedule(Math.min(INTERVAL_CHECK_MS, lastRound + everyMs - Date.now()));
  };
  void options
    .everyMs()
    .catch(() => INTERVAL_CHECK_MS)
    .then((interval) => schedule(Math.min(INTERVAL_CHECK_MS, interval)));
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await ticking;
    await Promise.all(rounds.values());
  };
}
