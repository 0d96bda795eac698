import { type Locale, TRACKING_STATUS } from '@parcelport/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { TrackingEvent } from '../../core/tracking.ts';
import type { Db } from '../../db/index.ts';
import type { ParcelListener, ParcelNews } from '../../declaration.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { enqueueTasks } from '../../jobs/queue.ts';
import { adapterDeps, labelChannelOf } from '../channels/index.ts';
import { trackingUpdatedMany, WEBHOOK_JOB, type WebhookPayload } from '../webhooks/index.ts';
import type { TrackedParcel, TrackingProvider } from './provider.ts';
import {
  claimParcelsOnTheirWay,
  markChecked,
  markRegistered,
  type ParcelEvents,
  parcelsSilentSince,
  recordEvents,
  type StoredEvent,
  storedEvents,
  subscribersOf,
  type TrackedParcelRow,
} from './repo.ts';

/** A parcel's events as a source told them, with the parcel's stored events (to tell new ones from repeats). */
export interface ParcelUpdate {
  parcel: TrackedParcelRow;
  events: readonly TrackingEvent[];
  known: readonly StoredEvent[];
}

/** An update that records something: its new events, the one that gives the parcel's state, its news. */
interface Planned extends ParcelEvents {
  news: ParcelNews;
}

/** Who is told of a recorded change once it is committed. */
export interface Committed {
  planned: Planned;
  emails: readonly string[];
}

const eventKey = (status: number, occurredAt: number, description: string) => `${status}|${occurredAt}|${description}`;

/**
 * What an update records, given the events already stored (`seen`, by eventKey): nothing when it brings no
 * new event and leaves the state as it is.
 */
function plan(parcel: TrackedParcelRow, events: readonly TrackingEvent[], seen: ReadonlySet<string>): Planned | null {
  if (events.length === 0) return null;
  const fresh = events.filter((event) => !seen.has(eventKey(event.status, event.occurredAt, event.description)));
  const latest = [...events].sort((a, b) => a.occurredAt - b.occurredAt).at(-1) as TrackingEvent;
  const changed = latest.status !== parcel.status;
  if (fresh.length === 0 && !changed) return null;
  const news: ParcelNews = {
    orderId: parcel.orderId,
    parcelId: parcel.parcelId,
    trackingNo: parcel.trackingNo,
    latest,
    changed,
    scanned: events.some(isScan),
    ...(parcel.order && { order: { userId: parcel.order.userId, kind: parcel.order.kind } }),
  };
  return { parcel, fresh, latest, news };
}

/**
 * Stores a parcel's new events and moves the parcel to its latest state; the modules listening to parcel news
 * act with it (declaration.ts `ParcelListener`: the order follows its parcels, a pay-on-use return is charged at
 * its first scan, the recipient is told). Subscribers are mailed, and their webhooks queued, for each change of
 * state. `known` is the parcel's stored events when the caller read them with the parcel (else read here).
 */
export async function applyEvents(
  ctx: AppContext,
  parcel: TrackedParcelRow,
  events: TrackingEvent[],
  known?: readonly StoredEvent[],
): Promise<boolean> {
  if (events.length === 0) return false;
  const stored = known ?? (await storedEvents(ctx.db, parcel.parcelId));
  const planned = plan(parcel, events, new Set(stored.map((e) => eventKey(e.status, e.occurred_at, e.description))));
  if (!planned) return false;
  const committed = await ctx.db.transaction().execute((trx) => recordNews(ctx, trx, [planned]));
  await tellCommitted(ctx, committed);
  return planned.news.changed;
}

/**
 * Records many parcels' updates in the caller's transaction (a group of carrier pushes), as if each were
 * applied in turn, in their order, but in a few statements for all: in waves of one update per order (an
 * order follows its parcels once per wave, so its timeline reads as if they came one by one), each wave's
 * events, parcels, listeners, subscribers' webhooks and tracking.updated events written together. Answers
 * what is to be told once the transaction commits (`tellCommitted`).
 */
export async function recordUpdates(ctx: AppContext, trx: Db, updates: readonly ParcelUpdate[]): Promise<Committed[]> {
  // Each parcel's state and stored events as the waves before leave them.
  const state = new Map<number, { status: number; seen: Set<string> }>();
  const waves: ParcelUpdate[][] = [];
  const depth = new Map<number, number>();
  for (const update of updates) {
    const wave = depth.get(update.parcel.orderId) ?? 0;
    depth.set(update.parcel.orderId, wave + 1);
    const members = waves[wave] ?? [];
    members.push(update);
    waves[wave] = members;
  }
  const committed: Committed[] = [];
  for (const wave of waves) {
    const planned: Planned[] = [];
    for (const update of wave) {
      const was = state.get(update.parcel.parcelId) ?? {
        status: update.parcel.status,
        seen: new Set(update.known.map((e) => eventKey(e.status, e.occurred_at, e.description))),
      };
      state.set(update.parcel.parcelId, was);
      const next = plan({ ...update.parcel, status: was.status }, update.events, was.seen);
      if (!next) continue;
      was.status = next.latest.status;
      for (const event of next.fresh) was.seen.add(eventKey(event.status, event.occurredAt, event.description));
      planned.push(next);
    }
    committed.push(...(await recordNews(ctx, trx, planned)));
  }
  return committed;
}

