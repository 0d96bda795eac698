import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { countFailure, deleteThrottle, ensureThrottle, lockUsername, throttleOf } from './login-throttles-repo.ts';

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
  const row = await throttleOf(db, keyOf(username));
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
    await ensureThrottle(trx, key, now);
    const row = await countFailure(trx, key, windowOpen, now);
    if (row.failures < LOGIN_FAILURES_ALLOWED) return;
    const lockMs = Math.min(FIRST_LOCK_MS * 2 ** row.lockouts, LONGEST_LOCK_MS);
    await lockUsername(trx, key, { now, lockedUntil: now + lockMs, lockouts: row.lockouts + 1 });
  });
}

/** A successful sign-in forgets the account's failures and locks. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await deleteThrottle(db, keyOf(username));
}
