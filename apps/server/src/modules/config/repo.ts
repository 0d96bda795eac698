import type { Db } from '../../db/index.ts';

/** The run-time settings staff changed (`configs`); a key never set has no row. */

export async function configValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('configs').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export function configRows(db: Db) {
  return db.selectFrom('configs').selectAll().execute();
}

export async function saveConfigValue(db: Db, key: string, value: string): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('configs')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}
