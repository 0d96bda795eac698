/** Orders and their parcels as rows: reads by id and scope, state moves. */
import { ORDER_STATUS } from '@parcelport/shared';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { Database, OrdersTable, ParcelsTable } from '../../db/schema.ts';
import type { AddressInput } from './schemas.ts';

export type OrderRow = Selectable<OrdersTable>;
export type ParcelRow = Selectable<ParcelsTable>;

/** The columns an order list reads (not the stored quote and options, which only the detail needs). */
export const LIST_COLUMNS = [
  'id',
  'order_no',
  'tracking_no',
  'batch_no',
  'status',
  'user_id',
  'channel_id',
  'service_id',
  'service_name',
  'carrier_code',
  'service_code',
  'rate',
  'insurance_fee',
  'insurance_cents',
  'earnest',
  'zone',
  'to_address',
  'from_address',
  'reference1',
  'reference2',
  'remark',
  'audit_info',
  'fail_reason',
  'is_test',
  'label_size',
  'created_at',
  'label_created_at',
  'ship_date',
  'billed_cost',
  'billed_at',
  'earnest_released_at',
  'refunded_at',
  'carrier_refund',
  'carrier_refund_note',
  'address_status',
  'address_note',
  'kind',
  'held_for_review',
] as const satisfies readonly (keyof OrderRow)[];
export type OrderListRow = Pick<OrderRow, (typeof LIST_COLUMNS)[number]>;

/**
 * Limits an orders query to the caller's scope: their own orders (userId), or their customers' (ownerId),
 * and to test or live orders when the call came with a test or a live API key.
 */
export function withinScope<QB extends SelectQueryBuilder<Database, 'orders', object>>(qb: QB, scope: Scope): QB {
  let scoped = qb;
  if (scope.test !== undefined) scoped = scoped.where('orders.is_test', '=', scope.test ? 1 : 0) as QB;
  if (scope.userId !== undefined) scoped = scoped.where('orders.user_id', '=', scope.userId) as QB;
  if (scope.ownerId !== undefined) {
    const ownerId = scope.ownerId;
    scoped = scoped.where('orders.user_id', 'in', (eb) =>
      eb.selectFrom('users').select('id').where('owner_id', '=', ownerId),
    ) as QB;
  }
  return scoped;
}

/** One order, if it is within the caller's scope. */
export async function findOrderInScope(db: Db, id: number, scope: Scope): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('orders.id', '=', id)
    .$call((qb) => withinScope(qb, scope))
    .executeTakeFirst();
}

/** How many of the (distinct) order ids are within the scope, read a thousand at a time. */
export async function countOrdersInScope(db: Db, ids: readonly number[], scope: Scope): Promise<number> {
  let found = 0;
  for (let start = 0; start < ids.length; start += 1000) {
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orders.id', 'in', ids.slice(start, start + 1000))
      .$call((qb) => withinScope(qb, scope))
      .executeTakeFirstOrThrow();
    found += Number(row.n);
  }
  return found;
}

export async function findOrder(db: Db, id: number, userId?: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId as number))
    .executeTakeFirst();
}

/**
 * What orders following their parcels decide on, in one query: each one's state (and what tells a live
 * rejection), the lowest and highest tracking state among its parcels (null without parcels), and whether its
 * timeline says it was received.
 */
export function followingFacts(db: Db, orderIds: readonly number[]) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'orders.id',
      'orders.status',
      'orders.refunded_at',
      'orders.tracking_no',
      eb
        .selectFrom('parcels')
        .select((p) => p.fn.min<number>('parcels.tracking_status').as('lowest'))
        .whereRef('parcels.order_id', '=', 'orders.id')
        .as('lowest_state'),
      eb
        .selectFrom('parcels')
        .select((p) => p.fn.max<number>('parcels.tracking_status').as('highest'))
        .whereRef('parcels.order_id', '=', 'orders.id')
        .as('highest_state'),
      eb
        .selectFrom('order_events')
        .select('order_events.id')
        .whereRef('order_events.order_id', '=', 'orders.id')
        .where('order_events.event', '=', 'received')
        .limit(1)
        .as('received_event'),
    ])
    .where('orders.id', 'in', [...orderIds])
    .execute();
}

export async function parcelsOf(db: Db, orderId: number) {
  return db.selectFrom('parcels').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
}

/** Orders by id with their parcels, in two queries (a chunk of a batch job). */
export async function ordersWithParcels(db: Db, orderIds: readonly number[]) {
  const found = new Map<number, { order: OrderRow; parcels: ParcelRow[] }>();
  if (orderIds.length === 0) return found;
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', 'in', [...orderIds])
    .execute();
  for (const order of orders) found.set(order.id, { order, parcels: [] });
  for (const parcel of await parcelsOfOrders(db, [...orderIds])) found.get(parcel.order_id)?.parcels.push(parcel);
  return found;
}

export async function parcelsOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('parcels')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('seq')
    .execute();
}

/**
 * Moves an order from one of `from` to `to`, atomically; false when it was in another state, or, given
 * `readVersion` (the `version` of the order as the caller read it), when it was changed since.
 */
export async function transition(
  db: Db,
  orderId: number,
  from: readonly number[],
  to: number,
  extra: Partial<OrderRow> = {},
  readVersion?: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ ...extra, status: to, updated_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('status', 'in', [...from])
    .$if(readVersion !== undefined, (qb) => qb.where('version', '=', readVersion as number))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * `transition` for several orders read in the same state `from`, in one statement: answers the ids of those
 * that moved (an order whose state changed since the read is left as it is).
 */
export async function transitionMany(db: Db, orderIds: readonly number[], from: number, to: number): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const moved = await db
    .updateTable('orders')
    .set({ status: to, updated_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', 'in', [...orderIds])
    .where('status', '=', from)
    .returning('id')
    .execute();
  return moved.map((row) => row.id);
}

/** Approves a bought label in review, once: false when it is no longer waiting or was reviewed already. */
export async function markReviewed(db: Db, orderId: number): Promise<boolean> {
  const approved = await db
    .updateTable('orders')
    .set({ reviewed_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('status', '=', ORDER_STATUS.pendingTransport)
    .where('reviewed_at', 'is', null)
    .executeTakeFirst();
  return Number(approved.numUpdatedRows) === 1;
}

export function parseAddress(json: string): AddressInput {
  return JSON.parse(json) as AddressInput;
}

/**
 * Marks orders as changed without changing what they hold (their tags changed, modules/tags): `updated_at`
 * moves, so the `orders:<id>` change version of their merchants moves and kept list pages are redrawn.
 */
export async function touchOrders(db: Db, ids: readonly number[]): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < ids.length; start += 1000)
    await db
      .updateTable('orders')
      .set({ updated_at: now })
      .where('id', 'in', ids.slice(start, start + 1000))
      .execute();
}

/**
 * Lets an order a rule held for review be bought; false when it is not held. The version moves, so a purchase
 * that read the order before the release is asked to read it again.
 */
export async function releaseHeld(db: Db, orderId: number): Promise<boolean> {
  const released = await db
    .updateTable('orders')
    .set({ held_for_review: 0, updated_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('held_for_review', '=', 1)
    .executeTakeFirst();
  return Number(released.numUpdatedRows) === 1;
}

/** The account's order with this order number or tracking number (a work order's waybill). */
export function ownOrderByNumber(db: Db, userId: number, number: string) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('order_no', '=', number), eb('tracking_no', '=', number)]))
    .executeTakeFirst();
}
