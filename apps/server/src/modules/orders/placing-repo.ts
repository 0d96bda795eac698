/**
 * The purchase's writes on its orders (modules/purchase decides them): the order to 17 (placing) with the claim
 * its purchase holds on it, renewed, taken over or let go, and from 17 to 1 with its labels or to failed.
 */
import { EDITABLE_STATUSES, ORDER_STATUS } from '@parcelport/shared';
import type { ExpressionBuilder } from 'kysely';
import type { Scope } from '../../core/scope.ts';
import { valuesByKey } from '../../db/bulk.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { type OrderRow, withinScope } from './repo.ts';

const S = ORDER_STATUS;

/** An order, as read, to go to placing with what it is bought as. */
export interface Placing {
  order: Pick<OrderRow, 'id' | 'status' | 'version'>;
  /** The order's columns the purchase sets. */
  columns: Pick<
    OrderRow,
    | 'channel_id'
    | 'service_id'
    | 'carrier_code'
    | 'service_code'
    | 'service_name'
    | 'rate'
    | 'cost'
    | 'insurance_fee'
    | 'earnest'
    | 'zone'
    | 'billable_oz'
    | 'estimate'
    | 'fail_reason'
    | 'refunded_at'
    | 'earnest_released_at'
    | 'proxy_id'
    | 'commission'
  >;
}

/** What the carrier answered for an order: its tracking numbers and labels. */
export interface BoughtLabel {
  orderId: number;
  trackingNo: string;
  /** The carrier's id of the shipment, when bought upstream. */
  upstreamId: string | null;
  parcels: {
    id: number;
    trackingNo: string | null;
    barcode: string | null;
    /** The carrier's label document in the file storage, when the carrier issued it. */
    labelFile: string | null;
    labelFormat: 'pdf' | 'png' | 'zpl' | null;
  }[];
}

/**
 * Moves the orders to placing, each only from a draft or failed state and only if unchanged since it was read
 * (its `version`); answers the ids of those it moved.
 */
export async function moveToPlacing(trx: Db, placings: readonly Placing[], claimMs: number): Promise<number[]> {
  const now = Date.now();
  const moved = await trx
    .updateTable('orders')
    .set({
      ...valuesByKey(
        'id',
        placings,
        (placing) => placing.order.id,
        (placing) => placing.columns,
      ),
      status: S.placing,
      // The purchase's claim on the order, renewed while it runs (see buyLabel); lapsed, any instance recovers it.
      placing_until: now + claimMs,
      unconfirmed_since: null,
      updated_at: now,
      version: (eb) => eb('version', '+', 1),
    })
    .where((eb) =>
      eb.or(placings.map(({ order }) => eb.and([eb('id', '=', order.id), eb('version', '=', order.version)]))),
    )
    .where('status', 'in', EDITABLE_STATUSES)
    .returning('id')
    .execute();
  return moved.map((row) => row.id);
}

/**
 * Records the carrier's labels on the orders still in placing, which move to 1; answers the ids of those moved.
 * An order whose claim lapsed meanwhile was refunded by a sweep and is left as it is.
 */
export async function completePlacing(trx: Db, labels: readonly BoughtLabel[]): Promise<number[]> {
  const now = Date.now();
  const completed = await trx
    .updateTable('orders')
    .set({
      ...valuesByKey(
        'id',
        labels,
        (label) => label.orderId,
        (label) => ({ tracking_no: label.trackingNo, upstream_id: label.upstreamId }),
      ),
      status: S.pendingTransport,
      placing_until: null,
      label_created_at: now,
      updated_at: now,
      version: (eb) => eb('version', '+', 1),
    })
    .where(
      'id',
      'in',
      labels.map((label) => label.orderId),
    )
    .where('status', '=', S.placing)
    .returning('id')
    .execute();
  const moved = new Set(completed.map((row) => row.id));
  const parcels = labels.filter((label) => moved.has(label.orderId)).flatMap((label) => label.parcels);
  if (parcels.length > 0) {
    await trx
      .updateTable('parcels')
      .set(
        valuesByKey(
          'id',
          parcels,
          (parcel) => parcel.id,
          (parcel) => ({
            tracking_no: parcel.trackingNo,
            barcode: parcel.barcode,
            label_file: parcel.labelFile,
            label_format: parcel.labelFormat,
          }),
        ),
      )
      .where(
        'id',
        'in',
        parcels.map((parcel) => parcel.id),
      )
      .execute();
  }
  return [...moved];
}

