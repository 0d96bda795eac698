import * as contracts from '@parcelport/shared/contracts/preferences/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { findTableSettings, removeTableSettings, saveTableSettings } from './repo.ts';

/**
 * A user's own arrangement of a list's table. Acting as a customer, staff arrange the customer's tables, as
 * the customer would (the rows are the signed-in account's).
 */
export function preferenceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.getTableSettings, (request) =>
      findTableSettings(ctx.db, authOf(request).userId, request.params.list),
    );
    bind(app, contracts.saveTableSettings, async (request) => {
      await saveTableSettings(ctx.db, authOf(request).userId, request.params.list, request.body);
      return null;
    });
    bind(app, contracts.resetTableSettings, async (request) => {
      await removeTableSettings(ctx.db, authOf(request).userId, request.params.list);
      return null;
    });
  };
}
