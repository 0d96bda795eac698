import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/index.ts';
import { localeOf, translate } from '../i18n/messages.ts';
import { holdClaim } from '../jobs/claim.ts';
import { AppError } from './errors.ts';

/** How long a key is remembered: a key older than this is forgotten, and a call with it runs anew. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3_600_000;

type KeyRow = { request_hash: string; response: string | null; status_code: number | null };

/**
 * Takes the key for a call, or answers the row of the call that holds or held it. A key is taken when it is
 * new, when it expired (the old row is deleted first), or when the call that held it stopped without an
 * answer and its claim lapsed (its instance crashed): the same request then runs again. Each way is a
 * conditional write, so of two callers racing for one key exactly one takes it.
 */
async function claimKey(
  db: Db,
  userId: number,
  key: string,
  requestHash: string,
  claimMs: number,
): Promise<KeyRow | 'claimed'> {
  for (;;) {
    const now = Date.now();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, request_hash: requestHash, created_at: now, locked_until: now + claimMs })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return 'claimed';
    const previous = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'response', 'status_code', 'created_at', 'locked_until'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!previous) continue; // deleted meanwhile: try to insert again
    if (previous.created_at < now - IDEMPOTENCY_KEY_LIFETIME_MS) {
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('created_at', '=', previous.created_at)
        .execute();
      continue;
    }
    const lapsed =
      previous.response === null && previous.request_hash === requestHash && (previous.locked_until ?? 0) < now;
    if (!lapsed) return previous;
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ locked_until: now + claimMs })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('response', 'is', null)
      .where((eb) =>
        previous.locked_until === null
          ? eb('locked_until', 'is', null)
          : eb('locked_until', '=', previous.locked_until),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return 'claimed';
  }
}

/**
 * Runs a call once per `Idempotency-Key` (per user) for 24 hours: a retry with the same key and body
 * answers what the first call answered, a retry while it runs gets 409, the same key with another body
 * 422. A call that stopped without an answer (a crash) holds its key only until its claim lapses (`claimMs`
 * without renewal); a retry then runs. Without a key the call simply runs.
 */
export async function idempotent(
  db: Db,
  userId: number,
  key: string | undefined,
  body: unknown,
  reply: FastifyReply,
  claimMs: number,
  run: () => Promise<unknown>,
): Promise<unknown> {
  if (!key) return run();
  const keyText = key.slice(0, 200);
  const requestHash = createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
  const claim = await claimKey(db, userId, keyText, requestHash, claimMs);
  if (claim !== 'claimed') {
    if (claim.request_hash !== requestHash) throw new AppError(422, 'idempotencyMismatch');
    if (claim.response === null) throw new AppError(409, 'idempotencyInProgress');
    return reply.code(claim.status_code ?? 200).send(JSON.parse(claim.response));
  }
  const store = (status: number, response: unknown) =>
    db
      .updateTable('idempotency_keys')
      .set({ status_code: status, response: JSON.stringify(response), locked_until: null })
      .where('user_id', '=', userId)
      .where('key', '=', keyText)
      .execute();
  const stopRenewing = holdClaim(
    () =>
      db
        .updateTable('idempotency_keys')
        .set({ locked_until: Date.now() + claimMs })
        .where('user_id', '=', userId)
        .where('key', '=', keyText)
        .where('response', 'is', null)
        .execute(),
    claimMs,
  );
  try {
    const result = await run();
    await store(200, result);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      const locale = localeOf(reply.request.headers['accept-language']);
      await store(error.statusCode, {
        code: error.statusCode,
        message: translate(error.key, locale, error.params),
        data: error.data,
      });
    } else {
      // A server failure is not an answer: let the client retry with the same key.
      await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', keyText).execute();
    }
    throw error;
  } finally {
    stopRenewing();
  }
}

/** The sweep (see jobs/sweeper.ts): deletes keys older than a day, except one whose call still holds it. */
export async function forgetExpiredKeys(db: Db): Promise<number> {
  const now = Date.now();
  const deleted = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', now - IDEMPOTENCY_KEY_LIFETIME_MS)
    .where((eb) =>
      eb.or([eb('response', 'is not', null), eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
