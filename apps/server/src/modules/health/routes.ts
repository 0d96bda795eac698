import { checkHealth, healthDown } from '@parcelport/shared/contracts/health/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { bind } from '../../http/contract-route.ts';
import { pingDatabase } from './repo.ts';

/**
 * Liveness and the database check: 503 with `status: 'down'` while the database does not answer, and with
 * `status: 'draining'` once the instance is stopping.
 */
export function healthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(
      app,
      checkHealth,
      async (request) => {
        if (ctx.lifecycle.draining)
          throw new AppError(503, 'serverStopping', { status: 'draining', database: ctx.dialect });
        try {
          await pingDatabase(ctx.db);
          return { status: 'ok' as const, database: ctx.dialect };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          throw new AppError(503, 'databaseUnreachable', { status: 'down', database: ctx.dialect });
        }
      },
      { responses: { 503: healthDown } },
    );
  };
}
