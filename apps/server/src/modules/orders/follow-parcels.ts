import { ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { ParcelListener } from '../../declaration.ts';
import { addEvent, eventsOf } from './events-repo.ts';
import { isLiveRejection } from './live-label.ts';
import { findOrder, transition } from './repo.ts';
import { parcelStatesOf } from './tracking-pages-repo.ts';

/** The order's state from its parcels' states (docs/spec.md §4 timeline: received, in transit, delivered). */
async function followParcels(db: Db, orderId: number): Promise<void> {
  const order = await findOrder(db, orderId);
  if (!order) return;
  // A label whose cancellation was rejected ships like one never cancelled: it moves on from 16 as from 1.
  const waiting = order.status === ORDER_STATUS.pendingTransport || isLiveRejection(order);
  if (!waiting && order.status !== ORDER_STATUS.inTransit) return;
  const states = await parcelStatesOf(db, orderId);
  const events = new Set((await eventsOf(db, orderId)).map((e) => e.event));
  if (!events.has('received') && states.some((s) => s >= TRACKING_STATUS.infoReceived))
    await addEvent(db, orderId, order.status, 'received', null);
  // Each move is conditional on the state read above: a staff decision taken meanwhile is not overwritten.
  if (states.every((s) => s === TRACKING_STATUS.delivered)) {
    if (await transition(db, orderId, [order.status], ORDER_STATUS.delivered))
      await addEvent(db, orderId, ORDER_STATUS.delivered, 'delivered', null);
  } else if (waiting && states.some((s) => s >= TRACKING_STATUS.inTransit)) {
    if (await transition(db, orderId, [order.status], ORDER_STATUS.inTransit))
      await addEvent(db, orderId, ORDER_STATUS.inTransit, 'inTransit', null);
  }
}

/** The order moves with its parcels' news, in the transaction that records it. */
export const followParcelNews: ParcelListener = {
  recorded: (trx, news) => followParcels(trx, news.orderId),
};
