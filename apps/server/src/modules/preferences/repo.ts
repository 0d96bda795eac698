/** The table_settings rows of one user (migration 0037): read, written whole, removed. */
import type { TableList, TableSettings } from '@parcelport/shared/contracts/preferences/index';
import type { Db } from '../../db/index.ts';

export async function findTableSettings(db: Db, userId: number, list: TableList): Promise<TableSettings | null> {
  const row = await db
    .selectFrom('table_settings')
    .select('settings')
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .executeTakeFirst();
  return row ? (JSON.parse(row.settings) as TableSettings) : null;
}

export async function saveTableSettings(db: Db, userId: number, list: TableList, settings: TableSettings) {
  const values = { settings: JSON.stringify(settings), updated_at: Date.now() };
  await db
    .insertInto('table_settings')
    .values({ user_id: userId, list, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'list']).doUpdateSet(values))
    .execute();
}

export async function removeTableSettings(db: Db, userId: number, list: TableList) {
  await db.deleteFrom('table_settings').where('user_id', '=', userId).where('list', '=', list).execute();
}
