import * as contracts from '@parcelport/shared/contracts/api-log/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bind } from '../../http/contract-route.ts';
import { apiLogEntry, listApiLogs } from './repo.ts';

/** The API log (docs/api.md, /maintenance/apiLog): calls to the carriers' APIs, redacted. */
export function apiLogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listApiLogs, (request) => listApiLogs(ctx.db, request.query));
    bind(app, contracts.apiLogEntry, (request) => apiLogEntry(ctx.db, request.params.id));
  };
}
