import { type Locale, ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { type MessageKey, translate } from '../i18n/messages.ts';
import { enqueueTask } from '../jobs/queue.ts';
import { isLiveRejection, liveRejection } from '../modules/orders/live-label.ts';
import { WEBHOOK_JOB, type WebhookPayload } from '../webhooks/delivery.ts';
import type { TrackedParcel, TrackingEvent, TrackingProvider } from './provider.ts';

interface ParcelWithOrder {
  parcelId: number;
  orderId: number;
  trackingNo: string;
  status: number;
}

/**
 * Stores a parcel's new events, moves the parcel to its latest state, and the order with it (first scan →
 * in transit, every parcel delivered → delivered); subscribers are mailed, and their webhooks queued, for
 * each change of state.
 */
export async function applyEvents(ctx: AppContext, parcel: ParcelWithOrder, events: TrackingEvent[]): Promise<boolean> {
  if (events.length === 0) return false;
  const known = await ctx.db
    .selectFrom('tracking_events')
    .select(['status', 'occurred_at', 'description'])
    .where('parcel_id', '=', parcel.parcelId)
    .execute();
  const seen = new Set(known.map((event) => `${event.status}|${event.occurred_at}|${event.description}`));
  const fresh = events.filter((event) => !seen.has(`${event.status}|${event.occurredAt}|${event.description}`));
  const latest = [...events].sort((a, b) => a.occurredAt - b.occurredAt).at(-1) as TrackingEvent;
  const changed = latest.status !== parcel.status;
  if (fresh.length === 0 && !changed) return false;
  await ctx.db.transaction().execute(async (trx) => {
    if (fresh.length > 0) {
      await trx
        .insertInto('tracking_events')
        .values(
          fresh.map((event) => ({
            parcel_id: parcel.parcelId,
            order_id: parcel.orderId,
            status: event.status,
            description: event.description,
            location: event.location,
            occurred_at: event.occurredAt,
            created_at: Date.now(),
          })),
        )
        .execute();
    }
    await trx
      .updateTable('parcels')
      .set({ tracking_status: latest.status, tracking_updated_at: latest.occurredAt })
      .where('id', '=', parcel.parcelId)
      .execute();
    await followParcels(trx, parcel.orderId);
    // Webhook deliveries are queued with the change they tell of, and run by the task worker: a slow
    // target never holds up this refresh.
    if (changed) await queueWebhooks(trx, parcel.trackingNo, latest);
  });
  if (changed) {
    ctx.wakeWorker();
    await mailSubscribers(ctx, parcel.trackingNo, latest);
  }
  return changed;
}

/** The order's state from its parcels' states (docs/spec.md §4 timeline: received, in transit, delivered). */
async function followParcels(db: Db, orderId: number): Promise<void> {
  const order = await db
    .selectFrom('orders')
    .select(['status', 'refunded_at', 'tracking_no'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return;
  // A label whose cancellation was rejected ships like one never cancelled: it moves on from 16 as from 1.
  const waiting = order.status === ORDER_STATUS.pendingTransport || isLiveRejection(order);
  if (!waiting && order.status !== ORDER_STATUS.inTransit) return;
  const states = (
    await db.selectFrom('parcels').select('tracking_status').where('order_id', '=', orderId).execute()
  ).map((p) => p.tracking_status);
  const events = new Set(
    (await db.selectFrom('order_events').select('event').where('order_id', '=', orderId).execute()).map((e) => e.event),
  );
  const now = Date.now();
  const addEvent = (status: number, event: string) =>
    db
      .insertInto('order_events')
      .values({ order_id: orderId, status, event, actor_id: null, created_at: now })
      .execute();
  if (!events.has('received') && states.some((s) => s >= TRACKING_STATUS.infoReceived))
    await addEvent(order.status, 'received');
  if (states.every((s) => s === TRACKING_STATUS.delivered)) {
    await db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.delivered, updated_at: now, version: (eb) => eb('version', '+', 1) })
      .where('id', '=', orderId)
      .execute();
    await addEvent(ORDER_STATUS.delivered, 'delivered');
  } else if (waiting && states.some((s) => s >= TRACKING_STATUS.inTransit)) {
    await db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.inTransit, updated_at: now, version: (eb) => eb('version', '+', 1) })
      .where('id', '=', orderId)
      .execute();
    await addEvent(ORDER_STATUS.inTransit, 'inTransit');
  }
}

