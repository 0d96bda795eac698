import type { Db } from '../../db/index.ts';

/**
 * `notice_settings` (per account and event: the switch and the templates) and `recipient_notices` (each
 * notice mailed, unique per order and event).
 */

export function noticeSettingsOf(db: Db, userId: number) {
  return db.selectFrom('notice_settings').selectAll().where('user_id', '=', userId).execute();
}

/** The settings these accounts have switched on, each whole (its templates too). */
export async function noticesSwitchedOn(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('notice_settings')
    .selectAll()
    .where('user_id', 'in', [...new Set(userIds)])
    .where('enabled', '=', 1)
    .execute();
}

export function noticeSettingOf(db: Db, userId: number, event: string) {
  return db
    .selectFrom('notice_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('event', '=', event)
    .executeTakeFirst();
}

export interface NoticeSettingColumns {
  event: string;
  enabled: number;
  subject_zh: string;
  body_zh: string;
  subject_en: string;
  body_en: string;
}

export async function upsertNoticeSettings(
  db: Db,
  userId: number,
  settings: readonly NoticeSettingColumns[],
): Promise<void> {
  const now = Date.now();
  for (const setting of settings) {
    const { event: _event, ...columns } = setting;
    await db
      .insertInto('notice_settings')
      .values({ user_id: userId, ...setting, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'event']).doUpdateSet({ ...columns, updated_at: now }))
      .execute();
  }
}

/**
 * Records that the order's recipient is told of `event`; false when that was recorded before (by this
 * instance or another): the unique key makes it the one sender.
 */
export async function recordNotice(
  db: Db,
  notice: { orderId: number; event: string; email: string; locale: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('recipient_notices')
    .values({
      order_id: notice.orderId,
      event: notice.event,
      email: notice.email,
      locale: notice.locale,
      sent_at: Date.now(),
    })
    .onConflict((oc) => oc.columns(['order_id', 'event']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export function noticesOfOrder(db: Db, orderId: number) {
  return db.selectFrom('recipient_notices').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}
