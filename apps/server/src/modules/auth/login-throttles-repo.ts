/** The sign-in throttles' SQL (`login_throttles`: failures and locks per username as typed). */
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { asBigint } from '../../db/typed.ts';

/** When the username's lock ends (a time past: not locked), or undefined for a username never failed. */
export function throttleOf(db: Db, username: string) {
  return db.selectFrom('login_throttles').select('locked_until').where('username', '=', username).executeTakeFirst();
}

/** Makes the username's row, with no failures counted, unless it has one. */
export async function ensureThrottle(db: Db, username: string, now: number): Promise<void> {
  await db
    .insertInto('login_throttles')
    .values({ username, failures: 0, window_start: now })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}

/**
 * Counts a failure in one conditional UPDATE, a failure after the window (opened at `windowOpen`) starting a
 * new one; answers the failures in the window and the locks so far.
 */
export function countFailure(db: Db, username: string, windowOpen: number, now: number) {
  // Both expressions read the row as it was: a failure after the window starts a new one.
  return db
    .updateTable('login_throttles')
    .set({
      failures: sql<number>`case when window_start < ${windowOpen} then 1 else failures + 1 end`,
      window_start: sql<number>`case when window_start < ${windowOpen} then ${asBigint(now)} else window_start end`,
    })
    .where('username', '=', username)
    .returning(['failures', 'lockouts'])
    .executeTakeFirstOrThrow();
}

/** Locks the username until `lockedUntil`, its failures forgotten and its locks counted (`lockouts`). */
export async function lockUsername(
  db: Db,
  username: string,
  lock: { now: number; lockedUntil: number; lockouts: number },
): Promise<void> {
  await db
    .updateTable('login_throttles')
    .set({ failures: 0, window_start: lock.now, locked_until: lock.lockedUntil, lockouts: lock.lockouts })
    .where('username', '=', username)
    .execute();
}

/** Forgets the username's failures and locks. */
export async function deleteThrottle(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('username', '=', username).execute();
}
