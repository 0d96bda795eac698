/** The pickups rows (migration 0115): booked, listed, found in the caller's account, cancelled once. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { PickupsTable } from '../../db/schema.ts';

export type PickupRow = Selectable<PickupsTable> & { channel_name: string | null };

const withChannel = (db: Db) =>
  db
    .selectFrom('pickups')
    .leftJoin('channels', 'channels.id', 'pickups.channel_id')
    .selectAll('pickups')
    .select('channels.name as channel_name');

export async function insertPickup(db: Db, row: Omit<PickupsTable, 'id' | 'cancelled_at'>): Promise<number> {
  const inserted = await db
    .insertInto('pickups')
    .values({ ...row, cancelled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The account's pickups, newest first. */
export function pickupsOf(db: Db, accountId: number, limit = 200): Promise<PickupRow[]> {
  return withChannel(db).where('pickups.user_id', '=', accountId).orderBy('pickups.id', 'desc').limit(limit).execute();
}

/** A pickup of the account (none when another account's). */
export function pickupOf(db: Db, accountId: number, id: number): Promise<PickupRow | undefined> {
  return withChannel(db).where('pickups.id', '=', id).where('pickups.user_id', '=', accountId).executeTakeFirst();
}

/** Marks a scheduled pickup cancelled; false when it no longer was (another call cancelled it first). */
export async function markCancelled(db: Db, id: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('pickups')
    .set({ status: 'cancelled', cancelled_at: at })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
