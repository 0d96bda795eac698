import type { Db } from './index.ts';

/** The tables of a merchant's own records, each with an `id` and a `user_id`. */
type OwnTable = 'address_book' | 'package_templates' | 'products' | 'order_rules';

/** Deletes the user's own rows among `ids` (another user's ids are left alone); answers how many went. */
export async function deleteOwnRows(db: Db, table: OwnTable, userId: number, ids: readonly number[]): Promise<number> {
  const result = await db
    .deleteFrom(table as 'products')
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
