import * as contracts from '@parcelport/shared/contracts/employees/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { deleteAccount, exportAccounts } from '../admin-users/index.ts';
import { registerEmployee, updateEmployee } from './service.ts';

/** Employees (docs/api.md "Employees"): register, edit, delete, export. */
export function employeeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.registerEmployee, (request) => registerEmployee(ctx, authOf(request), request.body));
    bind(app, contracts.updateEmployee, (request) => {
      request.logSubjectId = request.params.id;
      return updateEmployee(ctx, scopeOf(request), request.params.id, request.body);
    });
    bind(app, contracts.deleteEmployee, async (request) => {
      request.logSubjectId = request.params.id;
      await deleteAccount(ctx, authOf(request), scopeOf(request), 'staff', request.params.id);
      return null;
    });
    bind(app, contracts.exportEmployees, (request, reply) =>
      exportAccounts(
        ctx,
        reply,
        scopeOf(request),
        'staff',
        request.query,
        localeOf(request.headers['accept-language'] as string | undefined),
      ),
    );
  };
}