/** An order in 17 whose purchase's claim lapsed by `now` (no claim at all: placed before claims existed). */
const placingLapsed = (now: number) => (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.or([eb('placing_until', 'is', null), eb('placing_until', '<', now)]);

/** The purchase buying an order is still at work: its claim on the order lasts another `claimMs`. */
export async function renewPlacing(db: Db, orderId: number, claimMs: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ placing_until: Date.now() + claimMs, version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('status', '=', S.placing)
    .execute();
}

/**
 * Takes over the lapsed claim of an order in 17 for `claimMs`, so that one instance alone settles it;
 * false when the order moved on or another instance holds it.
 */
export async function takeOverPlacing(db: Db, orderId: number, now: number, claimMs: number): Promise<boolean> {
  const taken = await db
    .updateTable('orders')
    .set({ placing_until: now + claimMs })
    .where('id', '=', orderId)
    .where('status', '=', S.placing)
    .where(placingLapsed(now))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Keeps the carrier's id of the shipment being bought with the order still in 17 (see recovery). */
export async function rememberUpstreamId(db: Db, orderId: number, upstreamId: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ upstream_id: upstreamId })
    .where('id', '=', orderId)
    .where('status', '=', S.placing)
    .execute();
}

/**
 * Moves an order from 17 to failed with `reason`, only if it is still in 17 (and, given `lapsedAt`, its
 * claim lapsed by then); answers the order as moved, or undefined when another instance moved it first.
 */
export function failFromPlacing(db: Db, orderId: number, reason: string, lapsedAt?: number) {
  return db
    .updateTable('orders')
    .set({
      status: S.failed,
      fail_reason: reason,
      placing_until: null,
      updated_at: Date.now(),
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', orderId)
    .where('status', '=', S.placing)
    .$if(lapsedAt !== undefined, (qb) => qb.where(placingLapsed(lapsedAt as number)))
    .returningAll()
    .executeTakeFirst();
}

/** Orders in 17 whose purchase's claim lapsed by `now`, oldest first. */
export function lapsedPurchases(db: Db, now: number, limit: number) {
  return (
    db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', S.placing)
      .where(placingLapsed(now))
      // Those waiting for staff are settled by hand (see markUnconfirmed).
      .where('unconfirmed_since', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}

/**
 * Marks an order in 17 as waiting for staff to settle its purchase (its carrier cannot be asked whether it
 * bought); true only the first time, so staff are told once.
 */
export async function markUnconfirmed(db: Db, orderId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    // The recovery's claim ends here: the staff member who settles it takes the order next.
    .set({ unconfirmed_since: now, placing_until: null })
    .where('id', '=', orderId)
    .where('status', '=', S.placing)
    .where('unconfirmed_since', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Orders whose purchase waits for staff, oldest first, with what staff need to look them up at the carrier. */
export function unconfirmedPurchases(db: Db, scope: Scope) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('channels', 'channels.id', 'orders.channel_id')
    .select([
      'orders.id',
      'orders.order_no',
      'orders.unconfirmed_since',
      'orders.service_name',
      'orders.rate',
      'orders.is_test',
      'users.username',
      'channels.name as channel_name',
      (eb) =>
        eb
          .selectFrom('parcels')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('parcels.order_id', '=', 'orders.id')
          .as('parcel_count'),
    ])
    .where('orders.status', '=', S.placing)
    .where('orders.unconfirmed_since', 'is not', null)
    .$call((qb) => withinScope(qb, scope))
    .orderBy('orders.unconfirmed_since')
    .orderBy('orders.id')
    .execute();
}

/** Lets go of the claim on an order still in 17 (a settlement that did not settle it): the next may take it. */
export async function releasePlacing(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ placing_until: null })
    .where('id', '=', orderId)
    .where('status', '=', S.placing)
    .execute();
}
