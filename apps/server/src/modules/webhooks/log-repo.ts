/** The delivery log's SQL: an endpoint's deliveries with their events and tasks, and each delivery's attempts. */
import type { WebhookDeliveryStatus } from '@parcelport/shared/contracts/webhooks/schemas';
import type { Db } from '../../db/index.ts';

/** A delivery as the log shows it: its state, its event, and when its task runs next. */
function deliveries(db: Db) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_row_id')
    .leftJoin('jobs as j', 'j.id', 'd.job_id')
    .select([
      'd.id',
      'd.status',
      'd.attempts',
      'd.last_code',
      'd.last_at',
      'd.created_at',
      'd.endpoint_id',
      'v.event_id',
      'v.type',
      'v.body',
      'j.run_after',
      'j.status as job_status',
    ]);
}

export type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveries>['executeTakeFirstOrThrow']>>;

/** A page of the endpoint's deliveries, newest first: of one state if asked, before a delivery's id if asked. */
export function endpointDeliveries(
  db: Db,
  endpointId: number,
  query: { status?: WebhookDeliveryStatus; before?: number },
  limit: number,
) {
  return deliveries(db)
    .where('d.endpoint_id', '=', endpointId)
    .$if(query.status !== undefined, (q) => q.where('d.status', '=', query.status as string))
    .$if(query.before !== undefined, (q) => q.where('d.id', '<', query.before as number))
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** One of the endpoint's deliveries, or undefined. */
export function endpointDelivery(db: Db, endpointId: number, deliveryId: number) {
  return deliveries(db).where('d.id', '=', deliveryId).where('d.endpoint_id', '=', endpointId).executeTakeFirst();
}

/** The delivery's attempts, first first. */
export function attemptsOf(db: Db, deliveryId: number) {
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt')
    .execute();
}

/** The endpoint's failed deliveries made since `since`, oldest first, at most `limit`. */
export function failedDeliveriesSince(db: Db, endpointId: number, since: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'failed')
    .where('created_at', '>=', since)
    .orderBy('id')
    .limit(limit)
    .execute();
}
