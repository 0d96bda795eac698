import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes every signed-in call that changes data to the user log: who acted (the staff member when acting
 * as a user), on whom, what, and how it ended. A POST that only reads (a quote, an address check) says so
 * in its contract and is left out.
 */
export function installAuditLog(api: FastifyInstance, db: Db): void {
  api.addHook('onResponse', async (request, reply) => {
    if (!CHANGING_METHODS.has(request.method) || !request.auth || request.routeOptions.config.readOnly) return;
    const { auth } = request;
    try {
      await db
        .insertInto('user_logs')
        .values({
          actor_id: auth.actorId ?? auth.userId,
          subject_id: request.logSubjectId ?? auth.userId,
          method: request.method,
          path: request.url.split('?')[0] as string,
          status_code: reply.statusCode,
          ip: request.ip,
          acting: auth.actorId === null ? 0 : 1,
          api_key_mode: auth.keyMode ?? null,
          created_at: Date.now(),
        })
        .execute();
    } catch (error) {
      request.log.error({ err: error }, 'could not write the user log');
    }
  });
}
