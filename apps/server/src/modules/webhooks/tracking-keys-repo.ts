/** The tracking webhooks' signing secrets' SQL (`tracking_webhook_keys`: one row per merchant, sealed). */
import type { Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { TrackingWebhookKeysTable } from '../../db/schema.ts';

/** The merchant's row, or undefined before their first one is made. */
export function trackingKeyRow(db: Db, userId: number) {
  return db.selectFrom('tracking_webhook_keys').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The merchant's row; throws when there is none. */
export function storedTrackingKey(db: Db, userId: number) {
  return db.selectFrom('tracking_webhook_keys').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/** Keeps the merchant's first secret, unless one was kept meanwhile (the first stored stays). */
export async function insertTrackingKeyOnce(db: Db, userId: number, sealed: string): Promise<void> {
  await db
    .insertInto('tracking_webhook_keys')
    .values({ user_id: userId, secret: sealed, created_at: Date.now() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Keeps the merchant's first secret. */
export async function insertTrackingKey(db: Db, userId: number, sealed: string): Promise<void> {
  await db
    .insertInto('tracking_webhook_keys')
    .values({ user_id: userId, secret: sealed, created_at: Date.now() })
    .execute();
}

/** Changes the merchant's secrets (a rotation). */
export async function updateTrackingKey(
  db: Db,
  userId: number,
  changes: Updateable<TrackingWebhookKeysTable>,
): Promise<void> {
  await db.updateTable('tracking_webhook_keys').set(changes).where('user_id', '=', userId).execute();
}
