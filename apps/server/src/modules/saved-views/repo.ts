/** The saved_views rows (migration 0116): a user's views of the order list and their account's shared ones. */
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SavedViewsTable } from '../../db/schema.ts';

export type SavedViewRow = Selectable<SavedViewsTable>;

/** The user's own views in the account and those shared within it, by name. */
export function viewsFor(db: Db, accountId: number, userId: number): Promise<SavedViewRow[]> {
  return db
    .selectFrom('saved_views')
    .selectAll()
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('shared', '=', 1)]))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function insertView(db: Db, row: Omit<SavedViewsTable, 'id'>): Promise<SavedViewRow> {
  return db.insertInto('saved_views').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Changes a view its maker made in the account; the row as it is now, none when it is not theirs. */
export async function updateOwnView(
  db: Db,
  owner: { accountId: number; userId: number },
  id: number,
  change: Updateable<SavedViewsTable>,
): Promise<SavedViewRow | undefined> {
  return db
    .updateTable('saved_views')
    .set(change)
    .where('id', '=', id)
    .where('account_id', '=', owner.accountId)
    .where('user_id', '=', owner.userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a view its maker made in the account; the count deleted (0: not theirs, or none). */
export async function deleteOwnView(db: Db, owner: { accountId: number; userId: number }, id: number): Promise<number> {
  const result = await db
    .deleteFrom('saved_views')
    .where('id', '=', id)
    .where('account_id', '=', owner.accountId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
