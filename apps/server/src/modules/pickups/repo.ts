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

/**
 * Takes a scheduled pickup for one cancellation (status `cancelling`) before the carrier is asked; false when
 * it was not scheduled (another call took it first), so two cancels never both ask the carrier.
 */
export async function claimCancel(db: Db, id: number): Promise<boolean> {
  return moveStatus(db, id, 'scheduled', { status: 'cancelling' });
}

/** Gives a pickup whose cancellation the carrier refused back to `scheduled`. */
export async function releaseCancel(db: Db, id: number): Promise<void> {
  await moveStatus(db, id, 'cancelling', { status: 'scheduled' });
}

/** Marks a pickup this call is cancelling cancelled; false when it was not (it is then not refunded). */
export async function markCancelled(db: Db, id: number, at: number): Promise<boolean> {
  return moveStatus(db, id, 'cancelling', { status: 'cancelled', cancelled_at: at });
}

async function moveStatus(
  db: Db,
  id: number,
  from: string,
  to: { status: string; cancelled_at?: number },
): Promise<boolean> {
  const result = await db
    .updateTable('pickups')
    .set(to)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
