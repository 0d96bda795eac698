import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@parcelport/shared/contracts/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, invalidFields } from '../core/errors.ts';
import type { Db } from '../db/index.ts';
import { holdMultipart } from '../http/held-multipart.ts';
import { holdClaim } from '../jobs/claim.ts';
import {
  deleteKey,
  deleteKeyMadeAt,
  deleteKeysMadeBefore,
  insertKeyClaim,
  keepKeyAnswer,
  keyRow,
  renewKeyClaim,
  retakeLapsedKey,
} from './idempotency-repo.ts';

/** How long a key is remembered: a key older than this is forgotten, and a call with it runs anew. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3_600_000;

type KeyRow = { request_hash: string; operation: string; response: string | null; status_code: number | null };

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
  operation: string,
  requestHash: string,
  claimMs: number,
): Promise<KeyRow | 'claimed'> {
  for (;;) {
    const now = Date.now();
    if (await insertKeyClaim(db, { userId, key, operation, requestHash, now, lockedUntil: now + claimMs })) {
      return 'claimed';
    }
    const previous = await keyRow(db, userId, key);
    if (!previous) continue; // deleted meanwhile: try to insert again
    if (previous.created_at < now - IDEMPOTENCY_KEY_LIFETIME_MS) {
      await deleteKeyMadeAt(db, userId, key, previous.created_at);
      continue;
    }
    const lapsed =
      previous.response === null &&
      previous.request_hash === requestHash &&
      (previous.operation === '' || previous.operation === operation) &&
      (previous.locked_until ?? 0) < now;
    if (!lapsed) return previous;
    if (await retakeLapsedKey(db, userId, key, previous.locked_until, now + claimMs)) return 'claimed';
  }
}

/**
 * What a call running under its key does once it ends: keeps its answer for retries, or lets the key go. An
 * answer is kept as it is sent (the onSend hook), after its schema left out what it does not answer and a
 * refusal's words were put in the caller's language, so a retry reads exactly what the first call did.
 */
export interface HeldKey {
  /** The handler answered: the answer about to be sent is the one a retry with the key is sent. */
  answered: () => void;
  /**
   * The call ended without an answer to keep: a refusal (an AppError under 500) is kept as the answer;
   * anything else (a server failure, an answer sent as it is) lets a retry with the key run.
   */
  failed: (error: unknown) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that takes an `Idempotency-Key`: every call of a signed-in caller that changes something and
     * answers JSON, uploads included (http/contract-route.ts).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this call runs under, when it was sent one. */
    heldKey?: HeldKey;
  }
}

/** The entries of a request's path parameters or query, in the order of their names; null for none. */
function named(values: unknown): [string, unknown][] | null {
  const entries = Object.entries((values ?? {}) as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return entries.length > 0 ? entries : null;
}

/**
 * What a call under a key is: its body, and what its path and query name when they name something (the
 * same key sent to cancel another order is another request, refused with 422, not answered with the first
 * order's cancel). A call whose path and query name nothing is its body alone.
 */
function fingerprint(body: unknown, params: unknown, query: unknown): string {
  const path = named(params);
  const search = named(query);
  const request = path || search ? { body: body ?? null, path, search } : (body ?? null);
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * Runs every write once per `Idempotency-Key` and user for 24 hours, as Stripe does: a retry with the same
 * key and request (body, path, query) is sent what the first call answered (a refusal included) with
 * `Idempotent-Replayed: true`, a retry while it runs gets 409, the same key with another body, path or query,
 * or on another operation, 422. A call that stopped without an answer (a crash) holds its key only until its
 * claim lapses (`claimMs` without renewal); a retry then runs, as it does after a server failure. Without a
 * key the call simply runs.
 * The hook claims the key once the body is validated; the route's handler (contract-route.ts) settles it.
 */
export function installIdempotency(api: FastifyInstance, db: Db, claimMs: number): void {
  api.decorateRequest('heldKey', undefined);
  // The calls whose answer is to be kept once it is serialised, and how each keeps it.
  const answering = new WeakSet<object>();
  const keptAnswers = new WeakMap<object, (status: number, payload: string) => Promise<void>>();
  api.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !request.routeOptions.config.idempotent || !request.auth) return;
    if (typeof header !== 'string' || header.trim() === '' || header.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw invalidFields({ 'Idempotency-Key': 'idempotencyKeyInvalid' });
    }
    const { userId } = request.auth;
    // A test key's keys are apart from its owner's live ones, as its orders are: the same key sent in both
    // modes runs twice and is never answered from the other mode's call.
    const stored = request.auth.keyMode === 'test' ? `test:${header}` : header;
    const operation = `${request.method} ${request.routeOptions.url}`;
    // An upload is read whole first, so that its files' bytes are part of what the key is sent with.
    const body = request.isMultipart() ? { multipart: await holdMultipart(request) } : request.body;
    const requestHash = fingerprint(body, request.params, request.query);
    const claim = await claimKey(db, userId, stored, operation, requestHash, claimMs);
    if (claim !== 'claimed') {
      const sameCall = claim.request_hash === requestHash && (claim.operation === '' || claim.operation === operation);
      if (!sameCall) throw new AppError(422, 'idempotencyMismatch', null, { key: header });
      if (claim.response === null) throw new AppError(409, 'idempotencyInProgress');
      return reply
        .code(claim.status_code ?? 200)
        .type('application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(claim.response);
    }
    const stopRenewing = holdClaim(() => renewKeyClaim(db, userId, stored, Date.now() + claimMs), claimMs);
    let settled = false;
    keptAnswers.set(request, async (status, payload) => {
      if (settled) return;
      settled = true;
      stopRenewing();
      await keepKeyAnswer(db, userId, stored, status, payload);
    });
    request.heldKey = {
      answered: () => answering.add(request),
      failed: async (error) => {
        if (error instanceof AppError && error.statusCode < 500) {
          answering.add(request);
          return;
        }
        if (settled) return;
        settled = true;
        stopRenewing();
        // A server failure is not an answer: a retry with the same key runs.
        await deleteKey(db, userId, stored);
      },
    };
  });
  // The answer or refusal of a call that holds a key, as it is sent, is what its retries are sent.
  api.addHook('onSend', async (request, reply, payload) => {
    // An answer that failed on its way out (a 500 from its serialisation) is no answer: the key goes (onResponse).
    if (answering.has(request) && reply.statusCode < 500 && typeof payload === 'string')
      await keptAnswers.get(request)?.(reply.statusCode, payload);
    return payload;
  });
  // A call that ended before its handler settled the key (the client went away, a hook refused it) lets it go.
  api.addHook('onResponse', async (request) => {
    await request.heldKey?.failed(null);
  });
}

/** The sweep (see jobs/sweeper.ts): deletes keys older than a day, except one whose call still holds it. */
export async function forgetExpiredKeys(db: Db): Promise<number> {
  const now = Date.now();
  return deleteKeysMadeBefore(db, now - IDEMPOTENCY_KEY_LIFETIME_MS, now);
}
