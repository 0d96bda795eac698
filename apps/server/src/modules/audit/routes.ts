import * as contracts from '@parcelport/shared/contracts/audit/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { exportUserLogs, listUserLogs } from './service.ts';

/** The user log (docs/api.md, /maintenance/userLogs): every changing call, who acted and on whom. */
export function auditRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listUserLogs, (request) => listUserLogs(ctx, scopeOf(request), request.query));
    bind(app, contracts.exportUserLogs, (request, reply) =>
      exportUserLogs(
        ctx,
        reply,
        scopeOf(request),
        request.query,
        localeOf(request.headers['accept-language'] as string | undefined),
      ),
    );
  };
}
