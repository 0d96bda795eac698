import * as contracts from '@parcelport/shared/contracts/team/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import {
  acceptInvitation,
  inviteMember,
  listChangeHistory,
  listMembers,
  removeMember,
  resendInvitation,
  updateMember,
} from './service.ts';

/** Settings → Members and Change history (issue 30); the invitation's acceptance (public, rate limited). */
export function teamRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const merchantOf = (request: FastifyRequest) => authOf(request).userId;
    const localeOfCall = (request: FastifyRequest) => localeOf(request.headers['accept-language']);
    const limited = { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } } };

    bind(app, contracts.listMembers, (request) => listMembers(ctx, merchantOf(request)));
    bind(app, contracts.inviteMember, async (request) => {
      const view = await inviteMember(ctx, merchantOf(request), request.body, localeOfCall(request));
      request.logChange = { before: null, after: { email: view.email, permissions: view.permissions } };
      return view;
    });
    bind(app, contracts.updateMember, async (request) => {
      const { view, before } = await updateMember(
        ctx,
        merchantOf(request),
        request.params.id,
        request.body.permissions,
      );
      request.logChange = {
        before: { email: view.email, permissions: before },
        after: { email: view.email, permissions: view.permissions },
      };
      return view;
    });
    bind(app, contracts.removeMember, async (request) => {
      const row = await removeMember(ctx, merchantOf(request), request.params.id);
      request.logChange = { before: { email: row.email }, after: null };
      return null;
    });
    bind(app, contracts.resendInvitation, (request) =>
      resendInvitation(ctx, merchantOf(request), request.params.id, localeOfCall(request)),
    );
    bind(app, contracts.acceptInvitation, (request) => acceptInvitation(ctx, request.body), limited);
    bind(app, contracts.listChangeHistory, (request) =>
      listChangeHistory(ctx, scopeOf(request), merchantOf(request), request.query),
    );
  };
}
