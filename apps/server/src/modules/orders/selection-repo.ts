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

/**
 * The selected orders (only those with a label standing, when `onlyBought`), within the scope; among `within`
 * (some of the selection's ids) when given.
 */
function selected(db: Db, scope: Scope, selection: Selection, onlyBought: boolean, within = selection.ids) {
  return filteredOrders(db, selection, scope, selection.ids !== undefined)
    .$if(within !== undefined, (qb) => qb.where('orders.id', 'in', within as number[]))
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

/**
 * The selected orders page by page (newest first, keyset on id), each page with its parcels.
 *
 * `chunk` (below the page's 200) makes the pages that small without more passes of the selection's filters:
 * each 200 ids are found as before, and their rows are read `chunk` at a time, with the filters again, as
 * they are used. A download that draws each order's label (a few ms each) asks for it: rows read 200 at a
 * time stayed alive across many young-generation collections while their labels were drawn, and were
 * promoted to the old generation (on SQLite ~7 KB an order, 77 MB over a 10,000-label zip), which grew the
 * heap to its next full collection (bench/README.md, 2026-11-29).
 */
export async function* selectedOrders(db: Db, scope: Scope, selection: Selection, onlyBought: boolean, chunk = PAGE) {
  let beforeId: number | null = null;
  for (;;) {
    const query = selected(db, scope, selection, onlyBought)
      .$if(beforeId !== null, (qb) => qb.where('orders.id', '<', beforeId as number))
      .orderBy('orders.id', 'desc')
      .limit(PAGE);
    if (chunk >= PAGE) {
      const page: OrderRow[] = await query.selectAll('orders').execute();
      if (page.length === 0) return;
      yield await withParcels(db, page);
      if (page.length < PAGE) return;
      beforeId = (page.at(-1) as OrderRow).id;
      continue;
    }
    const ids = (await query.select('orders.id').execute()).map((row) => row.id);
    for (let start = 0; start < ids.length; start += chunk) {
      // The chunk's ids in place of the selection's own (a thousand ids need not be sent again each time).
      const rows: OrderRow[] = await selected(db, scope, selection, onlyBought, ids.slice(start, start + chunk))
        .selectAll('orders')
        .orderBy('orders.id', 'desc')
        .execute();
      if (rows.length > 0) yield await withParcels(db, rows);
    }
    if (ids.length < PAGE) return;
    beforeId = ids.at(-1) as number;
  }
}

/** Orders with their parcels. */
async function withParcels(db: Db, orders: OrderRow[]) {
  const parcels = await parcelsOfOrders(
    db,
    orders.map((order) => order.id),
  );
  return orders.map((order) => ({ order, parcels: parcels.filter((parcel) => parcel.order_id === order.id) }));
}
