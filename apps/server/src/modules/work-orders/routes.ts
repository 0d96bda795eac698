import * as contracts from '@parcelport/shared/contracts/work-orders/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf as accountsOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import {
  changeWorkOrder,
  listWorkOrders,
  openWorkOrder,
  replyToWorkOrder,
  type WorkOrderScope,
  workOrderDetail,
} from './service.ts';

/**
 * Work orders, in two desks on the same service: the merchant's (`/app/workOrder`, appQuestionList, its
 * own tickets) and customer service's (`/admin/workOrder`, adminQuestionList, every merchant's).
 */
export function workOrderRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const desks = [
      {
        side: 'customer',
        list: contracts.listMyWorkOrders,
        get: contracts.getMyWorkOrder,
        reply: contracts.replyToMyWorkOrder,
        actions: [
          ['close', contracts.closeMyWorkOrder],
          ['reopen', contracts.reopenMyWorkOrder],
          ['cancel', contracts.cancelMyWorkOrder],
        ],
      },
      {
        side: 'service',
        list: contracts.listServiceWorkOrders,
        get: contracts.getServiceWorkOrder,
        reply: contracts.replyToServiceWorkOrder,
        actions: [
          ['close', contracts.closeServiceWorkOrder],
          ['reopen', contracts.reopenServiceWorkOrder],
        ],
      },
    ] as const;

    for (const desk of desks) {
      const scopeOf = (request: FastifyRequest): WorkOrderScope => ({ side: desk.side, accounts: accountsOf(request) });

      bind(app, desk.list, (request) => listWorkOrders(ctx.db, scopeOf(request), request.query));
      bind(app, desk.get, (request) => workOrderDetail(ctx.db, scopeOf(request), request.params.id));
      bind(app, desk.reply, (request) =>
        replyToWorkOrder(
          ctx.db,
          authOf(request),
          scopeOf(request),
          request.params.id,
          request.body,
          localeOf(request.headers['accept-language']),
        ),
      );
      for (const [action, contract] of desk.actions) {
        bind(app, contract, (request) => changeWorkOrder(ctx.db, scopeOf(request), request.params.id, action));
      }
    }

    bind(app, contracts.openWorkOrder, (request) => openWorkOrder(ctx.db, authOf(request), request.body));
  };
}
