import { type Locale, TRACKING_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { TrackingEvent } from '../../core/tracking.ts';
import type { Db } from '../../db/index.ts';
import type { ParcelListener, ParcelNews } from '../../declaration.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { enqueueTasks } from '../../jobs/queue.ts';
import { trackingUpdatedMany, WEBHOOK_JOB, type WebhookPayload } from '../webhooks/index.ts';
import {
  type ParcelEvents,
  recordEvents,
  type StoredEvent,
  storedEvents,
  subscribersOf,
  type TrackedParcelRow,
} from './repo.ts';

/**
 * Applying a parcel's events, alone (a refresh round, 17TRACK's push) or many parcels' at once (a group of
 * carrier pushes, push-inbox.ts): the events and the parcel's state stored, the listeners to parcel news told,
 * subscribers' webhooks and tracking.updated events queued in the same transaction; mail and notices after it.
 */

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
