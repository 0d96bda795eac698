import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { insertUserLog } from './audit-repo.ts';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Each call's address as it arrived. */
const arrivedFrom = new WeakMap<FastifyRequest, string>();

/**
 * Writes every signed-in call that changes data to the user log: who acted (the staff member when acting
 * as a user), on whom, what, and how it ended. A POST that only reads (a quote, an address check) says so
 * in its contract and is left out.
 */
export function installAuditLog(api: FastifyInstance, db: Db): void {
  // The caller's address as the call arrives: once its connection is gone (a balancer that closes each one,
  // an answer that failed on a closed socket) Node no longer knows it, and the row could not be written.
  api.addHook('onRequest', async (request) => {
    arrivedFrom.set(request, request.ip);
  });
  api.addHook('onResponse', async (request, reply) => {
    if (!CHANGING_METHODS.has(request.method) || !request.auth || request.routeOptions.config.readOnly) return;
    const { auth } = request;
    try {
      await insertUserLog(db, {
        actor_id: auth.actorId ?? auth.userId,
        subject_id: request.logSubjectId ?? auth.userId,
        method: request.method,
        path: request.url.split('?')[0] as string,
        status_code: reply.statusCode,
        ip: arrivedFrom.get(request) ?? '',
        acting: auth.actorId === null || auth.member ? 0 : 1,
        api_key_mode: auth.keyMode ?? null,
        before: request.logChange ? JSON.stringify(request.logChange.before) : null,
        after: request.logChange ? JSON.stringify(request.logChange.after) : null,
        created_at: Date.now(),
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not write the user log');
    }
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Two readings of what a change touched, reduced to the parts that differ: objects key by key (a nested key
 * dotted, `to.city`), anything else (a list of parcels, a value) whole. `keep` names the keys shown on both
 * sides changed or not: what the change was made to (an order's number).
 */
export function changedParts(
  before: unknown,
  after: unknown,
  keep: readonly string[] = [],
): { before: unknown; after: unknown } {
  if (!isRecord(before) || !isRecord(after)) return { before, after };
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  const compare = (path: string, old: unknown, now: unknown) => {
    if (isRecord(old) && isRecord(now)) {
      for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
        compare(path ? `${path}.${key}` : key, old[key], now[key]);
      }
    } else if (keep.includes(path) || JSON.stringify(old) !== JSON.stringify(now)) {
      was[path] = old ?? null;
      is[path] = now ?? null;
    }
  };
  compare('', before, after);
  return { before: was, after: is };
}

/**
 * Runs a change and records, for the user log (the merchant's change history), what `read` found before it
 * and after it: the parts that differ, and the `keep` keys that say what was changed (changedParts).
 */
export async function withChangeRecorded<T>(
  request: FastifyRequest,
  read: () => Promise<unknown>,
  write: () => Promise<T>,
  keep: readonly string[] = [],
): Promise<T> {
  const before = await read();
  const answer = await write();
  request.logChange = changedParts(before, await read(), keep);
  return answer;
}
