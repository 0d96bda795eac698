/** The API keys' SQL: a key is a `sessions` row with a name (`api_key_name`), made and revoked by its owner. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SessionsTable } from '../../db/schema.ts';

/** What a key's list entry and its answer read of its row. */
const KEY_COLUMNS = [
  'id',
  'api_key_name',
  'api_key_prefix',
  'issued_at',
  'expires_at',
  'last_used_at',
  'last_used_ip',
  'api_key_read_only',
  'api_key_test',
  'api_key_areas',
  'api_key_ips',
  'api_key_rolled_at',
] as const;

/** The user's keys neither revoked nor expired. */
const liveKeys = (db: Db, userId: number) =>
  db
    .selectFrom('sessions')
    .where('user_id', '=', userId)
    .where('api_key_name', 'is not', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', Date.now());

/** The user's live keys, newest first. */
export function liveKeyRows(db: Db, userId: number) {
  return liveKeys(db, userId).select(KEY_COLUMNS).orderBy('id', 'desc').execute();
}

/** How many live keys the user has. */
export async function countLiveKeys(db: Db, userId: number): Promise<number> {
  const { live } = await liveKeys(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('live'))
    .executeTakeFirstOrThrow();
  return Number(live);
}

/** One of the user's live keys, with the key its line began with; undefined if it is not one. */
export function liveKeyRow(db: Db, userId: number, id: number) {
  return liveKeys(db, userId)
    .select([...KEY_COLUMNS, 'api_key_lineage', 'actor_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Writes a key's row; answers what its list entry reads. */
export function insertKeyRow(db: Db, key: Insertable<SessionsTable>) {
  return db.insertInto('sessions').values(key).returning(KEY_COLUMNS).executeTakeFirstOrThrow();
}

/** Marks a key rolled, to stop at `stopsAt`, unless it was rolled already; true when it was not. */
export async function markKeyRolled(db: Db, id: number, now: number, stopsAt: number): Promise<boolean> {
  const marked = await db
    .updateTable('sessions')
    .set({ api_key_rolled_at: now, expires_at: stopsAt })
    .where('id', '=', id)
    .where('api_key_rolled_at', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) !== 0;
}

/** Revokes one of the user's keys not revoked yet; false when there is no such key. */
export async function revokeKeyRow(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('api_key_name', 'is not', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}

/**
 * Notes a key's use and the address it came from, at most once a minute per key unless the address changed
 * (each write also moves the owner's change version).
 */
export async function touchApiKey(db: Db, id: number, ip: string, now = Date.now()): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now, last_used_ip: ip })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', now - 60_000),
        eb('last_used_ip', 'is', null),
        eb('last_used_ip', '!=', ip),
      ]),
    )
    .execute();
}
