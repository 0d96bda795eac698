import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@parcelport/shared/contracts/webhooks/schemas';
import type { Db } from '../../db/index.ts';
import { enqueueTasks } from '../../jobs/queue.ts';
import { enabledEndpointsOf } from './endpoints-repo.ts';
import { insertEvents } from './events-repo.ts';

/** The task that turns one recorded event into a delivery per subscribed endpoint (deliver.ts). */
export const WEBHOOK_FANOUT_TASK = 'webhook-fanout';

/** A message id as Standard Webhooks writes them: `msg_` and random characters (never a `.`). */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

export interface WebhookEvent {
  /** The merchant whose endpoints hear of it. */
  userId: number;
  type: WebhookEventType;
  /**
   * What the event is about, unique for its type and merchant: `order:12`, `refund:7`, `parcel:3:5` (a
   * parcel's state). The same source emitted again (a retried job, a second instance) records nothing.
   */
  source: string;
  /** The event's `data`: plain JSON, ids and amounts as the API answers them elsewhere. */
  data: Record<string, unknown>;
  /** About test-mode objects (a test label, a test key's import): heard by test endpoints only, else by live ones. */
  test: boolean;
}

/** The body every attempt sends, as the Standard Webhooks spec suggests: `{ type, timestamp, data }`. */
export function eventBody(type: string, at: number, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
}

/** Where an event's listeners are found: its merchant and its mode. */
const audienceOf = (userId: number, test: boolean) => `${userId}:${test ? 'test' : 'live'}`;

/** The `type`s the enabled endpoints of these merchants listen for, by merchant and mode (audienceOf). */
async function listeners(db: Db, userIds: readonly number[]): Promise<Map<string, Set<string>>> {
  const rows = await enabledEndpointsOf(db, [...new Set(userIds)]);
  const types = new Map<string, Set<string>>();
  for (const row of rows) {
    const audience = audienceOf(Number(row.user_id), row.is_test === 1);
    const set = types.get(audience) ?? new Set<string>();
    for (const type of JSON.parse(row.event_types) as string[]) set.add(type);
    types.set(audience, set);
  }
  return types;
}

/**
 * Records events for the merchants' webhook endpoints, in the caller's transaction (pass `trx`), so that an
 * event exists exactly when what it tells of was committed. Each event is one row (its id is the
 * `webhook-id` every endpoint and every attempt sees) and one queued task that fans it out; nothing is
 * sent here, so a purchase never waits for an endpoint. A merchant with no enabled endpoint of the event's
 * mode for the type gets nothing recorded. An event whose (merchant, type, source) was recorded before is not recorded again.
 * Answers the ids of the events recorded.
 */
export async function emitWebhookEvents(db: Db, events: readonly WebhookEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const listening = await listeners(
    db,
    events.map((event) => event.userId),
  );
  const heard = events.filter((event) => listening.get(audienceOf(event.userId, event.test))?.has(event.type));
  if (heard.length === 0) return [];
  const now = Date.now();
  const recorded: { id: number; event_id: string; user_id: number }[] = [];
  // A few statements for a batch's events (a job's parcels): one insert per 500, one for their tasks.
  for (let start = 0; start < heard.length; start += 500) {
    const rows = await insertEvents(
      db,
      heard.slice(start, start + 500).map((event) => ({
        event_id: newMessageId(),
        user_id: event.userId,
        type: event.type,
        source_key: event.source.slice(0, 200),
        body: eventBody(event.type, now, event.data),
        is_test: event.test ? 1 : 0,
        created_at: now,
      })),
    );
    recorded.push(...rows.sort((a, b) => a.id - b.id));
  }
  await enqueueTasks(
    db,
    recorded.map((row) => ({ userId: row.user_id, type: WEBHOOK_FANOUT_TASK, payload: { eventRowId: row.id } })),
  );
  return recorded.map((row) => row.event_id);
}

/** One event (see emitWebhookEvents); answers its id, or null when none was recorded. */
export async function emitWebhookEvent(db: Db, event: WebhookEvent): Promise<string | null> {
  return (await emitWebhookEvents(db, [event]))[0] ?? null;
}
