/** The order list and the downloads of a filtered selection: one filter, one scope. */
import { ORDER_STATUS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../http/scope.ts';
import { LIST_COLUMNS, withinScope } from './repo.ts';
import type { OrderListQuery } from './schemas.ts';

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
