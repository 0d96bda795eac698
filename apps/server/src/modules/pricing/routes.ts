import * as contracts from '@parcelport/shared/contracts/pricing/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { listRulesWithUsers, relateUser, saveRule, unrelateUser } from './rules.ts';

/**
 * Pricing rules (docs/api.md, rateCalculation): markups by percentage and/or fixed amount per channel or
 * service. Rules belong to the platform; which accounts a rule applies to is the staff member's customers'.
 */
export function pricingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listPriceRules, (request) => listRulesWithUsers(ctx.db, scopeOf(request), request.query.id));
    bind(app, contracts.savePriceRule, async (request) => ({ id: await saveRule(ctx.db, request.body) }));
    bind(app, contracts.addUserPriceRule, async (request) => {
      request.logSubjectId = request.body.userId;
      await relateUser(ctx.db, scopeOf(request), request.body.userId, request.body.ruleId);
      return null;
    });
    bind(app, contracts.removeUserPriceRule, async (request) => {
      request.logSubjectId = request.body.userId;
      await unrelateUser(ctx.db, scopeOf(request), request.body.userId, request.body.ruleId);
      return null;
    });
  };
}
