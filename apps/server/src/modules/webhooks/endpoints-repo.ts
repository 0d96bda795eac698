/** The webhook endpoints' SQL (`webhook_endpoints`): a merchant's endpoints, who listens for an event, their failures. */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { WebhookEndpointsTable } from '../../db/schema.ts';

/** The merchant's endpoint, or undefined. */
export function endpointOfUser(db: Db, userId: number, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The merchant's endpoints, newest first; of the API key's mode and of the mode asked (`is_test`, 1 or 0)
 * when each is given.
 */
export function endpointsOfUser(
  db: Db,
  userId: number,
  keyIsTest: number | undefined,
  askedIsTest: number | undefined,
) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(keyIsTest !== undefined, (qb) => qb.where('is_test', '=', keyIsTest as number))
    .$if(askedIsTest !== undefined, (qb) => qb.where('is_test', '=', askedIsTest as number))
    .orderBy('id', 'desc')
    .execute();
}

/** How many endpoints the merchant has, of both modes. */
export async function countEndpoints(db: Db, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Registers an endpoint; answers its row. */
export function insertEndpoint(db: Db, endpoint: Insertable<WebhookEndpointsTable>) {
  return db.insertInto('webhook_endpoints').values(endpoint).returningAll().executeTakeFirstOrThrow();
}

/** Changes an endpoint; answers its row as it is now. */
export function updateEndpointRow(db: Db, id: number, changes: Updateable<WebhookEndpointsTable>) {
  return db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The enabled endpoints of these merchants (of both modes), with the event types each listens for. */
export function enabledEndpointsOf(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['user_id', 'event_types', 'is_test'])
    .where('user_id', 'in', userIds)
    .where('enabled', '=', 1)
    .execute();
}

/** The enabled endpoints of one merchant and mode, with the event types each listens for. */
export function enabledEndpointsOfAudience(db: Db, userId: number, isTest: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'event_types'])
    .where('user_id', '=', userId)
    .where('is_test', '=', isTest)
    .where('enabled', '=', 1)
    .execute();
}

/** An attempt to the endpoint succeeded: its failure streak ends (a row not failing is left unwritten). */
export async function endpointAnswered(db: Db, id: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .set({ failing_since: null })
    .execute();
}

/** An attempt to the endpoint failed at `at`: its failure streak starts then, unless it had started. */
export async function endpointFailed(db: Db, id: number, at: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .where('id', '=', id)
    .set({ failing_since: at })
    .where('failing_since', 'is', null)
    .execute();
}

/**
 * Switches off an enabled endpoint that has been failing since `failingBy` or before (the platform stopped
 * it); answers its URL when it did.
 */
export function disableFailingEndpoint(db: Db, id: number, failingBy: number, now: number) {
  return db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: 'failures', disabled_at: now, updated_at: now })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .where('failing_since', 'is not', null)
    .where('failing_since', '<=', failingBy)
    .returning('url')
    .executeTakeFirst();
}
