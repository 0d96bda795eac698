/** The single-use secrets mailed to an address: registration codes and password-reset links. */
import type { Db } from '../../db/index.ts';
import { sha256 } from '../../lib/tokens.ts';

/** When codes were sent to the address for registration since `since` (epoch ms). */
export async function registrationCodesSentSince(db: Db, email: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('email', '=', email)
    .where('purpose', '=', 'register')
    .where('created_at', '>', since)
    .execute();
  return rows.map((row) => Number(row.created_at));
}

export async function insertRegistrationCode(db: Db, email: string, code: string, expiresAt: number): Promise<void> {
  await db
    .insertInto('verification_codes')
    .values({ email, purpose: 'register', code_hash: sha256(code), expires_at: expiresAt, created_at: Date.now() })
    .execute();
}

/**
 * Uses up the newest live registration code for the address if it matches. Every try first takes one of
 * the code's attempts in a single conditional update, so guesses sent all at once cannot share one attempt.
 */
export async function consumeRegistrationCode(
  db: Db,
  email: string,
  code: string,
  maxAttempts: number,
): Promise<boolean> {
  const latest = await db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash'])
    .where('email', '=', email)
    .where('purpose', '=', 'register')
    .where('used_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) return false;
  const attempt = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', latest.id)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  if (Number(attempt.numUpdatedRows) === 0) return false;
  if (latest.code_hash !== sha256(code.trim())) return false;
  const used = await db
    .updateTable('verification_codes')
    .set({ used_at: Date.now() })
    .where('id', '=', latest.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function insertPasswordReset(db: Db, userId: number, token: string, expiresAt: number): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ token_hash: sha256(token), user_id: userId, expires_at: expiresAt, created_at: Date.now() })
    .execute();
}

/** Uses up a live reset link once; answers whose password it resets, or undefined. */
export async function consumePasswordReset(db: Db, token: string): Promise<number | undefined> {
  const reset = await db
    .updateTable('password_resets')
    .set({ used_at: Date.now() })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .returning('user_id')
    .executeTakeFirst();
  return reset?.user_id;
}
