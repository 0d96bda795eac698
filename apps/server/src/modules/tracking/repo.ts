import { ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import type { TrackingEvent } from '../../core/tracking.ts';
import type { Db } from '../../db/index.ts';
import { liveRejection } from '../orders/index.ts';

/**
 * The tracking tables: `tracking_events`, `tracking_subscriptions`, and the tracking columns of `parcels`
 * (state, last update, registered with the provider). Orders move with their parcels through the orders
 * repo.
 */

/** A parcel as the tracking refresh and the webhook see it. */
export interface TrackedParcelRow {
  parcelId: number;
  orderId: number;
  trackingNo: string;
  status: number;
  /**
   * What never changes of its order once it has a label (its merchant, its mode, its kind), when read with the
   * parcel: then what tells of the parcel's news reads the order no more for them.
   */
  order?: ParcelOrder;
}

/** The order's facts a parcel's news needs: fixed once the label is bought. */
export interface ParcelOrder {
  userId: number;
  isTest: number;
  kind: string;
}

/** A stored event as `storedEvents` reads it: what tells a new event from a repeat. */
export interface StoredEvent {
  status: number;
  occurred_at: number;
  description: string;
}

/** The events already stored for a parcel, to tell new ones from repeats. */
export function storedEvents(db: Db, parcelId: number) {
  return db
    .selectFrom('tracking_events')
    .select(['status', 'occurred_at', 'description'])
    .where('parcel_id', '=', parcelId)
    .execute();
}

/** Stores a parcel's new events and moves the parcel to `latest`'s state. */
export async function recordEvents(
  db: Db,
  parcel: TrackedParcelRow,
  fresh: readonly TrackingEvent[],
  latest: TrackingEvent,
): Promise<void> {
  if (fresh.length > 0) {
    const now = Date.now();
    await db
      .insertInto('tracking_events')
      .values(
        fresh.map((event) => ({
          parcel_id: parcel.parcelId,
          order_id: parcel.orderId,
          status: event.status,
          description: event.description,
          location: event.location,
          occurred_at: event.occurredAt,
          created_at: now,
        })),
      )
      .execute();
  }
  await db
    .updateTable('parcels')
    .set({ tracking_status: latest.status, tracking_updated_at: latest.occurredAt })
    .where('id', '=', parcel.parcelId)
    .execute();
}

/**
 * Claims up to `limit` parcels still on their way (bought, not delivered) for one refresh round: those
 * checked longest ago first, unclaimed or whose claim lapsed (its instance died). Another instance's round
 * skips them until `checked` releases them, so several instances poll each parcel once. `only` narrows the
 * round to given parcels (a merchant's query).
 */
export async function claimParcelsOnTheirWay(
  db: Db,
  options: { limit: number; leaseMs: number; now: number; only?: readonly number[] },
) {
  const { now } = options;
  if (options.only?.length === 0) return [];
  const candidates = await db
    .selectFrom('parcels')
    .innerJoin('orders', 'orders.id', 'parcels.order_id')
    .select([
      'parcels.id as parcelId',
      'parcels.order_id as orderId',
      'parcels.tracking_no as trackingNo',
      'parcels.tracking_status as status',
      'parcels.tracking_registered',
      'orders.carrier_code',
      'orders.channel_id',
      'orders.is_test',
      'orders.label_created_at',
      'orders.user_id',
      'orders.kind',
    ])
    .where('parcels.tracking_no', 'is not', null)
    .where((eb) =>
      eb.or([eb('orders.status', 'in', [ORDER_STATUS.pendingTransport, ORDER_STATUS.inTransit]), liveRejection(eb)]),
    )
    .where('parcels.tracking_status', '!=', TRACKING_STATUS.delivered)
    .where((eb) =>
      eb.or([eb('parcels.tracking_claimed_until', 'is', null), eb('parcels.tracking_claimed_until', '<', now)]),
    )
    .$if(options.only !== undefined, (qb) => qb.where('parcels.id', 'in', [...(options.only as number[])]))
    .orderBy('parcels.tracking_checked_at')
    .orderBy('parcels.id')
    .limit(options.limit)
    .$narrowType<{ trackingNo: string }>()
    .execute();
  if (candidates.length === 0) return [];
  // The claim is the conditional update: a parcel another instance claimed since the read is not returned.
  const claimed = await db
    .updateTable('parcels')
    .set({ tracking_claimed_until: now + options.leaseMs })
    .where(
      'id',
      'in',
      candidates.map((parcel) => parcel.parcelId),
    )
    .where((eb) => eb.or([eb('tracking_claimed_until', 'is', null), eb('tracking_claimed_until', '<', now)]))
    .returning('id')
    .execute();
  const ids = new Set(claimed.map((row) => row.id));
  return candidates
    .filter((parcel) => ids.has(parcel.parcelId))
    .map((parcel) => ({ ...parcel, order: { userId: parcel.user_id, isTest: parcel.is_test, kind: parcel.kind } }));
}

/** Ends a round's claim on its parcels and notes when they were checked. */
export async function markChecked(db: Db, parcelIds: readonly number[], now: number): Promise<void> {
  if (parcelIds.length === 0) return;
  await db
    .updateTable('parcels')
    .set({ tracking_checked_at: now, tracking_claimed_until: null })
    .where('id', 'in', [...parcelIds])
    .execute();
}

export async function markRegistered(db: Db, parcelIds: readonly number[]): Promise<void> {
  if (parcelIds.length === 0) return;
  await db
    .updateTable('parcels')
    .set({ tracking_registered: 1 })
    .where('id', 'in', [...parcelIds])
    .execute();
}

/** Parcels in transit without news since `cutoff` (among `only` when given). */
export async function parcelsSilentSince(
  db: Db,
  cutoff: number,
  only?: readonly number[],
): Promise<TrackedParcelRow[]> {
  if (only?.length === 0) return [];
  return db
    .selectFrom('parcels')
    .select(['id as parcelId', 'order_id as orderId', 'tracking_no as trackingNo', 'tracking_status as status'])
    .where('tracking_status', '=', TRACKING_STATUS.inTransit)
    .where('tracking_updated_at', '<', cutoff)
    .where('tracking_no', 'is not', null)
    .$if(only !== undefined, (qb) => qb.where('id', 'in', [...(only as number[])]))
    .$narrowType<{ trackingNo: string }>()
    .execute();
}

/** Any account's parcel by tracking number (a carrier's push names no account). */
export function parcelByTrackingNo(db: Db, trackingNo: string): Promise<TrackedParcelRow | undefined> {
  return db
    .selectFrom('parcels')
    .select(['id as parcelId', 'order_id as orderId', 'tracking_no as trackingNo', 'tracking_status as status'])
    .where('tracking_no', '=', trackingNo)
    .$narrowType<{ trackingNo: string }>()
    .executeTakeFirst();
}

/**
 * The parcel with that tracking number, bought on `channelId` when one is given (a channel's push reaches
 * only its own labels; 17TRACK's, which names no channel, any account's), with its order's fixed facts and
 * its stored events, in one query: a row per stored event (one with no event when it has none).
 */
export async function parcelWithEvents(
  db: Db,
  trackingNo: string,
  channelId: number | null,
): Promise<{ parcel: TrackedParcelRow; known: StoredEvent[] } | undefined> {
  const rows = await db
    .selectFrom('parcels')
    .innerJoin('orders', 'orders.id', 'parcels.order_id')
    .leftJoin('tracking_events', 'tracking_events.parcel_id', 'parcels.id')
    .select([
      'parcels.id as parcelId',
      'parcels.order_id as orderId',
      'parcels.tracking_no as trackingNo',
      'parcels.tracking_status as status',
      'orders.user_id',
      'orders.is_test',
      'orders.kind',
      'tracking_events.status as event_status',
      'tracking_events.occurred_at',
      'tracking_events.description',
    ])
    .where('parcels.tracking_no', '=', trackingNo)
    .$if(channelId !== null, (qb) => qb.where('orders.channel_id', '=', channelId as number))
    .$narrowType<{ trackingNo: string }>()
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  // Two parcels with the number (never so far): the first, as a lookup of one would take.
  const own = rows.filter((row) => row.parcelId === first.parcelId);
  return {
    parcel: {
      parcelId: first.parcelId,
      orderId: first.orderId,
      trackingNo: first.trackingNo,
      status: first.status,
      order: { userId: first.user_id, isTest: first.is_test, kind: first.kind },
    },
    known: own.flatMap((row) =>
      row.event_status === null || row.occurred_at === null || row.description === null
        ? []
        : [{ status: row.event_status, occurred_at: row.occurred_at, description: row.description }],
    ),
  };
}

/** The account's parcels among `numbers`, with their orders' numbers and services. */
export function ownParcelsByTrackingNo(db: Db, userId: number, numbers: readonly string[]) {
  return db
    .selectFrom('parcels')
    .innerJoin('orders', 'orders.id', 'parcels.order_id')
    .select([
      'parcels.id',
      'parcels.tracking_no',
      'parcels.tracking_status',
      'orders.order_no',
      'orders.id as order_id',
      'orders.carrier_code',
      'orders.service_name',
    ])
    .where('orders.user_id', '=', userId)
    .where('parcels.tracking_no', 'in', [...numbers])
    .execute();
}

/** The events of the given parcels, newest first. */
export async function eventsOfParcels(db: Db, parcelIds: readonly number[]) {
  if (parcelIds.length === 0) return [];
  return db
    .selectFrom('tracking_events')
    .selectAll()
    .where('parcel_id', 'in', [...parcelIds])
    .orderBy('occurred_at', 'desc')
    .execute();
}

export async function addSubscription(
  db: Db,
  subscription: { userId: number; trackingNo: string; email: string | null; webhookUrl: string | null },
): Promise<void> {
  await db
    .insertInto('tracking_subscriptions')
    .values({
      user_id: subscription.userId,
      tracking_no: subscription.trackingNo,
      email: subscription.email,
      webhook_url: subscription.webhookUrl,
      created_at: Date.now(),
    })
    .execute();
}

/**
 * Who is told of a parcel's changes, in one query: by mail (`emails`), and where they are posted (`webhooks`,
 * with the account each belongs to), each in the order subscribed.
 */
export async function subscribersOf(
  db: Db,
  trackingNo: string,
): Promise<{ emails: string[]; webhooks: { userId: number; url: string }[] }> {
  const rows = await db
    .selectFrom('tracking_subscriptions')
    .select(['user_id as userId', 'email', 'webhook_url as url'])
    .where('tracking_no', '=', trackingNo)
    .where((eb) => eb.or([eb('email', 'is not', null), eb('webhook_url', 'is not', null)]))
    .orderBy('id')
    .execute();
  return {
    emails: rows.flatMap((row) => (row.email === null ? [] : [row.email])),
    webhooks: rows.flatMap((row) => (row.url === null ? [] : [{ userId: row.userId, url: row.url }])),
  };
}

/** An order's parcels with their tracking state, in their order on the label. */
export function trackedParcelsOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('parcels')
    .select(['id', 'tracking_no', 'tracking_status', 'tracking_updated_at'])
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();
}
