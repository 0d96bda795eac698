/** The sign-in sessions' SQL (`sessions`: sign-ins, acting-as sessions and API keys alike). */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SessionsTable } from '../../db/schema.ts';

/** Writes a new session row. */
export async function insertSession(db: Db, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session a token's hash opens, if it is neither revoked nor expired. */
export function liveSessionByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select([
      'id',
      'user_id',
      'actor_id',
      'issued_at',
      'expires_at',
      'api_key_name',
      'api_key_read_only',
      'api_key_test',
      'api_key_areas',
      'api_key_ips',
      'api_key_lineage',
    ])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .executeTakeFirst();
}

/**
 * Lets a session live on only until `graceEnd`, unless it is revoked or already ends before then; true when
 * it did (of several concurrent renewals, one).
 */
export async function shortenSession(db: Db, sessionId: number, graceEnd: number): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ expires_at: graceEnd })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', graceEnd)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: Date.now() }).where('id', '=', sessionId).execute();
}

/**
 * Ends the user's own sessions and the acting-as sessions the user opened for others, so a staff member
 * who is disabled, loses a role or resets the password keeps no token acting as a customer. API keys are
 * left to their owner, who revokes them in Settings → API (a disabled account's keys answer 401 anyway).
 * `except` keeps one session alive: the one that changed the password goes on.
 */
export async function revokeUserSessions(db: Db, userId: number, except?: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('actor_id', '=', userId)]))
    .where('revoked_at', 'is', null)
    .where('api_key_name', 'is', null)
    .$if(except !== undefined, (qb) => qb.where('id', '!=', except as number))
    .execute();
}
