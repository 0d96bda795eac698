import { MINUTE_MS } from '@parcelport/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../core/errors.ts';
import type { Sweep } from '../jobs/sweeper.ts';
import { countKeyCall, deleteKeyCallsBefore } from './key-calls-repo.ts';

/** The RateLimit headers of the IETF draft (RateLimit-Limit, -Remaining, -Reset in seconds), as Stripe-like APIs send them. */
function setLimitHeaders(reply: FastifyReply, limit: number, calls: number, resetMs: number): void {
  reply.header('ratelimit-limit', limit);
  reply.header('ratelimit-remaining', Math.max(0, limit - calls));
  reply.header('ratelimit-reset', Math.ceil(resetMs / 1000));
}

/**
 * Limits the calls each API key makes a minute (`API_KEY_CALLS_PER_MINUTE`), called by the auth hook
 * (hooks/auth.ts) as soon as it knows the call is a key's, before any of the key's refusals: every call made
 * with a key is counted and its answer carries the RateLimit headers, a refusal for the key's address, areas
 * or read-only limit included, and a call beyond the limit is 429 with Retry-After, before its route runs. A
 * rolled key and its successor are one line with one count (`lineage`), so rolling does not reset it. The
 * count is kept in the database, one row per line and minute, so that instances behind a load balancer share
 * it. Calls from a signed-in browser are not counted: they have the sign-in limits.
 */
export async function limitKeyCall(ctx: AppContext, reply: FastifyReply, lineage: number): Promise<void> {
  const limit = ctx.config.apiKeyCallsPerMinute;
  const now = Date.now();
  const windowStart = now - (now % MINUTE_MS);
  const calls = await countKeyCall(ctx.db, lineage, windowStart);
  const resetMs = windowStart + MINUTE_MS - now;
  setLimitHeaders(reply, limit, calls, resetMs);
  if (calls > limit) {
    reply.header('retry-after', Math.ceil(resetMs / 1000));
    throw new AppError(429, 'tooManyRequests');
  }
}

/** Forgets the minutes that are over (the current and the last are kept). */
export const forgetKeyCallsSweep: Sweep = {
  name: 'forgot the API key call counts of past minutes',
  run: ({ db }) => deleteKeyCallsBefore(db, Date.now() - 2 * MINUTE_MS),
};
