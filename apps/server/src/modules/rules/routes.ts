import * as contracts from '@parcelport/shared/contracts/rules/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { createRule, deleteRules, dryRun, listRuleViews, reorderRules, rewriteRule, setActive } from './service.ts';

/** A merchant's rules (issue 30): its own, run on its own orders. */
export function ruleRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const userOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
    bind(app, contracts.listRules, async (request) => listRuleViews(ctx.db, userOf(request)));
    bind(app, contracts.createRule, async (request) => createRule(ctx.db, userOf(request), request.body));
    bind(app, contracts.updateRule, async (request) =>
      rewriteRule(ctx.db, userOf(request), request.params.id, request.body),
    );
    bind(app, contracts.setRuleActive, async (request) =>
      setActive(ctx.db, userOf(request), request.params.id, request.body.active),
    );
    bind(app, contracts.reorderRules, async (request) => reorderRules(ctx.db, userOf(request), request.body.ids));
    bind(app, contracts.deleteRules, async (request) => ({
      deleted: await deleteRules(ctx.db, userOf(request), request.body.ids),
    }));
    bind(app, contracts.dryRunRule, async (request) =>
      dryRun(ctx.db, { ...scopeOf(request), userId: userOf(request) }, request.body.rule, request.body.limit),
    );
  };
}
