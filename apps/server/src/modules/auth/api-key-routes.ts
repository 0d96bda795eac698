import * as contracts from '@parcelport/shared/contracts/api-keys/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { createApiKey, listApiKeys, revokeApiKey, rollApiKey } from './api-keys.ts';

/**
 * Settings → API: a merchant's API keys. A key authenticates as `Authorization: Bearer <key>` with the
 * owner's permissions, or those of the team member who made it; managing keys needs a signed-in person, not a
 * key (the contracts say so).
 */
export function apiKeyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    /** The team member calling (null for the owner): the maker of the keys it makes and rolls. */
    const memberOf = (request: Parameters<typeof authOf>[0]) => {
      const auth = authOf(request);
      return auth.member ? auth.actorId : null;
    };
    bind(app, contracts.listApiKeys, (request) => listApiKeys(ctx.db, authOf(request).userId));
    bind(app, contracts.createApiKey, (request) =>
      createApiKey(
        ctx.db,
        authOf(request).userId,
        {
          name: request.body.name,
          lifetimeDays: request.body.expiresInDays,
          mode: request.body.mode,
          readOnly: request.body.readOnly,
          areas: request.body.areas,
          ips: request.body.ips,
        },
        memberOf(request),
      ),
    );
    bind(app, contracts.rollApiKey, (request) =>
      rollApiKey(ctx.db, authOf(request).userId, request.params.id, request.body.overlapHours, memberOf(request)),
    );
    bind(app, contracts.revokeApiKey, async (request) => {
      await revokeApiKey(ctx.db, authOf(request).userId, request.params.id);
      return null;
    });
  };
}
