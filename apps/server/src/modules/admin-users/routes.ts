import * as contracts from '@parcelport/shared/contracts/admin-users/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import type { Family } from '../../scope/accounts.ts';
import { actAs, listUsers, setInvitationCode, setRoles, setStatus, userWithWallets } from './service.ts';

/** Routes of one family: `/admin/…` for customers (code adminList), `/staff/…` for employees (staffList). */
function bindFamily(app: FastifyInstance, ctx: AppContext, prefix: contracts.UserFamily, family: Family) {
  bind(app, contracts.listUsers[prefix], (request) => listUsers(ctx, scopeOf(request), family, request.query));
  bind(app, contracts.getUser[prefix], (request) => userWithWallets(ctx, scopeOf(request), family, request.params.id));
  bind(app, contracts.updateUserStatus[prefix], async (request) => {
    request.logSubjectId = request.params.id;
    await setStatus(ctx, authOf(request), scopeOf(request), family, request.params.id, request.body.status);
    return null;
  });
  bind(app, contracts.updateUserRoles[prefix], async (request) => {
    request.logSubjectId = request.body.userId;
    await setRoles(ctx, authOf(request), scopeOf(request), family, request.body.userId, request.body.roleIds);
    return null;
  });
  bind(app, contracts.buildUserToken[prefix], (request) => {
    request.logSubjectId = request.params.id;
    return actAs(ctx, authOf(request), scopeOf(request), family, request.params.id);
  });
}

/** Account management: customers and employees, and sellers' invitation codes. */
export function adminUserRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bindFamily(app, ctx, 'admin', 'customer');
    bindFamily(app, ctx, 'staff', 'staff');
    bind(app, contracts.updateSeller, async (request) => {
      request.logSubjectId = request.body.id;
      const { id, invitationCode } = request.body;
      return { invitationCode: await setInvitationCode(ctx, scopeOf(request), id, invitationCode) };
    });
  };
}
