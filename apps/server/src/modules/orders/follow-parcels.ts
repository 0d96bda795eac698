import { ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { ParcelListener } from '../../declaration.ts';
import { addEvents, type OrderEvent } from './events-repo.ts';
import { isLiveRejection } from './live-label.ts';
import { followingFacts, transitionMany } from './repo.ts';

/**
 * The orders' states from their parcels' states (docs/spec.md §4 timeline: received, in transit, delivered):
 * one read of what they decide on, their moves (conditional; one statement per kind of move), and the
 * timelines' events in one statement, whatever the number of orders (a group of carrier pushes).
 */
async function followParcels(db: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const orders = await followingFacts(db, [...new Set(orderIds)]);
  /** Each order's received event, if due; the moves due, by their state before and after. */
  const received = new Map<number, OrderEvent>();
  const moves = new Map<string, { from: number; to: number; ids: number[] }>();
  for (const order of orders) {
    // A label whose cancellation was rejected ships like one never cancelled: it moves on from 16 as from 1.
    const waiting = order.status === ORDER_STATUS.pendingTransport || isLiveRejection(order);
    if (!waiting && order.status !== ORDER_STATUS.inTransit) continue;
    const lowest = order.lowest_state === null ? null : Number(order.lowest_state);
    const highest = order.highest_state === null ? null : Number(order.highest_state);
    if (order.received_event === null && highest !== null && highest >= TRACKING_STATUS.infoReceived)
      received.set(order.id, { orderId: order.id, status: order.status, event: 'received', actorId: null });
    const to =
      lowest === TRACKING_STATUS.delivered && highest === TRACKING_STATUS.delivered
        ? ORDER_STATUS.delivered
        : waiting && highest !== null && highest >= TRACKING_STATUS.inTransit
          ? ORDER_STATUS.inTransit
          : null;
    if (to === null) continue;
    const key = `${order.status}>${to}`;
    const move = moves.get(key) ?? { from: order.status, to, ids: [] };
    move.ids.push(order.id);
    moves.set(key, move);
  }
  // The moves are conditional on the states read above: a staff decision taken meanwhile is not overwritten.
  const moved = new Map<number, OrderEvent>();
  for (const { from, to, ids } of moves.values()) {
    const event = to === ORDER_STATUS.delivered ? 'delivered' : 'inTransit';
    for (const id of await transitionMany(db, ids, from, to))
      moved.set(id, { orderId: id, status: to, event, actorId: null });
  }
  // Each order's received first, then its move, as the timeline reads them.
  await addEvents(
    db,
    orders.flatMap((order) => [received.get(order.id), moved.get(order.id)].filter((event) => event !== undefined)),
  );
}

/** The orders move with their parcels' news, in the transaction that records it. */
export const followParcelNews: ParcelListener = {
  recorded: (trx, news) => followParcels(trx, [news.orderId]),
  recordedMany: (trx, news) =>
    followParcels(
      trx,
      news.map((item) => item.orderId),
    ),
};
