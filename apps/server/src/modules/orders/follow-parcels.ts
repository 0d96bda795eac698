import { ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { ParcelListener } from '../../declaration.ts';
import { addEvents, type OrderEvent } from './events-repo.ts';
import { isLiveRejection } from './live-label.ts';
import { followingFacts, transition } from './repo.ts';

/**
 * The order's state from its parcels' states (docs/spec.md §4 timeline: received, in transit, delivered): one
 * read of what it decides on, the move (conditional), and the timeline's events in one statement.
 */
async function followParcels(db: Db, orderId: number): Promise<void> {
  const order = await followingFacts(db, orderId);
  if (!order) return;
  // A label whose cancellation was rejected ships like one never cancelled: it moves on from 16 as from 1.
  const waiting = order.status === ORDER_STATUS.pendingTransport || isLiveRejection(order);
  if (!waiting && order.status !== ORDER_STATUS.inTransit) return;
  const lowest = order.lowest_state === null ? null : Number(order.lowest_state);
  const highest = order.highest_state === null ? null : Number(order.highest_state);
  const events: OrderEvent[] = [];
  if (order.received_event === null && highest !== null && highest >= TRACKING_STATUS.infoReceived)
    events.push({ orderId, status: order.status, event: 'received', actorId: null });
  // The move is conditional on the state read above: a staff decision taken meanwhile is not overwritten.
  if (lowest === TRACKING_STATUS.delivered && highest === TRACKING_STATUS.delivered) {
    if (await transition(db, orderId, [order.status], ORDER_STATUS.delivered))
      events.push({ orderId, status: ORDER_STATUS.delivered, event: 'delivered', actorId: null });
  } else if (waiting && highest !== null && highest >= TRACKING_STATUS.inTransit) {
    if (await transition(db, orderId, [order.status], ORDER_STATUS.inTransit))
      events.push({ orderId, status: ORDER_STATUS.inTransit, event: 'inTransit', actorId: null });
  }
  // Received first, then the move, as the timeline reads them.
  await addEvents(db, events);
}

/** The order moves with its parcels' news, in the transaction that records it. */
export const followParcelNews: ParcelListener = {
  recorded: (trx, news) => followParcels(trx, news.orderId),
};
