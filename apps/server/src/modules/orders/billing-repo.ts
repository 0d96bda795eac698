/** An order as a carrier bill charges it: its billed cost recorded, moved and settled, the proxy's commission. */
import { LABEL_PAID_STATUSES } from '@parcelport/shared';
import { valuesByKey } from '../../db/bulk.ts';
import type { Db } from '../../db/index.ts';
import type { OrderRow } from './repo.ts';

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

/** The commission a proxy holds on the order, after a carrier's bill changed its customer's price. */
export async function setCommission(db: Db, orderId: number, commission: number): Promise<void> {
  await db.updateTable('orders').set({ commission }).where('id', '=', orderId).execute();
}

/**
 * The orders' carrier charges a chunk moved, in one statement: each order's charge as its lines left it,
 * only where the charge is still what was read before the chunk (`moved`: order id → that charge) and the
 * label still paid; false when any was moved by someone else meanwhile (the chunk is rolled back).
 */
export async function moveBilledCosts(trx: Db, orders: Map<number, BilledOrder>, moved: Map<number, number | null>) {
  if (moved.size === 0) return true;
  const rows = [...moved.keys()].map((id) => orders.get(id) as BilledOrder);
  const wasNull = [...moved].filter(([, cost]) => cost === null).map(([id]) => id);
  const wasSet = [...moved].filter(([, cost]) => cost !== null);
  const now = Date.now();
  const result = await trx
    .updateTable('orders')
    .set({
      ...valuesByKey(
        'id',
        rows,
        (o) => o.id,
        (o) => ({
          billed_cost: Number(o.billed_cost),
          billed_oz: o.billed_oz === null ? null : Number(o.billed_oz),
          billed_at: Number(o.billed_at),
        }),
      ),
      updated_at: now,
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', 'in', [...moved.keys()])
    .where('status', 'in', [...LABEL_PAID_STATUSES])
    .where((eb) =>
      eb.or([
        ...(wasNull.length > 0 ? [eb.and([eb('id', 'in', wasNull), eb('billed_cost', 'is', null)])] : []),
        // Each order billed before still at the cost it was read with. Tied to those orders' ids: where every
        // one was read at the same cost, the per-id CASE is one value, and an order read as never billed that
        // another posting billed at that cost meanwhile would otherwise pass.
        ...(wasSet.length > 0
          ? [
              eb.and([
                eb(
                  'id',
                  'in',
                  wasSet.map(([id]) => id),
                ),
                eb(
                  'billed_cost',
                  '=',
                  valuesByKey(
                    'id',
                    wasSet,
                    ([id]) => id,
                    ([, cost]) => ({ cost: cost as number }),
                  ).cost,
                ),
              ]),
            ]
          : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === moved.size;
}
