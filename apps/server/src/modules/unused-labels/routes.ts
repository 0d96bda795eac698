import * as contracts from '@parcelport/shared/contracts/unused-labels/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { withChangeRecorded } from '../../http/audit.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { autoVoidOf, setAutoVoid } from './repo.ts';

/** The merchant's switch for the automatic void of unused labels. */
export function unusedLabelRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.getUnusedLabelSetting, async (request) => ({
      enabled: await autoVoidOf(ctx.db, authOf(request).userId),
    }));
    bind(app, contracts.setUnusedLabelSetting, async (request) => {
      const { userId } = authOf(request);
      await withChangeRecorded(
        request,
        async () => ({ enabled: await autoVoidOf(ctx.db, userId) }),
        () => setAutoVoid(ctx.db, userId, request.body.enabled),
      );
      return { enabled: request.body.enabled };
    });
  };
}