/**
 * Records planned news, each of another order, in `trx`: the events and parcels, the listeners' writes (the
 * orders follow), and for the changed parcels the subscribers' webhooks and the tracking.updated events.
 */
async function recordNews(ctx: AppContext, trx: Db, planned: readonly Planned[]): Promise<Committed[]> {
  if (planned.length === 0) return [];
  await recordEvents(trx, planned);
  // The order follows its parcels, a pay-on-use return is charged at its first scan… (the modules' listeners).
  const news = planned.map((item) => item.news);
  for (const listener of ctx.hooks.parcelNews) {
    if (listener.recordedMany) await listener.recordedMany(trx, news);
    else for (const item of news) await listener.recorded?.(trx, item);
  }
  const changed = planned.filter((item) => item.news.changed);
  if (changed.length === 0) return [];
  // Webhook deliveries are queued with the change they tell of, and run by the task worker: a slow
  // target never holds up this refresh. Who is mailed is read with them, and mailed once it is committed.
  const subscribers = await subscribersOf(
    trx,
    changed.map((item) => item.parcel.trackingNo),
  );
  await queueWebhooks(
    trx,
    changed.map((item) => ({
      trackingNo: item.parcel.trackingNo,
      event: item.latest,
      webhooks: subscribers.get(item.parcel.trackingNo)?.webhooks ?? [],
    })),
  );
  await trackingUpdatedMany(
    trx,
    changed.map((item) => ({
      parcel: item.parcel,
      change: {
        status: item.latest.status,
        state: translate(`tracking${item.latest.status}` as MessageKey, 'en-US'),
        event: { ...item.latest },
      },
    })),
  );
  return changed.map((item) => ({ planned: item, emails: subscribers.get(item.parcel.trackingNo)?.emails ?? [] }));
}

/** Once changes are committed: the task worker woken (their webhooks), subscribers mailed, listeners told. */
export async function tellCommitted(ctx: AppContext, committed: readonly Committed[]): Promise<void> {
  if (committed.length === 0) return;
  ctx.wakeWorker();
  for (const { planned, emails } of committed)
    await mailSubscribers(ctx, emails, planned.parcel.trackingNo, planned.latest);
  const news = committed.map(({ planned }) => planned.news);
  for (const listener of ctx.hooks.parcelNews) await tellSafely(ctx, listener, news);
}

/**
 * An event that says the carrier has the parcel in hand: in transit or any later state it reports
 * ('transit too long' is ours, not a scan; an exception may come before acceptance).
 */
const isScan = (event: TrackingEvent) =>
  event.status >= TRACKING_STATUS.inTransit && event.status <= TRACKING_STATUS.delivered;

/** A listener told after the changes are stored (the recipient's notice); a failure never stops the round. */
async function tellSafely(ctx: AppContext, listener: ParcelListener, news: readonly ParcelNews[]): Promise<void> {
  if (listener.changedMany) {
    try {
      await listener.changedMany(ctx, news);
    } catch (error) {
      ctx.log.error({ err: error }, 'a listener to parcel news failed');
    }
    return;
  }
  for (const item of news) {
    try {
      await listener.changed?.(ctx, item);
    } catch (error) {
      ctx.log.error({ err: error, orderId: item.orderId }, 'a listener to parcel news failed');
    }
  }
}

async function mailSubscribers(
  ctx: AppContext,
  emails: readonly string[],
  trackingNo: string,
  event: TrackingEvent,
): Promise<void> {
  const locale: Locale = 'en-US';
  const state = translate(`tracking${event.status}` as MessageKey, locale);
  for (const email of emails) {
    await ctx.mailer.send({
      to: email,
      subject: translate('mailTrackingSubject', locale, { trackingNo, state }),
      body: translate('mailTrackingBody', locale, {
        trackingNo,
        state,
        description: event.description,
        location: event.location || '-',
        time: new Date(event.occurredAt).toISOString(),
      }),
    });
  }
}

/** One webhook job per subscribed URL, posting `{ trackingNo, status, state, event }`; one statement for all. */
async function queueWebhooks(
  db: Db,
  changes: readonly {
    trackingNo: string;
    event: TrackingEvent;
    webhooks: readonly { userId: number; url: string }[];
  }[],
): Promise<void> {
  const tasks = changes.flatMap(({ trackingNo, event, webhooks }) => {
    if (webhooks.length === 0) return [];
    const state = translate(`tracking${event.status}` as MessageKey, 'en-US');
    const body = JSON.stringify({ trackingNo, status: event.status, state, event });
    return webhooks.map((webhook) => {
      const payload: WebhookPayload = { url: webhook.url, body };
      return { userId: webhook.userId, type: WEBHOOK_JOB, payload: { ...payload } };
    });
  });
  if (tasks.length > 0) await enqueueTasks(db, tasks);
}

