import * as contracts from '@parcelport/shared/contracts/api-log/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { listedModeOf } from '../../core/caller.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { apiLogEntry, listApiLogs } from './repo.ts';

/** The API log (docs/api.md, /maintenance/apiLog): calls to the carriers' APIs, redacted. */
export function apiLogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Live calls unless asked the test ones (issue 31): never both mixed.
    bind(app, contracts.listApiLogs, (request) =>
      listApiLogs(ctx.db, { ...request.query, mode: listedModeOf(authOf(request), request.query.mode) }),
    );
    bind(app, contracts.apiLogEntry, (request) => apiLogEntry(ctx.db, request.params.id));
  };
}
