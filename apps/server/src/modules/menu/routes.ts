import { menuFor } from '@parcelport/shared';
import * as contracts from '@parcelport/shared/contracts/menu/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';

/** The menu from the server (settings → menuFromServer): the route table filtered by the caller's codes. */
export function menuRoutes(_ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.getMenu, (request) => {
      const auth = authOf(request);
      return menuFor(auth.codes, undefined, auth.member?.permissions ?? null);
    });
  };
}
