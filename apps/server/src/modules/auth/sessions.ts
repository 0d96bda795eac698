import type { KeyArea, KeyMode } from '@parcelport/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { keyModeOf, limitList } from './api-keys.ts';

/** How long a replaced token keeps working, so requests already in flight with it still succeed. */
const ROTATION_GRACE_MS = 60_000;

export interface SessionRow {
  id: number;
  userId: number;
  actorId: number | null;
  issuedAt: number;
  expiresAt: number;
  /** An API key: never renewed, and refused by the calls that need a signed-in person (see auth.ts). */
  apiKey: boolean;
  /** An API key that may only read: every call that changes something is refused (see auth.ts). */
  readOnly: boolean;
  /** An API key's mode (test keys see and make test orders only); null: a sign-in session. */
  mode: KeyMode | null;
  /** The areas an API key may call; null: every area. */
  areas: KeyArea[] | null;
  /** The addresses or CIDR blocks an API key may call from; null: any. */
  ips: string[] | null;
  /** The key a rolled API key's line began with (its own id when never rolled from one): its rate-limit count. */
  lineage: number;
}

export async function createSession(
  db: Db,
  config: Pick<Config, 'sessionTtlMs'>,
  userId: number,
  actorId: number | null = null,
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      actor_id: actorId,
      issued_at: now,
      expires_at: now + config.sessionTtlMs,
    })
    .execute();
  return token;
}

export async function findLiveSession(db: Db, token: string): Promise<SessionRow | undefined> {
  const row = await db
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
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      actorId: row.actor_id,
      issuedAt: row.issued_at,
      expiresAt: row.expires_at,
      apiKey: row.api_key_name !== null,
      readOnly: row.api_key_read_only === 1,
      mode: row.api_key_name !== null ? keyModeOf(row) : null,
      areas: limitList<KeyArea>(row.api_key_areas),
      ips: limitList(row.api_key_ips),
      lineage: row.api_key_lineage ?? row.id,
    }
  );
}

/**
 * Sliding renewal: a new token for the same user (and actor) with a fresh lifetime; the old one lives on
 * for a short grace period only.
 */
export async function rotateSession(
  db: Db,
  config: Pick<Config, 'sessionTtlMs'>,
  session: SessionRow,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const graceEnd = Date.now() + ROTATION_GRACE_MS;
    // Only one of several concurrent requests rotates: the others see the shortened expiry and skip. A
    // session revoked meanwhile (logout, disabled account) is not renewed.
    const result = await trx
      .updateTable('sessions')
      .set({ expires_at: graceEnd })
      .where('id', '=', session.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', graceEnd)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    return createSession(trx, config, session.userId, session.actorId);
  });
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
