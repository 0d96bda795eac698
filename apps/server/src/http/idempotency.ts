import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/index.ts';
import { AppError } from './errors.ts';
import { localeOf, translate } from './messages.ts';

/**
 * Runs a call once per `Idempotency-Key` (per user): a retry with the same key and body answers what the
 * first call answered, a retry while it runs gets 409, the same key with another body 422. Without a key
 * the call simply runs.
 */
export async function idempotent(
  db: Db,
  userId: number,
  key: string | undefined,
  body: unknown,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  if (!key) return run();
  const requestHash = createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key: key.slice(0, 200), request_hash: requestHash, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const previous = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key.slice(0, 200))
      .executeTakeFirstOrThrow();
    if (previous.request_hash !== requestHash) throw new AppError(422, 'idempotencyMismatch');
    if (previous.response === null) throw new AppError(409, 'idempotencyInProgress');
    return reply.code(previous.status_code ?? 200).send(JSON.parse(previous.response));
  }
  const store = (status: number, response: unknown) =>
    db
      .updateTable('idempotency_keys')
      .set({ status_code: status, response: JSON.stringify(response) })
      .where('user_id', '=', userId)
      .where('key', '=', key.slice(0, 200))
      .execute();
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
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key.slice(0, 200))
        .execute();
    }
    throw error;
  }
}
