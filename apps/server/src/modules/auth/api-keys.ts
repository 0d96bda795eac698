import { MAX_API_KEYS } from '@parcelport/shared';
import { AppError, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { isoTime } from '../../http/envelope.ts';
import { newToken, sha256 } from './tokens.ts';

/** Every key starts so, which tells a leaked key for what it is (secret scanners look for such prefixes). */
const KEY_PREFIX = 'pp_';
/** Characters of a key kept in clear to tell keys apart in the list. */
const SHOWN_CHARACTERS = 10;
/** An expiry for a key that never expires: 9999-12-31, so the sessions' expiry check needs no exception. */
const NEVER = Date.UTC(9999, 11, 31);
const DAY_MS = 86_400_000;

export function apiKeyView(row: {
  id: number;
  api_key_name: string | null;
  api_key_prefix: string | null;
  issued_at: number;
  expires_at: number;
  last_used_at: number | null;
  api_key_read_only: number;
}) {
  return {
    id: row.id,
    name: row.api_key_name ?? '',
    prefix: row.api_key_prefix ?? '',
    createdAt: isoTime(row.issued_at) as string,
    expiresAt: row.expires_at >= NEVER ? null : isoTime(row.expires_at),
    lastUsedAt: isoTime(row.last_used_at),
    readOnly: row.api_key_read_only === 1,
  };
}

const liveKeys = (db: Db, userId: number) =>
  db
    .selectFrom('sessions')
    .where('user_id', '=', userId)
    .where('api_key_name', 'is not', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', Date.now());

export async function listApiKeys(db: Db, userId: number) {
  const rows = await liveKeys(db, userId)
    .select(['id', 'api_key_name', 'api_key_prefix', 'issued_at', 'expires_at', 'last_used_at', 'api_key_read_only'])
    .orderBy('id', 'desc')
    .execute();
  return rows.map(apiKeyView);
}

/** Makes a key; the key itself is answered this once and kept only as its SHA-256. */
export async function createApiKey(
  db: Db,
  userId: number,
  { name, lifetimeDays, readOnly }: { name: string; lifetimeDays: number | null; readOnly: boolean },
) {
  const key = `${KEY_PREFIX}${newToken()}`;
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const { live } = await liveKeys(trx, userId)
      .select((eb) => eb.fn.countAll<number>().as('live'))
      .executeTakeFirstOrThrow();
    if (Number(live) >= MAX_API_KEYS) throw new AppError(422, 'apiKeyLimit', null, { max: MAX_API_KEYS });
    const row = await trx
      .insertInto('sessions')
      .values({
        token_hash: sha256(key),
        user_id: userId,
        actor_id: null,
        issued_at: now,
        expires_at: lifetimeDays === null ? NEVER : now + lifetimeDays * DAY_MS,
        api_key_name: name,
        api_key_prefix: key.slice(0, SHOWN_CHARACTERS),
        api_key_read_only: readOnly ? 1 : 0,
      })
      .returning([
        'id',
        'api_key_name',
        'api_key_prefix',
        'issued_at',
        'expires_at',
        'last_used_at',
        'api_key_read_only',
      ])
      .executeTakeFirstOrThrow();
    return { key, ...apiKeyView(row) };
  });
}

export async function revokeApiKey(db: Db, userId: number, id: number): Promise<void> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('api_key_name', 'is not', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound();
}

/** Notes a key's use, at most once a minute per key (each write also moves the owner's change version). */
export async function touchApiKey(db: Db, id: number, now = Date.now()): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - 60_000)]))
    .execute();
}
