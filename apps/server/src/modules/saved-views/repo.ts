/** The saved_views rows (migration 0116): a user's views of the order list and their account's shared ones. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SavedViewsTable } from '../../db/schema.ts';

export type SavedViewRow = Selectable<SavedViewsTable>;

/** The user's own views and those shared within their account, by name. */
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

/** Deletes a view its maker made; the count deleted (0: not theirs, or none). */
export async function deleteOwnView(db: Db, userId: number, id: number): Promise<number> {
  const result = await db
    .deleteFrom('saved_views')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
