/** The user log's SQL (`user_logs`, written by the audit hook, read by modules/audit). */
import type { Insertable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { UserLogsTable } from '../db/schema.ts';

/** Writes one entry of the user log. */
export async function insertUserLog(db: Db, entry: Insertable<UserLogsTable>): Promise<void> {
  await db.insertInto('user_logs').values(entry).execute();
}
