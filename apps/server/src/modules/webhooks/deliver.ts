import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { enqueueTasks } from '../../jobs/queue.ts';
import { TaskFailed, type TaskHandler } from '../../jobs/tasks.ts';
import { checkWebhookTarget } from '../../outbound/target.ts';
import { notifyUser } from '../messages/index.ts';
import {
  countAttempt,
  deliveryToSend,
  failDelivery,
  firstAttemptSince,
  giveUpDelivery,
  insertAttempt,
  insertDeliveries,
  setDeliveryJobs,
  taskQueuedAt,
} from './deliveries-repo.ts';
import { postJson } from './delivery.ts';
import {
  disableFailingEndpoint,
  enabledEndpointsOfAudience,
  endpointAnswered,
  endpointFailed,
} from './endpoints-repo.ts';
import { WEBHOOK_FANOUT_TASK } from './events.ts';
import { eventRow } from './events-repo.ts';
import { signedHeaders, signingSecrets } from './signing.ts';

/**
 * Sending recorded events to merchants' endpoints (docs/api.md "Webhook endpoints"), by the task worker of
 * every instance: a fan-out task per event makes one delivery per enabled, subscribed endpoint, and a
 * delivery task per delivery posts it, signed, retrying with backoff until it is answered 2xx.
 */
export const WEBHOOK_DELIVERY_TASK = 'webhook-delivery';

export type AttemptTrigger = 'auto' | 'replay' | 'test';

/** Attempts per delivery (the first and 14 retries): retries span a little over 3 days 21 hours. */
export const DELIVERY_ATTEMPTS = 15;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 12 * 3_600_000;

/**
 * The wait after the n-th failed attempt: 30 s, tripled each time up to 12 h, plus up to a quarter more
 * at random so that endpoints that failed together are not retried together. The jitter only adds, so the
 * 14 waits always span at least 3 days 21 hours.
 */
export function retryDelayMs(failedAttempt: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 3 ** (failedAttempt - 1), LONGEST_WAIT_MS);
  return Math.round(base * (1 + 0.25 * random()));
}

/** Puts one delivery on the queue (its task remembered on the row, whose run_after is the next retry). */
export async function queueDelivery(db: Db, userId: number, deliveryId: number, trigger: AttemptTrigger) {
  return (await queueDeliveries(db, userId, [deliveryId], trigger))[0] as number;
}

/** Puts a merchant's deliveries on the queue in a few statements (queueDelivery for each); their task ids. */
async function queueDeliveries(db: Db, userId: number, deliveryIds: readonly number[], trigger: AttemptTrigger) {
  const jobIds = await enqueueTasks(
    db,
    deliveryIds.map((deliveryId) => ({ userId, type: WEBHOOK_DELIVERY_TASK, payload: { deliveryId, trigger } })),
  );
  const rows = deliveryIds.map((deliveryId, index) => ({ deliveryId, jobId: jobIds[index] as number }));
  for (let start = 0; start < rows.length; start += 500) {
    await setDeliveryJobs(db, rows.slice(start, start + 500));
  }
  return jobIds;
}

/**
 * One event to a delivery per endpoint of its merchant and its mode that is on and listens for its type, in
 * a few statements, written by the task worker in the transaction that ends the fan-out's task (with the
 * other tasks that ended meanwhile, TaskWrites); the worker then claims the new deliveries. A fan-out run
 * again (its instance stopped) adds none twice.
 */
export const fanoutTask: TaskHandler = {
  timeoutMs: 60_000,
  attempts: 10,
  retryMs: 5_000,
  async run(ctx, job) {
    const eventRowId = Number(job.payload.eventRowId);
    const event = await eventRow(ctx.db, eventRowId);
    if (!event) return 'no event';
    const endpoints = await enabledEndpointsOfAudience(ctx.db, event.user_id, event.is_test);
    const listening = endpoints.filter((endpoint) =>
      (JSON.parse(endpoint.event_types) as string[]).includes(event.type),
    );
    if (listening.length === 0) return '0 endpoints';
    const write = async (trx: Db) => {
      const now = Date.now();
      const deliveries: number[] = [];
      for (let start = 0; start < listening.length; start += 500) {
        const rows = await insertDeliveries(
          trx,
          listening.slice(start, start + 500).map((endpoint) => ({
            endpoint_id: endpoint.id,
            event_row_id: event.id,
            user_id: event.user_id,
            status: 'pending',
            created_at: now,
          })),
        );
        deliveries.push(...rows.map((row) => row.id));
      }
      if (deliveries.length > 0) await queueDeliveries(trx, event.user_id, deliveries, 'auto');
    };
    return { outcome: `${listening.length} endpoints`, write };
  },
};

