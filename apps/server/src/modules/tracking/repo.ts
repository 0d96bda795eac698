import { ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import type { TrackingEvent } from '../../core/tracking.ts';
import { valuesByKey } from '../../db/bulk.ts';
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

/** A parcel's new events (`fresh`) and the one that gives its state (`latest`). */
export interface ParcelEvents {
  parcel: TrackedParcelRow;
  fresh: readonly TrackingEvent[];
  latest: TrackingEvent;
}

/**
 * Stores parcels' new events and moves each parcel to its `latest`'s state: one insert (a statement per 500
 * events) and one update, whatever the number of parcels (each given once).
 */
export async function recordEvents(db: Db, news: readonly ParcelEvents[]): Promise<void> {
  if (news.length === 0) return;
  const now = Date.now();
  const rows = news.flatMap(({ parcel, fresh }) =>
    fresh.map((event) => ({
      parcel_id: parcel.parcelId,
      order_id: parcel.orderId,
      status: event.status,
      description: event.description,
      location: event.location,
      occurred_at: event.occurredAt,
      created_at: now,
    })),
  );
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('tracking_events')
      .values(rows.slice(start, start + 500))
      .execute();
  await db
    .updateTable('parcels')
    .set(
      valuesByKey(
        'id',
        news,
        (item) => item.parcel.parcelId,
        (item) => ({ tracking_status: item.latest.status, tracking_updated_at: item.latest.occurredAt }),
      ),
    )
    .where(
      'id',
      'in',
      news.map((item) => item.parcel.parcelId),
    )
    .execute();
}

/** The parcels a round asks about: those bought on one channel, or those bought on none of some channels. */
export type ParcelSource = { channelId: number } | { exceptChannels: readonly number[] };

/**
 * Claims up to `limit` parcels still on their way (bought, not delivered) of `source` for one refresh round:
 * those checked longest ago first, unclaimed or whose claim lapsed (its instance died). Another instance's
 * round skips them until `checked` releases them, so several instances poll each parcel once. `only` narrows
 * the round to given parcels (a merchant's query).
 */
export async function claimParcelsOnTheirWay(
  db: Db,
  options: { source: ParcelSource; limit: number; leaseMs: number; now: number; only?: readonly number[] },
) {
  const { source } = options;
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
    .$if('channelId' in source, (qb) => qb.where('orders.channel_id', '=', (source as { channelId: number }).channelId))
    .$if('exceptChannels' in source && source.exceptChannels.length > 0, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('orders.channel_id', 'is', null),
          eb('orders.channel_id', 'not in', [...(source as { exceptChannels: readonly number[] }).exceptChannels]),
        ]),
      ),
    )
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

/** A parcel found by its number, with its order's fixed facts and channel, and its stored events. */
export interface ParcelWithEvents {
  parcel: TrackedParcelRow;
  channelId: number | null;
  known: StoredEvent[];
}

/**
 * The parcels with these tracking numbers, each with its order's fixed facts and channel and its stored
 * events, in one query (a row per stored event, one with no event when it has none): by number, lowest
 * parcel id first.
 */
export async function parcelsWithEvents(
  db: Db,
  trackingNos: readonly string[],
): Promise<Map<string, ParcelWithEvents[]>> {
  const found = new Map<string, ParcelWithEvents[]>();
  if (trackingNos.length === 0) return found;
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
      'orders.channel_id',
      'tracking_events.status as event_status',
      'tracking_events.occurred_at',
      'tracking_events.description',
    ])
    .where('parcels.tracking_no', 'in', [...new Set(trackingNos)])
    .$narrowType<{ trackingNo: string }>()
    .execute();
  const byParcel = new Map<number, ParcelWithEvents>();
  for (const row of [...rows].sort((a, b) => a.parcelId - b.parcelId)) {
    let entry = byParcel.get(row.parcelId);
    if (!entry) {
      entry = {
        parcel: {
          parcelId: row.parcelId,
          orderId: row.orderId,
          trackingNo: row.trackingNo,
          status: row.status,
          order: { userId: row.user_id, isTest: row.is_test, kind: row.kind },
        },
        channelId: row.channel_id,
        known: [],
      };
      byParcel.set(row.parcelId, entry);
      found.set(row.trackingNo, [...(found.get(row.trackingNo) ?? []), entry]);
    }
    if (row.event_status !== null && row.occurred_at !== null && row.description !== null)
      entry.known.push({ status: row.event_status, occurred_at: row.occurred_at, description: row.description });
  }
  return found;
}

/**
 * The parcel with that tracking number, bought on `channelId` when one is given (a channel's push reaches
 * only its own labels; 17TRACK's, which names no channel, any account's), with its order's fixed facts and
 * its stored events, in one query. Two parcels with the number (never so far): the lowest id.
 */
export async function parcelWithEvents(
  db: Db,
  trackingNo: string,
  channelId: number | null,
): Promise<ParcelWithEvents | undefined> {
  const found = (await parcelsWithEvents(db, [trackingNo])).get(trackingNo) ?? [];
  return found.find((entry) => channelId === null || entry.channelId === channelId);
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

/** Who is told of a parcel's changes: by mail, and where they are posted (with the account each belongs to). */
export interface Subscribers {
  emails: string[];
  webhooks: { userId: number; url: string }[];
}

/**
 * Who is told of the changes of parcels with these numbers, in one query: by number, each in the order
 * subscribed (a number no one subscribed to is not in the map).
 */
export async function subscribersOf(db: Db, trackingNos: readonly string[]): Promise<Map<string, Subscribers>> {
  const found = new Map<string, Subscribers>();
  if (trackingNos.length === 0) return found;
  const rows = await db
    .selectFrom('tracking_subscriptions')
    .select(['tracking_no as trackingNo', 'user_id as userId', 'email', 'webhook_url as url'])
    .where('tracking_no', 'in', [...new Set(trackingNos)])
    .where((eb) => eb.or([eb('email', 'is not', null), eb('webhook_url', 'is not', null)]))
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const entry = found.get(row.trackingNo) ?? { emails: [], webhooks: [] };
    if (row.email !== null) entry.emails.push(row.email);
    if (row.url !== null) entry.webhooks.push({ userId: row.userId, url: row.url });
    found.set(row.trackingNo, entry);
  }
  return found;
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
