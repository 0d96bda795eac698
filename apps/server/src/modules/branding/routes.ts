import * as contracts from '@parcelport/shared/contracts/branding/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { withChangeRecorded } from '../../http/audit.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { brandOf, saveBrand } from './service.ts';

/** An account's brand (issue 28); every call is about the caller's own. */
export function brandingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.getBrand, (request) => brandOf(ctx.db, authOf(request).userId));
    bind(app, contracts.saveBrand, (request) => {
      const { userId } = authOf(request);
      return withChangeRecorded(
        request,
        () => brandOf(ctx.db, userId),
        () => saveBrand(ctx, userId, request.body),
      );
    });
  };
}
