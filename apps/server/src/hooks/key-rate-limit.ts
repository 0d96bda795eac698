import { MINUTE_MS } from '@parcelport/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../core/errors.ts';
import type { Db } from '../db/index.ts';
import type { Sweep } from '../jobs/sweeper.ts';

/** Counts one more call of the key in the current minute and answers how many it has made in it. */
async function countCall(db: Db, sessionId: number, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('api_key_calls')
    .values({ session_id: sessionId, window_start: windowStart, calls: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['session_id', 'window_start'])
        .doUpdateSet((eb) => ({ calls: eb('api_key_calls.calls', '+', 1) })),
    )
    .returning('calls')
    .executeTakeFirstOrThrow();
  return Number(row.calls);
}

/** The RateLimit headers of the IETF draft (RateLimit-Limit, -Remaining, -Reset in seconds), as Stripe-like APIs send them. */
function setLimitHeaders(reply: FastifyReply, limit: number, calls: number, resetMs: number): void {
  reply.header('ratelimit-limit', limit);
  reply.header('ratelimit-remaining', Math.max(0, limit - calls));
  reply.header('ratelimit-reset', Math.ceil(resetMs / 1000));
}

/**
 * Limits the calls each API key makes a minute (`API_KEY_CALLS_PER_MINUTE`): every answer to a key carries
 * the RateLimit headers, and a call beyond the limit is 429 with Retry-After, before its route runs. The
 * count is kept in the database, one row per key and minute, so that instances behind a load balancer share
 * it. Calls from a signed-in browser are not counted: they have the sign-in limits.
 */
export function installKeyRateLimit(api: FastifyInstance, ctx: AppContext): void {
  const limit = ctx.config.apiKeyCallsPerMinute;
  api.addHook('onRequest', async (request, reply) => {
    if (!request.auth?.viaApiKey) return;
    const now = Date.now();
    const windowStart = now - (now % MINUTE_MS);
    const calls = await countCall(ctx.db, request.auth.sessionId, windowStart);
    const resetMs = windowStart + MINUTE_MS - now;
    setLimitHeaders(reply, limit, calls, resetMs);
    if (calls > limit) {
      reply.header('retry-after', Math.ceil(resetMs / 1000));
      throw new AppError(429, 'tooManyRequests');
    }
  });
}

/** Forgets the minutes that are over (the current and the last are kept). */
export const forgetKeyCallsSweep: Sweep = {
  name: 'forgot the API key call counts of past minutes',
  run: async ({ db }) => {
    const result = await db
      .deleteFrom('api_key_calls')
      .where('window_start', '<', Date.now() - 2 * MINUTE_MS)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
