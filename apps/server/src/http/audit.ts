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

/**
 * Runs a settings change and records, for the user log (the merchant's change history), what `read` found
 * before it and after it.
 */
export async function withChangeRecorded<T>(
  request: FastifyRequest,
  read: () => Promise<unknown>,
  write: () => Promise<T>,
): Promise<T> {
  const before = await read();
  const answer = await write();
  request.logChange = { before, after: await read() };
  return answer;
}
