import { DAY_MS, ORDER_STATUS, UNUSED_LABEL_DAYS_BY_CARRIER, UNUSED_LABEL_DEFAULT_DAYS } from '@parcelport/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { asBigint } from '../../db/typed.ts';

/** The merchants' switches and the notices of unused labels (`unused_label_settings`, `unused_label_notices`). */

/** Whether the merchant's unused labels are voided automatically (no row: yes). */
export async function autoVoidOf(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('unused_label_settings')
    .select('enabled')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? row.enabled === 1 : true;
}

export async function setAutoVoid(db: Db, userId: number, enabled: boolean): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('unused_label_settings')
    .values({ user_id: userId, enabled: enabled ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }))
    .execute();
}

/** When a label is due: made at or before `byOrder` (SQL per channel and carrier), which is never after `latest`. */
export interface Due {
  byOrder: RawBuilder<number>;
  latest: number;
}

/**
 * In SQL, the latest label creation time that is due at `now` less `aheadDays`: a channel's own number of
 * days first (0: never due), then the carrier's default. The times are bound, cast to bigint so that
 * PostgreSQL types the CASE (inlined, each sweep would be a statement of its own to prepare).
 */
export function madeBefore(days: Map<number, number>, now: number, aheadDays: number): Due {
  const cutoff = (d: number) => (d === 0 ? 0 : now - (d - aheadDays) * DAY_MS);
  const all = [...days.values(), ...Object.values(UNUSED_LABEL_DAYS_BY_CARRIER), UNUSED_LABEL_DEFAULT_DAYS];
  const byChannel = [...days].map(
    ([id, d]) => sql`when ${sql.ref('orders.channel_id')} = ${id} then ${asBigint(cutoff(d))}`,
  );
  const byCarrier = Object.entries(UNUSED_LABEL_DAYS_BY_CARRIER).map(
    ([carrier, d]) => sql`when ${sql.ref('orders.carrier_code')} = ${carrier} then ${asBigint(cutoff(d))}`,
  );
  return {
    byOrder: sql<number>`case ${sql.join([...byChannel, ...byCarrier], sql` `)} else ${asBigint(cutoff(UNUSED_LABEL_DEFAULT_DAYS))} end`,
    latest: Math.max(...all.map(cutoff)),
  };
}

/** Each channel's id and settings (channels are few): where a channel's own number of days is set. */
export function channelSettings(db: Db) {
  return db.selectFrom('channels').select(['id', 'settings']).execute();
}

/**
 * Bought labels never scanned (still pending transport, not test labels) made at or before `madeBefore`
 * (a CASE per channel and carrier), of merchants who did not switch the void off; oldest first.
 */
function unscanned(db: Db, madeBefore: Due) {
  return (
    db
      .selectFrom('orders')
      .leftJoin('unused_label_settings', 'unused_label_settings.user_id', 'orders.user_id')
      .leftJoin('unused_label_notices', 'unused_label_notices.order_id', 'orders.id')
      .where('orders.status', '=', ORDER_STATUS.pendingTransport)
      .where('orders.is_test', '=', 0)
      // The latest any channel can be due first, a range of orders_status_test_made_idx; then each order's own.
      .where('orders.label_created_at', '<=', madeBefore.latest)
      .where((eb) => eb('orders.label_created_at', '<=', madeBefore.byOrder))
      .where((eb) =>
        eb.or([eb('unused_label_settings.enabled', 'is', null), eb('unused_label_settings.enabled', '=', 1)]),
      )
  );
}

/** Labels due a warning (made before `madeBefore`) whose merchant was not warned yet. */
export function dueWarning(db: Db, madeBefore: Due, limit: number) {
  return unscanned(db, madeBefore)
    .where('unused_label_notices.order_id', 'is', null)
    .select(['orders.id', 'orders.user_id', 'orders.order_no', 'orders.label_created_at'])
    .orderBy('orders.label_created_at')
    .limit(limit)
    .execute();
}

/** Labels due the void (made before `madeBefore`) whose merchant was warned at or before `warnedBefore`. */
export function dueVoid(db: Db, madeBefore: Due, warnedBefore: number, limit: number) {
  return unscanned(db, madeBefore)
    .where('unused_label_notices.warned_at', '<=', warnedBefore)
    .where('unused_label_notices.voided_at', 'is', null)
    .select(['orders.id'])
    .orderBy('orders.label_created_at')
    .limit(limit)
    .execute();
}

/** Notes the warning of an order once: true for the one caller that wrote it. */
export async function noteWarning(db: Db, order: { id: number; user_id: number }, at: number): Promise<boolean> {
  const inserted = await db
    .insertInto('unused_label_notices')
    .values({ order_id: order.id, user_id: order.user_id, warned_at: at, voided_at: null })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Notes the void of an order once: true for the one caller that wrote it. */
export async function noteVoid(db: Db, orderId: number, at: number): Promise<boolean> {
  const updated = await db
    .updateTable('unused_label_notices')
    .set({ voided_at: at })
    .where('order_id', '=', orderId)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
