/**
 * The pickups rows (migrations 0115, 0135): asked before the carrier is, booked, listed, found in the caller's
 * account, cancelled once.
 */
import { type Selectable, sql } from 'kysely';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { PickupsTable } from '../../db/schema.ts';

export type PickupRow = Selectable<PickupsTable> & { channel_name: string | null };

const withChannel = (db: Db) =>
  db
    .selectFrom('pickups')
    .leftJoin('channels', 'channels.id', 'pickups.channel_id')
    .selectAll('pickups')
    .select('channels.name as channel_name');

type AskedPickup = Omit<
  PickupsTable,
  | 'id'
  | 'status'
  | 'confirmation_no'
  | 'upstream_id'
  | 'fee'
  | 'cancelled_at'
  | 'asked_at'
  | 'settled_by'
  | 'settled_at'
>;

/**
 * Keeps a booking as asked (`asking`) before the carrier is: its id, or null when the account's channel has a
 * booking of that day asked already (its outcome decides; migration 0135's index).
 */
export async function insertAsked(db: Db, row: AskedPickup, askedAt: number): Promise<number | null> {
  const inserted = await db
    .insertInto('pickups')
    .values({ ...row, status: 'asking', fee: 0, asked_at: askedAt })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : null;
}

/** The account's booking of the channel's day still asked, if any. */
export function askedPickup(db: Db, accountId: number, channelId: number, day: string) {
  return withChannel(db)
    .where('pickups.user_id', '=', accountId)
    .where('pickups.channel_id', '=', channelId)
    .where('pickups.pickup_date', '=', day)
    .where('pickups.status', '=', 'asking')
    .executeTakeFirst();
}

/**
 * The bookings of the accounts within `scope`, with their channel's carrier and their merchant's user name (the
 * ones staff settle among them). Pickups are of real labels only: a test API key reaches none.
 */
export function pickupsWithin(db: Db, scope: Scope) {
  return withChannel(db)
    .innerJoin('users', 'users.id', 'pickups.user_id')
    .select(['channels.platform_code', 'users.username'])
    .$if(scope.test === true, (qb) => qb.where(sql<boolean>`false`))
    .$if(scope.userId !== undefined, (qb) => qb.where('pickups.user_id', '=', scope.userId as number))
    .$if(scope.ownerId !== undefined, (qb) => qb.where('users.owner_id', '=', scope.ownerId as number));
}

/**
 * Settles an asked booking as the carrier's `booked` one (`scheduled`), or as never booked (`notBooked`);
 * false when it was not asked any more (settled by another call first).
 */
export async function settleAsked(
  db: Db,
  id: number,
  outcome: { status: 'scheduled'; confirmation_no: string; upstream_id: string; fee: number } | { status: 'notBooked' },
  settledBy?: { by: number; at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('pickups')
    .set({ ...outcome, asked_at: null, settled_by: settledBy?.by ?? null, settled_at: settledBy?.at ?? null })
    .where('id', '=', id)
    .where('status', '=', 'asking')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

/** Forgets a booking the carrier never made (it refused it) or that was not paid. */
export async function deletePickup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('pickups').where('id', '=', id).execute();
}