async function mailSubscribers(ctx: AppContext, trackingNo: string, event: TrackingEvent): Promise<void> {
  const subscriptions = await ctx.db
    .selectFrom('tracking_subscriptions')
    .select('email')
    .where('tracking_no', '=', trackingNo)
    .where('email', 'is not', null)
    .execute();
  const locale: Locale = 'en-US';
  const state = translate(`tracking${event.status}` as MessageKey, locale);
  for (const subscription of subscriptions) {
    await ctx.mailer.send({
      to: subscription.email as string,
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

/** One webhook job per subscribed URL, posting `{ trackingNo, status, state, event }`. */
async function queueWebhooks(db: Db, trackingNo: string, event: TrackingEvent): Promise<void> {
  const subscriptions = await db
    .selectFrom('tracking_subscriptions')
    .select(['user_id', 'webhook_url'])
    .where('tracking_no', '=', trackingNo)
    .where('webhook_url', 'is not', null)
    .execute();
  const state = translate(`tracking${event.status}` as MessageKey, 'en-US');
  const body = JSON.stringify({ trackingNo, status: event.status, state, event });
  for (const subscription of subscriptions) {
    const payload: WebhookPayload = { url: subscription.webhook_url as string, body };
    await enqueueTask(db, { userId: subscription.user_id, type: WEBHOOK_JOB, payload: { ...payload } });
  }
}

export interface TrackingProviders {
  /** For test-mode labels: the schedule that walks them through every state. */
  test: TrackingProvider;
  /** For real labels, when a provider is configured. */
  live: TrackingProvider | null;
}

/**
 * Fetches the events of every parcel still on its way, applies them, and raises 'transit too long' for
 * parcels in transit without news for `transitTooLongDays`. Answers how many parcels changed state.
 */
export async function refreshTracking(
  ctx: AppContext,
  providers: TrackingProviders,
  transitTooLongDays: number,
): Promise<number> {
  const parcels = await ctx.db
    .selectFrom('parcels')
    .innerJoin('orders', 'orders.id', 'parcels.order_id')
    .select([
      'parcels.id as parcelId',
      'parcels.order_id as orderId',
      'parcels.tracking_no as trackingNo',
      'parcels.tracking_status as status',
      'parcels.tracking_registered',
      'orders.carrier_code',
      'orders.is_test',
      'orders.label_created_at',
    ])
    .where('parcels.tracking_no', 'is not', null)
    .where((eb) =>
      eb.or([eb('orders.status', 'in', [ORDER_STATUS.pendingTransport, ORDER_STATUS.inTransit]), liveRejection(eb)]),
    )
    .where('parcels.tracking_status', '!=', TRACKING_STATUS.delivered)
    .limit(5000)
    .execute();
  let changed = 0;
  for (const isTest of [true, false]) {
    const provider = isTest ? providers.test : providers.live;
    const group = parcels.filter((parcel) => (parcel.is_test === 1) === isTest);
    if (!provider || group.length === 0) continue;
    const tracked: TrackedParcel[] = group.map((parcel) => ({
      trackingNumber: parcel.trackingNo as string,
      carrierCode: parcel.carrier_code ?? '',
      isTest,
      labelCreatedAt: parcel.label_created_at ?? Date.now(),
    }));
    const unregistered = group.filter((parcel) => parcel.tracking_registered === 0);
    if (unregistered.length > 0) {
      await provider.register(
        tracked.filter((parcel) => unregistered.some((u) => u.trackingNo === parcel.trackingNumber)),
      );
      await ctx.db
        .updateTable('parcels')
        .set({ tracking_registered: 1 })
        .where(
          'id',
          'in',
          unregistered.map((parcel) => parcel.parcelId),
        )
        .execute();
    }
    const answers = await provider.fetch(tracked);
    for (const parcel of group) {
      const events = answers.get(parcel.trackingNo as string) ?? [];
      if (await applyEvents(ctx, { ...parcel, trackingNo: parcel.trackingNo as string }, events)) changed++;
    }
  }
  changed += await flagTransitTooLong(ctx, transitTooLongDays);
  return changed;
}

async function flagTransitTooLong(ctx: AppContext, days: number): Promise<number> {
  const cutoff = Date.now() - days * 86_400_000;
  const stale = await ctx.db
    .selectFrom('parcels')
    .select(['id as parcelId', 'order_id as orderId', 'tracking_no as trackingNo', 'tracking_status as status'])
    .where('tracking_status', '=', TRACKING_STATUS.inTransit)
    .where('tracking_updated_at', '<', cutoff)
    .execute();
  for (const parcel of stale) {
    await applyEvents(ctx, { ...parcel, trackingNo: parcel.trackingNo ?? '' }, [
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

/** A timer that refreshes tracking in the background of each app instance. */
export function startTrackingRefresh(
  ctx: AppContext,
  providers: TrackingProviders,
  options: { everyMs: number; transitTooLongDays: number },
  log: FastifyBaseLogger,
): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    refreshTracking(ctx, providers, options.transitTooLongDays)
      .catch((error) => log.error({ err: error }, 'tracking refresh failed'))
      .finally(() => {
        busy = false;
      });
  }, options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
