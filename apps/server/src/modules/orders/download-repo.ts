import { ORDER_STATUS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../http/scope.ts';
import { liveRejection } from './live-label.ts';
import { filteredOrders, type OrderFilter } from './order-list.ts';
import { type OrderRow, parcelsOfOrders } from './repo.ts';

/** A download's selection: explicit ids, or the order list's filters (docs/api.md, bulk downloads). */
export type Selection = OrderFilter & { ids?: number[] };

const PAGE = 200;
const BOUGHT = [ORDER_STATUS.pendingTransport, ORDER_STATUS.inTransit, ORDER_STATUS.delivered];

/** The selected orders page by page (newest first, keyset on id), each page with its parcels. */
export async function* selectedOrders(db: Db, scope: Scope, selection: Selection, onlyBought: boolean) {
  let beforeId: number | null = null;
  for (;;) {
    const page: OrderRow[] = await filteredOrders(db, selection, scope)
      .selectAll('orders')
      .$if(selection.ids !== undefined, (qb) => qb.where('orders.id', 'in', selection.ids as number[]))
      .$if(onlyBought, (qb) => qb.where((eb) => eb.or([eb('orders.status', 'in', BOUGHT), liveRejection(eb)])))
      .$if(beforeId !== null, (qb) => qb.where('orders.id', '<', beforeId as number))
      .orderBy('orders.id', 'desc')
      .limit(PAGE)
      .execute();
    if (page.length === 0) return;
    const parcels = await parcelsOfOrders(
      db,
      page.map((order) => order.id),
    );
    yield page.map((order) => ({ order, parcels: parcels.filter((parcel) => parcel.order_id === order.id) }));
    if (page.length < PAGE) return;
    beforeId = (page.at(-1) as OrderRow).id;
  }
}
