/** The adjustment risk's read model: a merchant's recent labels and the corrections their bills charged. */
import { LABEL_PAID_STATUSES } from '@parcelport/shared';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { withinScope } from '../orders/index.ts';

/** The merchant's last `limit` paid labels, newest first, with their first parcel's box. */
export function recentPaidLabels(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('orders')
    .leftJoin('parcels', (join) => join.onRef('parcels.order_id', '=', 'orders.id').on('parcels.seq', '=', 1))
    .select([
      'orders.id',
      'orders.extra',
      'orders.items',
      'parcels.length',
      'parcels.width',
      'parcels.height',
      'parcels.distance_unit',
    ])
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', [...LABEL_PAID_STATUSES])
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The weight or size corrections the merchant was charged for on their paid labels by posted bills, oldest
 * first (an accepted dispute gave it back: not counted).
 */
export function chargedCorrections(db: Db, userId: number) {
  return db
    .selectFrom('carrier_bill_lines')
    .select(['order_id', 'merchant_change', 'penalty', 'billed_oz', 'billed_size', 'posted_at', 'id'])
    .where('user_id', '=', userId)
    .where('cause', '=', 'weightOrSize')
    .where('posted_at', 'is not', null)
    .where('cost_change', '>', 0)
    .where('dispute', '!=', 'accepted')
    .where('order_id', 'in', (eb) =>
      eb
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', [...LABEL_PAID_STATUSES]),
    )
    .orderBy('posted_at')
    .orderBy('id')
    .execute();
}

/** The orders among `ids` within the scope, with their merchant. */
export function ordersInScope(db: Db, scope: Scope, ids: number[]) {
  return withinScope(db.selectFrom('orders').select(['id', 'user_id']), scope)
    .where('orders.id', 'in', ids)
    .execute();
}
