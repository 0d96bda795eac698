import { sql } from 'kysely';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';

/** Failed sign-ins one account may have within FAILURE_WINDOW_MS; the next failure after them locks it. */
export const LOGIN_FAILURES_ALLOWED = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** The first lock; each further lock before a successful sign-in is twice as long, up to a day. */
export const FIRST_LOCK_MS = 15 * 60_000;
const LONGEST_LOCK_MS = 24 * 3_600_000;

/** Failures are counted per username as typed (trimmed, any case), whether or not it names an account. */
const keyOf = (username: string) => username.trim().toLowerCase();

/** A 429 for an account locked after repeated failures, before its password is even checked. */
export async function refuseWhileLocked(db: Db, username: string): Promise<void> {
  const row = await db
    .selectFrom('login_throttles')
    .select('locked_until')
    .where('username', '=', keyOf(username))
    .executeTakeFirst();
  const left = row ? Number(row.locked_until) - Date.now() : 0;
  if (left > 0) throw new AppError(429, 'loginLocked', null, { minutes: Math.ceil(left / 60_000) });
}

/**
 * Counts a failed sign-in in one conditional UPDATE (so concurrent failures on several instances all
 * count); the LOGIN_FAILURES_ALLOWED-th within the window locks the account.
 */
export async function recordLoginFailure(db: Db, username: string): Promise<void> {
  const key = keyOf(username);
  const now = Date.now();
  const windowOpen = now - FAILURE_WINDOW_MS;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_throttles')
      .values({ username: key, failures: 0, window_start: now })
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
    // Both expressions read the row as it was: a failure after the window starts a new one.
    const row = await trx
      .updateTable('login_throttles')
      .set({
        failures: sql<number>`case when window_start < ${windowOpen} then 1 else failures + 1 end`,
        window_start: sql<number>`case when window_start < ${windowOpen} then cast(${now} as bigint) else window_start end`,
      })
      .where('username', '=', key)
      .returning(['failures', 'lockouts'])
      .executeTakeFirstOrThrow();
    if (row.failures < LOGIN_FAILURES_ALLOWED) return;
    const lockMs = Math.min(FIRST_LOCK_MS * 2 ** row.lockouts, LONGEST_LOCK_MS);
    await trx
      .updateTable('login_throttles')
      .set({ failures: 0, window_start: now, locked_until: now + lockMs, lockouts: row.lockouts + 1 })
      .where('username', '=', key)
      .execute();
  });
}

/** A successful sign-in forgets the account's failures and locks. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('username', '=', keyOf(username)).execute();
}
