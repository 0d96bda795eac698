/** The webhook events' SQL (`webhook_events`: one row per event, the body every attempt of it sends). */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { WebhookEventsTable } from '../../db/schema.ts';

/** Records events, one statement; one already recorded for its (merchant, type, source) is skipped. */
export function insertEvents(db: Db, events: readonly Insertable<WebhookEventsTable>[]) {
  return db
    .insertInto('webhook_events')
    .values(events)
    .onConflict((oc) => oc.columns(['user_id', 'type', 'source_key']).doNothing())
    .returning(['id', 'event_id', 'user_id'])
    .execute();
}

/** Records one event (a sample sent to an endpoint); answers its row id. */
export async function insertEvent(db: Db, event: Insertable<WebhookEventsTable>): Promise<number> {
  const { id } = await db.insertInto('webhook_events').values(event).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The event's row, or undefined. */
export function eventRow(db: Db, id: number) {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}
