import * as contracts from '@parcelport/shared/contracts/access/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bind } from '../../http/contract-route.ts';
import { listRolesWithCodes } from './repo.ts';

/** Roles and the resource codes each grants. */
export function accessRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listRoles, () => listRolesWithCodes(ctx.db));
  };
}