export interface TrackingProviders {
  /** For test-mode labels: the schedule that walks them through every state. */
  test: TrackingProvider;
  /** For real labels, when a provider is configured. */
  live: TrackingProvider | null;
}

/** How long a refresh round holds the parcels it polls before another instance may take them. */
const ROUND_LEASE_MS = 5 * 60_000;
const ROUND_SIZE = 5000;

/**
 * Fetches the events of the parcels still on its way that this round claims (checked longest ago first;
 * `only` narrows it to given parcels), applies them, and raises 'transit too long' for parcels (among
 * `only`) in transit without news for `transitTooLongDays`. Answers how many parcels changed state.
 */
export async function refreshTracking(
  ctx: AppContext,
  providers: TrackingProviders,
  transitTooLongDays: number,
  only?: readonly number[],
): Promise<number> {
  const now = Date.now();
  const parcels = await claimParcelsOnTheirWay(ctx.db, { limit: ROUND_SIZE, leaseMs: ROUND_LEASE_MS, now, only });
  let changed = 0;
  try {
    // Each source is asked at once, at its own pace: carriers that track their own parcels at their channels'
    // limits, the provider (17TRACK) the rest at its quota. Asked one after another, a carrier's slow quota
    // held the provider's parcels back for the whole of its turn.
    const { carrierGroups, rest } = await bySource(ctx, parcels);
    const polled = await Promise.all([
      ...carrierGroups.map((group) => pollCarrier(ctx, group)),
      pollClaimed(ctx, providers, rest),
    ]);
    changed += polled.reduce((sum, count) => sum + count, 0);
  } finally {
    await markChecked(
      ctx.db,
      parcels.map((parcel) => parcel.parcelId),
      Date.now(),
    );
  }
  changed += await flagTransitTooLong(ctx, transitTooLongDays, only);
  return changed;
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

async function pollClaimed(
  ctx: AppContext,
  providers: TrackingProviders,
  parcels: readonly ClaimedParcel[],
): Promise<number> {
  let changed = 0;
  for (const isTest of [true, false]) {
    const provider = isTest ? providers.test : providers.live;
    const group = parcels.filter((parcel) => (parcel.is_test === 1) === isTest);
    if (!provider || group.length === 0) continue;
    const tracked: TrackedParcel[] = group.map((parcel) => ({
      trackingNumber: parcel.trackingNo,
      carrierCode: parcel.carrier_code ?? '',
      isTest,
      labelCreatedAt: parcel.label_created_at ?? Date.now(),
    }));
    const unregistered = group.filter((parcel) => parcel.tracking_registered === 0);
    if (unregistered.length > 0) {
      await provider.register(
        tracked.filter((parcel) => unregistered.some((u) => u.trackingNo === parcel.trackingNumber)),
      );
      await markRegistered(
        ctx.db,
        unregistered.map((parcel) => parcel.parcelId),
      );
    }
    const answers = await provider.fetch(tracked);
    for (const parcel of group) {
      if (await applyEvents(ctx, parcel, answers.get(parcel.trackingNo) ?? [])) changed++;
    }
  }
  return changed;
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
 * A timer that refreshes tracking in the background of each app instance, a round every `everyMs()`: the
 * interval is the run-time setting (/adminSettings/sysConfig), looked at again at least every 30 seconds,
 * so a changed one is followed by every instance without a restart.
 */
export function startTrackingRefresh(
  ctx: AppContext,
  providers: TrackingProviders,
  options: { everyMs: () => Promise<number>; transitTooLongDays: number },
  log: FastifyBaseLogger,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** The round under way, which stopping waits for: the database closes after it. */
  let running: Promise<void> | null = null;
  let lastRound = Date.now();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = tick().finally(() => {
          running = null;
        });
      },
      Math.max(0, ms),
    );
    timer.unref();
  };
  const tick = async () => {
    let everyMs = INTERVAL_CHECK_MS;
    try {
      everyMs = Math.max(1000, await options.everyMs());
      if (Date.now() - lastRound >= everyMs) {
        lastRound = Date.now();
        await refreshTracking(ctx, providers, options.transitTooLongDays);
      }
    } catch (error) {
      log.error({ err: error }, 'tracking refresh failed');
    }
    schedule(Math.min(INTERVAL_CHECK_MS, lastRound + everyMs - Date.now()));
  };
  void options
    .everyMs()
    .catch(() => INTERVAL_CHECK_MS)
    .then((everyMs) => schedule(Math.min(INTERVAL_CHECK_MS, everyMs)));
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
