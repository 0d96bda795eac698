import type { KeyArea, KeyMode } from '@parcelport/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { keyModeOf, limitList } from './api-keys.ts';
import { insertSession, liveSessionByHash, shortenSession } from './sessions-repo.ts';

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
  await insertSession(db, {
    token_hash: sha256(token),
    user_id: userId,
    actor_id: actorId,
    issued_at: now,
    expires_at: now + config.sessionTtlMs,
  });
  return token;
}

export async function findLiveSession(db: Db, token: string): Promise<SessionRow | undefined> {
  const row = await liveSessionByHash(db, sha256(token));
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
    if (!(await shortenSession(trx, session.id, graceEnd))) return null;
    return createSession(trx, config, session.userId, session.actorId);
  });
}
