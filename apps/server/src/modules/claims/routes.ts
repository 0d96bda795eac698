import * as contracts from '@parcelport/shared/contracts/claims/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { claimDetail, claimOptions, decideClaim, fileClaim, listClaims, payClaim, reviewClaim } from './service.ts';

const localeOfRequest = (request: FastifyRequest) => localeOf(request.headers['accept-language']);

/**
 * Insurance claims: the merchant's (`/app/claim`, own orders) and staff's (`/admin/claim`, adminClaimList,
 * their customers').
 */
export function claimRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.fileClaim, (request) =>
      fileClaim(ctx.db, authOf(request), request.body, localeOfRequest(request)),
    );
    bind(app, contracts.getClaimOptions, (request) => claimOptions(ctx.db, authOf(request), request.params.id));
    bind(app, contracts.listMyClaims, (request) => listClaims(ctx.db, scopeOf(request), request.query, 'merchant'));
    bind(app, contracts.getMyClaim, (request) => claimDetail(ctx.db, scopeOf(request), request.params.id));

    bind(app, contracts.listClaims, (request) => listClaims(ctx.db, scopeOf(request), request.query, 'staff'));
    bind(app, contracts.getClaim, (request) => claimDetail(ctx.db, scopeOf(request), request.params.id));
    bind(app, contracts.reviewClaim, (request) =>
      reviewClaim(ctx.db, authOf(request), scopeOf(request), request.params.id, localeOfRequest(request)),
    );
    bind(app, contracts.decideClaim, (request) =>
      decideClaim(ctx.db, authOf(request), scopeOf(request), request.params.id, request.body, localeOfRequest(request)),
    );
    bind(app, contracts.payClaim, (request) =>
      payClaim(ctx.db, authOf(request), scopeOf(request), request.params.id, localeOfRequest(request)),
    );
  };
}
