/** Orders and their parcels and events as rows: reads by id and scope, state moves, settlement marks. */
import { type CarrierRefund, LABEL_PAID_STATUSES, ORDER_STATUS } from '@parcelport/shared';
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

/** Statuses after which an order's temporary deposit may go back: delivered, or ended without a label. */
const EARNEST_RELEASABLE = [
  ORDER_STATUS.delivered,
  ORDER_STATUS.cancelled,
  ORDER_STATUS.voided,
  ORDER_STATUS.rejected,
] as const;

/** The user's finished orders whose earnest is still held (id and earnest), if the user is within the scope. */
export function releasableEarnestOf(db: Db, userId: number, scope: Scope) {
  return db
    .selectFrom('orders')
    .select(['id', 'earnest'])
    .where('user_id', '=', userId)
    .where('earnest', '>', 0)
    .where('earnest_released_at', 'is', null)
    .where('status', 'in', EARNEST_RELEASABLE)
    .$call((qb) => withinScope(qb, scope))
    .execute();
}

/** Orders within the scope whose temporary deposit has not been released, newest first. */
export async function listUnreleasedEarnest(db: Db, scope: Scope, page: number, pageSize: number) {
  const base = db
    .selectFrom('orders')
    .where('earnest', '>', 0)
    .where('earnest_released_at', 'is', null)
    .where('status', '!=', ORDER_STATUS.placing)
    .$call((qb) => withinScope(qb, scope));
  const [rows, count] = await Promise.all([
    base
      .select(LIST_COLUMNS)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findOrder(db: Db, id: number, userId?: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .$if(userId !== undefined, (qb) => qb.where('user_id', '=', userId as number))
    .executeTakeFirst();
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

export async function eventsOf(db: Db, orderId: number) {
  return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export interface OrderEvent {
  orderId: number;
  status: number;
  event: string;
  actorId: number | null;
  detail?: string;
}

export async function addEvent(
  db: Db,
  orderId: number,
  status: number,
  event: string,
  actorId: number | null,
  detail = '',
) {
  await addEvents(db, [{ orderId, status, event, actorId, detail }]);
}

/** Several orders' events in one statement. */
export async function addEvents(db: Db, events: readonly OrderEvent[]) {
  if (events.length === 0) return;
  const now = Date.now();
  await db
    .insertInto('order_events')
    .values(
      events.map((event) => ({
        order_id: event.orderId,
        status: event.status,
        event: event.event,
        detail: event.detail ?? '',
        actor_id: event.actorId,
        created_at: now,
      })),
    )
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
 * Keeps the carrier's answer to voiding the order's label, and when it was asked; answers whether the
 * answer changed (so the timeline notes each change once).
 */
export async function recordCarrierRefund(
  db: Db,
  orderId: number,
  status: CarrierRefund,
  note: string,
): Promise<boolean> {
  const now = Date.now();
  const changed = await db
    .updateTable('orders')
    .set({ carrier_refund: status, carrier_refund_note: note, carrier_refund_checked_at: now })
    .where('id', '=', orderId)
    .where('carrier_refund', '!=', status)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 1) return true;
  await db
    .updateTable('orders')
    .set({ carrier_refund_note: note, carrier_refund_checked_at: now })
    .where('id', '=', orderId)
    .execute();
  return false;
}

/** Cancelling or voided orders whose carrier has not settled the refund, not asked since `checkedBefore`. */
export function carrierRefundsToFollow(db: Db, checkedBefore: number, limit: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('carrier_refund', 'in', ['unasked', 'pending'])
    .where('status', 'in', [ORDER_STATUS.cancelling, ORDER_STATUS.voided])
    .where((eb) =>
      eb.or([eb('carrier_refund_checked_at', 'is', null), eb('carrier_refund_checked_at', '<', checkedBefore)]),
    )
    .orderBy((eb) => eb.fn.coalesce('carrier_refund_checked_at', eb.lit(0)))
    .limit(limit)
    .execute();
}

/** Claims the refund of an order's charge: true for the one caller that notes it refunded. */
export async function claimRefund(db: Db, orderId: number): Promise<boolean> {
  const claimed = await db
    .updateTable('orders')
    .set({ refunded_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Claims the release of an order's earnest: true for the one caller that notes it released. */
export async function claimEarnestRelease(db: Db, orderId: number): Promise<boolean> {
  const released = await db
    .updateTable('orders')
    .set({ earnest_released_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('earnest_released_at', 'is', null)
    .executeTakeFirst();
  return Number(released.numUpdatedRows) === 1;
}

/** Records the carrier's bill on an order not billed yet: true for the one caller that records it. */
export async function claimBilling(db: Db, orderId: number, cost: number, billedOz: number | null): Promise<boolean> {
  const claimed = await db
    .updateTable('orders')
    .set({
      billed_cost: cost,
      billed_oz: billedOz,
      billed_at: Date.now(),
      updated_at: Date.now(),
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', orderId)
    .where('billed_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Moves the carrier's charge recorded for an order from `from` (null: never billed) to `to`, as a carrier
 * bill line says (modules/bills): false when another line moved it first, so that the caller reads it again.
 * A paid label's unless `statuses` says otherwise (a voided label charged after all by staff).
 */
export async function moveBilledCost(
  db: Db,
  order: Pick<OrderRow, 'id' | 'billed_cost' | 'billed_oz' | 'billed_at'>,
  to: number,
  billedOz: number | null,
  statuses: readonly number[] = LABEL_PAID_STATUSES,
): Promise<boolean> {
  const moved = await db
    .updateTable('orders')
    .set({
      billed_cost: to,
      billed_oz: billedOz ?? order.billed_oz,
      billed_at: order.billed_at ?? Date.now(),
      updated_at: Date.now(),
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', order.id)
    .where('status', 'in', [...statuses])
    .where((eb) =>
      order.billed_cost === null ? eb('billed_cost', 'is', null) : eb('billed_cost', '=', order.billed_cost),
    )
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Labels a carrier bill confirmed at their charge: billed at what they cost, those not billed before. */
export async function settleBilledCosts(db: Db, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const now = Date.now();
  await db
    .updateTable('orders')
    .set((eb) => ({
      billed_cost: eb.fn.coalesce('billed_cost', 'cost'),
      billed_at: now,
      updated_at: now,
      version: eb('version', '+', 1),
    }))
    .where('id', 'in', orderIds)
    .where('billed_at', 'is', null)
    .where('status', 'in', [...LABEL_PAID_STATUSES])
    .execute();
}

/** What posting a carrier bill's line reads of its order: not the addresses, quote or label of a full row. */
const BILLED_ORDER_COLUMNS = [
  'id',
  'order_no',
  'user_id',
  'proxy_id',
  'channel_id',
  'service_id',
  'status',
  'cost',
  'billed_cost',
  'billed_oz',
  'billed_at',
  'commission',
  'earnest',
  'earnest_released_at',
  'refunded_at',
  'is_test',
  'tracking_no',
] as const;
export type BilledOrder = Pick<OrderRow, (typeof BILLED_ORDER_COLUMNS)[number]>;

/**
 * Several orders by id, the columns a bill line's posting reads (what a chunk of bill lines is about): a
 * chunk's orders stay small while it is posted.
 */
export function ordersByIds(db: Db, ids: readonly number[]): Promise<BilledOrder[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orders').select(BILLED_ORDER_COLUMNS).where('id', 'in', ids).execute();
}

/** How many of the account's labels are in flight: being bought (17) or being cancelled (6). */
export async function labelsInFlight(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', [ORDER_STATUS.placing, ORDER_STATUS.cancelling])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The commission a proxy holds on the order, after a carrier's bill changed its customer's price. */
export async function setCommission(db: Db, orderId: number, commission: number): Promise<void> {
  await db.updateTable('orders').set({ commission }).where('id', '=', orderId).execute();
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
