import * as contracts from '@parcelport/shared/contracts/customers/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { deleteAccount, exportAccounts } from '../admin-users/index.ts';
import { listProxies, listProxyCustomers, updateProxy } from './proxies.ts';
import { customersByService, listSellers, pickUsers, registerCustomer, sellers, updateCustomer } from './service.ts';
import { exportWarehouses, listMerchantsOf, listWarehouses } from './warehouses.ts';

/** Customers in full, sellers, proxies and overseas warehouses (docs/api.md "Customers, sellers, proxies and overseas warehouses"). */
export function customerRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const locale = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);
    bind(app, contracts.updateCustomer, (request) => {
      request.logSubjectId = request.params.id;
      return updateCustomer(ctx, authOf(request), scopeOf(request), request.params.id, request.body);
    });
    bind(app, contracts.deleteCustomer, async (request) => {
      request.logSubjectId = request.params.id;
      await deleteAccount(ctx, authOf(request), scopeOf(request), 'customer', request.params.id);
      return null;
    });
    bind(app, contracts.registerCustomer, (request) =>
      registerCustomer(ctx, authOf(request), scopeOf(request), request.body),
    );
    bind(app, contracts.exportCustomers, (request, reply) =>
      exportAccounts(ctx, reply, scopeOf(request), 'customer', request.query, locale(request)),
    );
    bind(app, contracts.pickCustomers, (request) =>
      pickUsers(ctx, authOf(request), scopeOf(request), request.query, false),
    );
    bind(app, contracts.pickAccounts, (request) =>
      pickUsers(ctx, authOf(request), scopeOf(request), request.query, true),
    );
    bind(app, contracts.customersByService, (request) =>
      customersByService(ctx, scopeOf(request), request.body.serviceCode, request.body.channelId),
    );

    bind(app, contracts.listSellers, (request) => listSellers(ctx, scopeOf(request), request.query));
    bind(app, contracts.allSellers, (request) => sellers(ctx, scopeOf(request)));

    bind(app, contracts.listProxies, (request) => listProxies(ctx, scopeOf(request), request.query));
    bind(app, contracts.updateProxy, (request) => {
      request.logSubjectId = request.params.id;
      return updateProxy(ctx, scopeOf(request), request.params.id, request.body);
    });
    bind(app, contracts.listProxyCustomers, (request) => listProxyCustomers(ctx, scopeOf(request), request.query));

    bind(app, contracts.listWarehouseUsers, (request) => listWarehouses(ctx, scopeOf(request), request.query));
    bind(app, contracts.exportWarehouseUsers, (request, reply) =>
      exportWarehouses(ctx, reply, scopeOf(request), request.query, locale(request)),
    );
    bind(app, contracts.listWarehouseMerchants, (request) =>
      listMerchantsOf(ctx, scopeOf(request), request.params.id, request.query),
    );
  };
}
