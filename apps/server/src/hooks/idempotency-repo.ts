/**
 * The idempotency keys' SQL (`idempotency_keys`: one row per user and key, the call's claim on it and, once
 * answered, its answer). Every write that takes or keeps a key is conditional; hooks/idempotency.ts decides.
 */
import type { Db } from '../db/index.ts';

/** Takes a key that no row holds (a row that holds it already is left alone); true when taken. */
export async function insertKeyClaim(
  db: Db,
  claim: { userId: number; key: string; operation: string; requestHash: string; now: number; lockedUntil: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      operation: claim.operation,
      request_hash: claim.requestHash,
      created_at: claim.now,
      locked_until: claim.lockedUntil,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The row that holds the user's key, or undefined. */
export function keyRow(db: Db, userId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'operation', 'response', 'status_code', 'created_at', 'locked_until'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Deletes the user's key if it is still the row made at `createdAt` (an expired one). */
export async function deleteKeyMadeAt(db: Db, userId: number, key: string, createdAt: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '=', createdAt)
    .execute();
}

/**
 * Takes over a key whose call stopped without an answer, if its claim is still the one that lapsed
 * (`lapsedUntil`); true when taken.
 */
export async function retakeLapsedKey(
  db: Db,
  userId: number,
  key: string,
  lapsedUntil: number | null,
  lockedUntil: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ locked_until: lockedUntil })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('response', 'is', null)
    .where((eb) => (lapsedUntil === null ? eb('locked_until', 'is', null) : eb('locked_until', '=', lapsedUntil)))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Extends the claim of a call still running under the key. */
export async function renewKeyClaim(db: Db, userId: number, key: string, lockedUntil: number): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .set({ locked_until: lockedUntil })
    .where('response', 'is', null)
    .execute();
}

/** Keeps the answer a call under the key was sent, for its retries; the claim ends. */
export async function keepKeyAnswer(db: Db, userId: number, key: string, status: number, payload: string) {
  await db
    .updateTable('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .set({ status_code: status, response: payload, locked_until: null })
    .execute();
}

/** Lets the key go: a retry with it runs anew. */
export async function deleteKey(db: Db, userId: number, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
}

/** Deletes the keys made before `before` whose call no longer holds them; answers how many went. */
export async function deleteKeysMadeBefore(db: Db, before: number, now: number): Promise<number> {
  const deleted = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.or([eb('response', 'is not', null), eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
