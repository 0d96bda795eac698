/** An order's timeline: its events (order_events) as rows. */
import type { Db } from '../../db/index.ts';
import type { MessageKey } from '../../i18n/messages.ts';

type EventNameOf<Key> = Key extends `event_${infer Name}` ? Name : never;
/** An event's name: the timeline shows it in the reader's words, `event_<name>` of the catalogue. */
export type OrderEventName = EventNameOf<MessageKey>;

export async function eventsOf(db: Db, orderId: number) {
  return db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export interface OrderEvent {
  orderId: number;
  status: number;
  event: OrderEventName;
  actorId: number | null;
  detail?: string;
}

export async function addEvent(
  db: Db,
  orderId: number,
  status: number,
  event: OrderEventName,
  actorId: number | null,
  detail = '',
) {
  await addEvents(db, [{ orderId, status, event, actorId, detail }]);
}

/** Several orders' events in one statement. */
export async function addEvents(db: Db, events: readonly OrderEvent[]) {
  if (events.length === 0) return;
  const now = Date.now();
  await db
    .insertInto('order_events')
    .values(
      events.map((event) => ({
        order_id: event.orderId,
        status: event.status,
        event: event.event,
        detail: event.detail ?? '',
        actor_id: event.actorId,
        created_at: now,
      })),
    )
    .execute();
}
