import { ORDER_STATUS } from '@parcelport/shared';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { liveRejection } from './live-label.ts';
import { filteredOrders, type OrderFilter } from './order-list-repo.ts';
import { type OrderRow, parcelsOfOrders } from './repo.ts';

/** A download's selection: explicit ids, or the order list's filters (docs/api.md, bulk downloads). */
export type Selection = OrderFilter & { ids?: number[] };

const PAGE = 200;
const BOUGHT = [ORDER_STATUS.pendingTransport, ORDER_STATUS.inTransit, ORDER_STATUS.delivered];

/** The selected orders (only those with a label standing, when `onlyBought`), within the scope. */
function selected(db: Db, scope: Scope, selection: Selection, onlyBought: boolean) {
  return filteredOrders(db, selection, scope, selection.ids !== undefined)
    .$if(selection.ids !== undefined, (qb) => qb.where('orders.id', 'in', selection.ids as number[]))
    .$if(onlyBought, (qb) => qb.where((eb) => eb.or([eb('orders.status', 'in', BOUGHT), liveRejection(eb)])));
}

/** Whether a carrier issued the label of any selected order with a label standing. */
export async function selectionHasCarrierLabels(db: Db, scope: Scope, selection: Selection): Promise<boolean> {
  const found = await selected(db, scope, selection, true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('parcels')
          .select('parcels.id')
          .whereRef('parcels.order_id', '=', 'orders.id')
          .where('parcels.label_file', 'is not', null),
      ),
    )
    .select('orders.id')
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** The selected orders page by page (newest first, keyset on id), each page with its parcels. */
export async function* selectedOrders(db: Db, scope: Scope, selection: Selection, onlyBought: boolean) {
  let beforeId: number | null = null;
  for (;;) {
    const page: OrderRow[] = await selected(db, scope, selection, onlyBought)
      .selectAll('orders')
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
