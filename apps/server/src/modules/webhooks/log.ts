import type { WebhookDeliveryStatus, WebhookEventType } from '@parcelport/shared/contracts/webhooks/schemas';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { EVENT_SAMPLES } from './catalogue.ts';
import { type AttemptTrigger, queueDelivery } from './deliver.ts';
import { insertDelivery, reopenDelivery } from './deliveries-repo.ts';
import { type Caller, ownEndpoint } from './endpoints.ts';
import { eventBody, newMessageId } from './events.ts';
import { insertEvent } from './events-repo.ts';
import {
  attemptsOf,
  type DeliveryRow,
  endpointDeliveries,
  endpointDelivery,
  failedDeliveriesSince,
} from './log-repo.ts';

/** An endpoint's delivery log, and what the merchant does from it: replay one or all failed, a test event. */

const PAGE = 50;

function deliveryView(row: DeliveryRow) {
  const waiting = row.status === 'pending' && row.job_status === 'queued';
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.type,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    lastCode: row.last_code,
    lastAt: isoTime(row.last_at),
    nextAt: waiting ? isoTime(row.run_after ?? row.created_at) : null,
    createdAt: isoTime(row.created_at) as string,
  };
}

export async function listDeliveries(
  ctx: AppContext,
  caller: Caller,
  endpointId: number,
  query: { status?: WebhookDeliveryStatus; before?: number },
) {
  await ownEndpoint(ctx.db, caller, endpointId);
  const rows = await endpointDeliveries(ctx.db, endpointId, query, PAGE);
  return rows.map(deliveryView);
}

async function ownDelivery(ctx: AppContext, caller: Caller, endpointId: number, deliveryId: number) {
  await ownEndpoint(ctx.db, caller, endpointId);
  const row = await endpointDelivery(ctx.db, endpointId, deliveryId);
  if (!row) throw notFound();
  return row;
}

export async function getDelivery(ctx: AppContext, caller: Caller, endpointId: number, deliveryId: number) {
  const row = await ownDelivery(ctx, caller, endpointId, deliveryId);
  const attempts = await attemptsOf(ctx.db, deliveryId);
  return {
    ...deliveryView(row),
    body: row.body,
    attemptsLog: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      trigger: attempt.trigger as AttemptTrigger,
      at: isoTime(attempt.at) as string,
      statusCode: attempt.status_code,
      durationMs: attempt.duration_ms,
      error: attempt.error,
    })),
  };
}

/** Replays need the endpoint on: a delivery to an endpoint that is off would fail at once. */
async function enabledEndpoint(ctx: AppContext, caller: Caller, endpointId: number) {
  const endpoint = await ownEndpoint(ctx.db, caller, endpointId);
  if (endpoint.enabled !== 1) throw new AppError(409, 'webhookEndpointOff');
  return endpoint;
}

/**
 * Sends a finished delivery again, with the same webhook-id and body (a receiver that kept the id drops it), with
 * a new task and its whole retry schedule. The move back to pending is conditional, so a delivery replayed twice
 * at once is queued once; one still pending is already on its way and left as it is. Whether it was queued.
 */
async function replayInto(trx: Db, userId: number, deliveryId: number): Promise<boolean> {
  if (!(await reopenDelivery(trx, deliveryId))) return false;
  await queueDelivery(trx, userId, deliveryId, 'replay');
  return true;
}

export async function replayDelivery(ctx: AppContext, caller: Caller, endpointId: number, deliveryId: number) {
  await enabledEndpoint(ctx, caller, endpointId);
  await ownDelivery(ctx, caller, endpointId, deliveryId);
  // The answer is read in the replay's own transaction: the delivery as it was queued, before the worker woken
  // below can have sent it (on PostgreSQL it could otherwise answer a delivery already sent again).
  const { replayed, row } = await ctx.db.transaction().execute(async (trx) => ({
    replayed: await replayInto(trx, caller.userId, deliveryId),
    row: await endpointDelivery(trx, endpointId, deliveryId),
  }));
  if (replayed) ctx.wakeWorker();
  if (!row) throw notFound();
  return deliveryView(row);
}

/** Every failed delivery of the endpoint made since `since`, replayed (at most 5,000 per call, oldest first). */
export async function replayFailedSince(ctx: AppContext, caller: Caller, endpointId: number, since: string) {
  await enabledEndpoint(ctx, caller, endpointId);
  const rows = await failedDeliveriesSince(ctx.db, endpointId, Date.parse(since), 5000);
  let replayed = 0;
  for (const row of rows)
    if (await ctx.db.transaction().execute((trx) => replayInto(trx, caller.userId, row.id))) replayed++;
  if (replayed > 0) ctx.wakeWorker();
  return { replayed };
}

/**
 * A sample event of `type` (its data from the catalogue, marked `test: true`) sent to this endpoint only,
 * whatever types it listens for; it is logged like any delivery.
 */
export async function sendTestEvent(ctx: AppContext, caller: Caller, endpointId: number, type: WebhookEventType) {
  const endpoint = await enabledEndpoint(ctx, caller, endpointId);
  const userId = caller.userId;
  const now = Date.now();
  // Answered as queued, read in its own transaction like a replay's, before the woken worker can send it.
  const row = await ctx.db.transaction().execute(async (trx) => {
    const eventId = newMessageId();
    const eventRowId = await insertEvent(trx, {
      event_id: eventId,
      user_id: userId,
      type,
      source_key: `test:${eventId}`,
      body: eventBody(type, now, { ...EVENT_SAMPLES[type], test: true }),
      // A sample is of the endpoint's mode, so its delivery is listed with the endpoint's others.
      is_test: endpoint.is_test,
      created_at: now,
    });
    const deliveryId = await insertDelivery(trx, {
      endpoint_id: endpointId,
      event_row_id: eventRowId,
      user_id: userId,
      status: 'pending',
      created_at: now,
    });
    await queueDelivery(trx, userId, deliveryId, 'test');
    return endpointDelivery(trx, endpointId, deliveryId);
  });
  ctx.wakeWorker();
  if (!row) throw notFound();
  return deliveryView(row);
}