/**
 * The outcome of one attempt, logged on the delivery; the endpoint's failure streak follows it. Written by
 * the task worker in the transaction that ends the delivery's task (or puts it back for a retry), shared
 * with the other tasks that ended meanwhile (TaskWrites).
 */
function recordAttempt(
  delivery: { id: number; endpoint_id: number },
  attempt: { trigger: AttemptTrigger; at: number; statusCode: number | null; durationMs: number; error: string | null },
  ok: boolean,
) {
  return async (trx: Db) => {
    const attempts = await countAttempt(trx, delivery.id, { statusCode: attempt.statusCode, at: attempt.at, ok });
    await insertAttempt(trx, {
      delivery_id: delivery.id,
      attempt: attempts,
      trigger: attempt.trigger,
      at: attempt.at,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error?.slice(0, 500) ?? null,
    });
    if (ok) await endpointAnswered(trx, delivery.endpoint_id);
    else await endpointFailed(trx, delivery.endpoint_id, attempt.at);
  };
}

/**
 * Posts one delivery, signed with the endpoint's secrets (two for a day after a rotation); anything but a
 * 2xx answer in time is a failure that the task worker retries (retryDelayMs). A delivery to an endpoint
 * that is off is not attempted: it is failed at once and can be replayed once the endpoint is on again.
 */
export function deliveryTask(config: Pick<Config, 'webhookAllowedHosts' | 'webhookTimeoutMs'>): TaskHandler {
  return {
    timeoutMs: config.webhookTimeoutMs,
    attempts: DELIVERY_ATTEMPTS,
    retryMs: FIRST_RETRY_MS,
    retryAfterMs: (failedAttempt) => retryDelayMs(failedAttempt),
    async run(ctx, job, signal) {
      const deliveryId = Number(job.payload.deliveryId);
      const trigger = (job.payload.trigger as AttemptTrigger | undefined) ?? 'auto';
      const delivery = await deliveryToSend(ctx.db, deliveryId);
      // A task that is no longer the delivery's (replayed meanwhile) or finds it finished does nothing.
      if (delivery?.status !== 'pending' || Number(delivery.job_id) !== job.id) return 'nothing to send';
      if (delivery.enabled !== 1) {
        await failDelivery(ctx.db, deliveryId);
        return 'the endpoint is off';
      }
      const secrets = signingSecrets(delivery).map((sealed) => ctx.sealer.open(sealed));
      const started = Date.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        const target = await checkWebhookTarget(delivery.url, config.webhookAllowedHosts);
        const headers = signedHeaders(secrets, delivery.event_id, delivery.body, started);
        statusCode = await postJson(target, delivery.body, signal, headers);
      } catch (caught) {
        error = signal.aborted ? 'no answer in time' : caught instanceof Error ? caught.message : String(caught);
      }
      const ok = statusCode !== null && statusCode >= 200 && statusCode <= 299;
      const write = recordAttempt(
        delivery,
        { trigger, at: started, statusCode, durationMs: Date.now() - started, error },
        ok,
      );
      if (!ok) throw new TaskFailed(error ?? `answered HTTP ${statusCode}`, write);
      return { outcome: `delivered (HTTP ${statusCode})`, write };
    },
    gaveUp: (ctx, job) => giveUp(ctx, Number(job.payload.deliveryId), job.id),
  };
}

/**
 * A delivery whose last attempt failed is failed for good (until replayed). The endpoint is switched off,
 * and its merchant told in their message box, when no attempt to it has succeeded since this delivery's
 * first attempt (of this task), at least 3 days 21 hours of failing: the rule is "every attempt failed for as long as a
 * delivery's whole retry schedule". Switching it on again is the merchant's.
 */
async function giveUp(ctx: AppContext, deliveryId: number, jobId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const delivery = await giveUpDelivery(trx, deliveryId, jobId);
    if (!delivery) return;
    // This task's first attempt: the attempts logged since the task was queued.
    const firstAt = await firstAttemptSince(trx, deliveryId, await taskQueuedAt(trx, jobId));
    if (firstAt === null) return;
    const stopped = await disableFailingEndpoint(trx, delivery.endpoint_id, firstAt, Date.now());
    if (!stopped) return;
    await notifyUser(trx, delivery.user_id, {
      type: 'notice',
      title: 'webhookDisabledTitle',
      content: 'webhookDisabledContent',
      params: { url: displayUrl(stopped.url), attempts: DELIVERY_ATTEMPTS },
    });
  });
}

/** An endpoint's URL as a message names it: without its query, which may carry the merchant's secret. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

export { WEBHOOK_FANOUT_TASK };
