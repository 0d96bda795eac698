import * as contracts from '@parcelport/shared/contracts/access/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { listRolesWithCodes } from './repo.ts';
import { createRole, deleteRole, listResources, listRoleHolders, updateRole } from './service.ts';

/** Roles and the resource codes each grants; their management (docs/api.md "Roles"). */
export function accessRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listRoles, () => listRolesWithCodes(ctx.db));
    bind(app, contracts.createRole, (request) => createRole(ctx, authOf(request), request.body));
    bind(app, contracts.updateRole, (request) => updateRole(ctx, authOf(request), request.params.id, request.body));
    bind(app, contracts.deleteRole, async (request) => {
      await deleteRole(ctx, authOf(request), request.params.id);
      return null;
    });
    bind(app, contracts.listRoleHolders, (request) =>
      listRoleHolders(ctx, request.params.id, request.query.page, request.query.pageSize),
    );
    bind(app, contracts.listResources, () => listResources(ctx));
  };
}
