/** The push's SQL (docs/stores.md "Push back"): which store orders are due, and claiming one for this instance. */
import { ORDER_STATUS } from '@parcelport/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/**
 * Labels live at the carrier: bought, on the way, delivered, or kept after staff refused to void it; a
 * label being cancelled waits for staff's decision.
 */
const SHIPPED = [ORDER_STATUS.pendingTransport, ORDER_STATUS.inTransit, ORDER_STATUS.delivered, ORDER_STATUS.rejected];

export type PushTask = {
  id: number;
  fulfilment: string;
  storeId: number;
  externalId: string;
  fulfilmentId: string | null;
  orderId: number;
  trackingNo: string | null;
  carrierCode: string | null;
};

/**
 * The store orders in `states` to push (or to take back), of one store or of all, oldest first, at most
 * `limit`: not claimed now, of an active store, their order's label shipped (or, to take back, voided).
 */
export function dueStoreOrders(
  db: Db,
  kind: 'fulfil' | 'cancel',
  states: readonly string[],
  storeId: number | undefined,
  limit: number,
) {
  const now = Date.now();
  return db
    .selectFrom('store_orders')
    .innerJoin('orders', 'orders.id', 'store_orders.order_id')
    .innerJoin('stores', 'stores.id', 'store_orders.store_id')
    .select([
      'store_orders.id',
      'store_orders.fulfilment',
      'store_orders.store_id as storeId',
      'store_orders.external_id as externalId',
      'store_orders.fulfilment_id as fulfilmentId',
      'orders.id as orderId',
      'orders.tracking_no as trackingNo',
      'orders.carrier_code as carrierCode',
    ])
    .where('stores.status', '=', 'active')
    .where('store_orders.fulfilment', 'in', states)
    .where('store_orders.claimed_until', '<', now)
    .where('orders.status', kind === 'fulfil' ? 'in' : '=', kind === 'fulfil' ? SHIPPED : ORDER_STATUS.voided)
    .$if(kind === 'fulfil', (qb) => qb.where('orders.tracking_no', 'is not', null))
    .$if(storeId !== undefined, (qb) => qb.where('store_orders.store_id', '=', storeId as number))
    .orderBy('store_orders.id')
    .limit(limit)
    .execute() as Promise<PushTask[]>;
}

/** Claims the store order until `until` if it is in `states` and unclaimed at `now`; false when another has it. */
export async function claimStoreOrder(
  db: Db,
  id: number,
  states: readonly string[],
  now: number,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('store_orders')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('fulfilment', 'in', states)
    .where('claimed_until', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The store had the order fulfilled already: the push failed, with `error` unless the row says why already. */
export async function markAlreadyFulfilled(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('store_orders')
    .set({
      fulfilment: 'failed',
      claimed_until: 0,
      // What the store order said already (cancelled in the store) says more than this.
      error: sql<string>`coalesce(error, ${error})`,
      synced_at: Date.now(),
    })
    .where('id', '=', id)
    .execute();
}
