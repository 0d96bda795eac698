import { EDITABLE_STATUSES, ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database, OrdersTable, ParcelsTable } from '../../db/schema.ts';
import type { Scope } from '../../http/scope.ts';
import type { AddressInput, OrderInput, OrderListQuery, ParcelInput } from './schemas.ts';

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
  'address_status',
  'address_note',
] as const satisfies readonly (keyof OrderRow)[];
export type OrderListRow = Pick<OrderRow, (typeof LIST_COLUMNS)[number]>;

/** Limits an orders query to the caller's scope: their own orders (userId), or their customers' (ownerId). */
export function withinScope<QB extends SelectQueryBuilder<Database, 'orders', object>>(qb: QB, scope: Scope): QB {
  let scoped = qb;
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

/** The user's finished orders whose earnest is still held, if the user is within the scope. */
export async function releasableEarnestOf(db: Db, userId: number, scope: Scope): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('earnest', '>', 0)
    .where('earnest_released_at', 'is', null)
    .where('status', 'in', EARNEST_RELEASABLE)
    .$call((qb) => withinScope(qb, scope))
    .execute();
  return rows.map((row) => row.id);
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

export function orderColumns(input: OrderInput) {
  const residential = input.residential ?? input.to.isResidential;
  return {
    from_address: JSON.stringify(input.from),
    to_address: JSON.stringify(input.to),
    from_name: input.from.personName,
    from_zip: input.from.zipCode,
    to_name: input.to.personName,
    to_zip: input.to.zipCode,
    reference1: input.reference1,
    reference2: input.reference2,
    remark: input.remark,
    battery_type: input.batteryType,
    insurance_cents: input.parcels.reduce((sum, parcel) => sum + parcel.insuredValue, 0),
    residential: residential ? 1 : 0,
    label_size: input.labelSize,
    extra: JSON.stringify(input.extra),
    is_test: input.isTest ? 1 : 0,
    ship_date: input.shipDate ?? null,
    batch_no: input.batchNo ?? null,
  };
}

export function parcelValues(orderId: number, parcels: ParcelInput[]) {
  return parcels.map((parcel, index) => ({
    order_id: orderId,
    seq: index + 1,
    length: parcel.length,
    width: parcel.width,
    height: parcel.height,
    weight: parcel.weight,
    mass_unit: parcel.massUnit,
    distance_unit: parcel.distanceUnit,
    package_code: parcel.packageCode,
    package_num: parcel.packageNum,
    package_amount: parcel.packageAmount,
    insured_cents: parcel.insuredValue,
    reference: parcel.reference,
    reference2: parcel.reference2,
  }));
}

/**
 * An import's drafts, in chunks of 300 orders with their parcels and a 'draft' event naming the batch, in
 * the caller's transaction; `orderNo(i)` numbers the i-th.
 */
export async function insertImportedDrafts(
  db: Db,
  userId: number,
  batchNo: string,
  orders: readonly OrderInput[],
  orderNo: (index: number) => string,
): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < orders.length; start += 300) {
    const chunk = orders.slice(start, start + 300);
    const inserted = await db
      .insertInto('orders')
      .values(
        chunk.map((input, i) => ({
          ...orderColumns(input),
          order_no: orderNo(start + i),
          user_id: userId,
          status: ORDER_STATUS.draft,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'order_no'])
      .execute();
    const idByNo = new Map(inserted.map((row) => [row.order_no, row.id]));
    const parcels = chunk.flatMap((input, i) => parcelValues(idByNo.get(orderNo(start + i)) as number, input.parcels));
    for (let p = 0; p < parcels.length; p += 500)
      await db
        .insertInto('parcels')
        .values(parcels.slice(p, p + 500))
        .execute();
    await db
      .insertInto('order_events')
      .values(
        inserted.map((row) => ({
          order_id: row.id,
          status: ORDER_STATUS.draft,
          event: 'draft',
          detail: batchNo,
          actor_id: userId,
          created_at: now,
        })),
      )
      .execute();
  }
}

/** A new draft with an order's parties and options (not its label, money or history), numbered `orderNo`. */
export async function insertCopy(db: Db, order: OrderRow, orderNo: string): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('orders')
    .values({
      order_no: orderNo,
      user_id: order.user_id,
      batch_no: order.batch_no,
      from_address: order.from_address,
      to_address: order.to_address,
      from_name: order.from_name,
      from_zip: order.from_zip,
      to_name: order.to_name,
      to_zip: order.to_zip,
      reference1: order.reference1,
      reference2: order.reference2,
      remark: order.remark,
      battery_type: order.battery_type,
      insurance_cents: order.insurance_cents,
      residential: order.residential,
      label_size: order.label_size,
      extra: order.extra,
      is_test: order.is_test,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Parcels copied onto another order: their size, weight, package and declared value, none of a label. */
export async function copyParcels(db: Db, parcels: readonly ParcelRow[], orderId: number): Promise<void> {
  if (parcels.length === 0) return;
  await db
    .insertInto('parcels')
    .values(
      parcels.map((parcel) => ({
        order_id: orderId,
        seq: parcel.seq,
        length: parcel.length,
        width: parcel.width,
        height: parcel.height,
        weight: parcel.weight,
        mass_unit: parcel.mass_unit,
        distance_unit: parcel.distance_unit,
        package_code: parcel.package_code,
        package_num: parcel.package_num,
        package_amount: parcel.package_amount,
        insured_cents: parcel.insured_cents,
        reference: parcel.reference,
        reference2: parcel.reference2,
      })),
    )
    .execute();
}

/**
 * Takes an order's label off its parcels (back to draft): tracking number, barcode and every tracking
 * state, so a label bought later is tracked, and registered with the provider, as a new one.
 */
export async function clearParcelLabels(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('parcels')
    .set({
      tracking_no: null,
      barcode: null,
      tracking_status: TRACKING_STATUS.notFound,
      tracking_updated_at: null,
      tracking_registered: 0,
      tracking_checked_at: 0,
      tracking_claimed_until: null,
    })
    .where('order_id', '=', orderId)
    .execute();
}

async function writeParcels(db: Db, orderId: number, parcels: ParcelInput[]) {
  await db.deleteFrom('parcels').where('order_id', '=', orderId).execute();
  await db.insertInto('parcels').values(parcelValues(orderId, parcels)).execute();
}

export async function insertDraft(db: Db, userId: number, orderNo: string, input: OrderInput): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('orders')
    .values({
      ...orderColumns(input),
      order_no: orderNo,
      user_id: userId,
      status: ORDER_STATUS.draft,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeParcels(db, id, input.parcels);
  return id;
}

/** Rewrites a draft (a draft or failed order only, checked in the update itself); false when it is not editable. */
export async function updateDraft(db: Db, orderId: number, userId: number, input: OrderInput): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      ...orderColumns(input),
      status: ORDER_STATUS.draft,
      fail_reason: '',
      updated_at: Date.now(),
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', 'in', EDITABLE_STATUSES)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await writeParcels(db, orderId, input.parcels);
  return true;
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

/** Notes that an order's charge was refunded. */
export async function markRefunded(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refunded_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .execute();
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

/** The order list's filters without its paging: the list and every download of a filtered selection use them. */
export type OrderFilter = Omit<OrderListQuery, 'page' | 'pageSize'>;

/**
 * The orders the list shows for a filter, within the caller's scope: ONE function for the list and the
 * downloads (docs/api.md), so a filtered download holds exactly the orders the list shows.
 */
export function filteredOrders(db: Db, query: OrderFilter, scope: Scope) {
  const keyword = query.keyword?.trim();
  return db
    .selectFrom('orders')
    .$call((qb) => withinScope(qb, scope))
    .$if(query.userId !== undefined, (qb) => qb.where('orders.user_id', '=', query.userId as number))
    .$if(query.status !== undefined, (qb) => qb.where('orders.status', '=', query.status as number))
    .$if(query.pendingReview === true, (qb) =>
      qb.where('orders.status', '=', ORDER_STATUS.pendingTransport).where('orders.reviewed_at', 'is', null),
    )
    .$if(query.channelId !== undefined, (qb) => qb.where('orders.channel_id', '=', query.channelId as number))
    .$if(Boolean(query.batchNo), (qb) => qb.where('orders.batch_no', '=', query.batchNo as string))
    .$if(query.from !== undefined, (qb) => qb.where('orders.created_at', '>=', query.from as number))
    .$if(query.to !== undefined, (qb) => qb.where('orders.created_at', '<', query.to as number))
    .$if(Boolean(keyword), (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('orders.order_no', '=', keyword as string),
          eb('orders.tracking_no', '=', keyword as string),
          eb('orders.reference1', '=', keyword as string),
          eb('orders.to_name', 'like', `%${keyword}%`),
        ]),
      ),
    );
}

/** Up to this many matches a list's total is counted on every call. */
export const EXACT_TOTAL_LIMIT = 1000;
/** Above it, the total is counted at most this often per list (filters and scope) and process. */
export const LARGE_TOTAL_TTL_MS = 10_000;
const largeTotals = new Map<string, { total: number; countedAt: number }>();

/**
 * A page of a list and its total. Counting every match of a big list on every page (a merchant's 40,000
 * delivered orders) would cost more than the page itself, so the total is exact up to EXACT_TOTAL_LIMIT
 * matches (a count that stops there), and above it is the full count made at most LARGE_TOTAL_TTL_MS ago
 * for the same filters: a busy merchant's total may lag a few seconds behind, never the rows.
 */
export async function listOrders(db: Db, query: OrderListQuery, scope: Scope) {
  const offset = (query.page - 1) * query.pageSize;
  const key = JSON.stringify([scope.userId, scope.ownerId, { ...query, page: undefined, pageSize: undefined }]);
  const known = largeTotals.get(key);
  const fresh = known && Date.now() - known.countedAt < LARGE_TOTAL_TTL_MS ? known.total : undefined;
  const [rows, bounded] = await Promise.all([
    filteredOrders(db, query, scope)
      .select(LIST_COLUMNS.map((column) => `orders.${column}` as const))
      .orderBy('orders.id', 'desc')
      .limit(query.pageSize)
      .offset(offset)
      .execute(),
    fresh === undefined
      ? db
          .selectFrom(
            filteredOrders(db, query, scope)
              .select('orders.id')
              .limit(EXACT_TOTAL_LIMIT + 1)
              .as('capped'),
          )
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow()
      : null,
  ]);
  let total = fresh ?? Number(bounded?.total);
  if (fresh === undefined && total > EXACT_TOTAL_LIMIT) {
    const count = await filteredOrders(db, query, scope)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    total = Number(count.total);
    if (largeTotals.size >= 1000) largeTotals.delete(largeTotals.keys().next().value as string);
    largeTotals.set(key, { total, countedAt: Date.now() });
  }
  // A lagging total never says there is less than the page shows.
  return { rows, total: Math.max(total, offset + rows.length) };
}

export function parseAddress(json: string): AddressInput {
  return JSON.parse(json) as AddressInput;
}
