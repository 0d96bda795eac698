import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { idParams } from '../../http/numbers.ts';
import { scopeOf as accountsOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { listQuery, openInput, replyInput, workOrderDetailView, workOrderView } from './schemas.ts';
import {
  actionsOf,
  changeWorkOrder,
  listWorkOrders,
  openWorkOrder,
  replyToWorkOrder,
  type WorkOrderAction,
  type WorkOrderScope,
  workOrderDetail,
} from './service.ts';

const ACTION_SUMMARIES: Record<WorkOrderAction, string> = {
  close: 'Close a work order being processed (after confirmation in the app)',
  reopen: 'Reopen a closed work order',
  cancel: 'Cancel a work order being processed (the merchant only)',
};

/**
 * Work orders, in two families on the same service: the merchant's (`/app/workOrder`, appQuestionList, its
 * own tickets) and customer service's (`/admin/workOrder`, adminQuestionList, every merchant's).
 */
export function workOrderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const families: { prefix: string; code: string; side: WorkOrderScope['side'] }[] = [
      { prefix: '/app/workOrder', code: 'appQuestionList', side: 'customer' },
      { prefix: '/admin/workOrder', code: 'adminQuestionList', side: 'service' },
    ];
    const detailEnvelope = envelope(workOrderDetailView);

    for (const { prefix, code, side } of families) {
      const config = { access: { codes: [code] }, scope: side === 'customer' ? 'own' : 'ownCustomers' } as const;
      const tags = [side === 'customer' ? 'work orders' : 'work orders (staff)'];
      const scopeOf = (request: FastifyRequest): WorkOrderScope => ({ side, accounts: accountsOf(request) });

      app.get(
        `${prefix}/list`,
        {
          config,
          schema: {
            tags,
            summary: 'Work orders, the latest changed first; by status, type and keyword',
            querystring: listQuery,
            response: { 200: envelope(pageOf(workOrderView)) },
          },
        },
        async (request) => ok(await listWorkOrders(ctx.db, scopeOf(request), request.query)),
      );

      app.get(
        `${prefix}/:id(^\\d+)`,
        {
          config,
          schema: {
            tags,
            summary: 'A work order with its replies',
            params: idParams,
            response: { 200: detailEnvelope },
          },
        },
        async (request) => ok(await workOrderDetail(ctx.db, scopeOf(request), request.params.id)),
      );

      app.post(
        `${prefix}/:id(^\\d+)/reply`,
        {
          config,
          schema: {
            tags,
            summary: 'Reply to a work order being processed',
            params: idParams,
            body: replyInput,
            response: { 200: detailEnvelope },
          },
        },
        async (request) =>
          ok(
            await replyToWorkOrder(
              ctx.db,
              authOf(request),
              scopeOf(request),
              request.params.id,
              request.body,
              localeOf(request.headers['accept-language']),
            ),
          ),
      );

      for (const action of actionsOf(side)) {
        app.post(
          `${prefix}/:id(^\\d+)/${action}`,
          {
            config,
            schema: {
              tags,
              summary: ACTION_SUMMARIES[action],
              params: idParams,
              response: { 200: detailEnvelope },
            },
          },
          async (request) => ok(await changeWorkOrder(ctx.db, scopeOf(request), request.params.id, action)),
        );
      }
    }

    app.post(
      '/app/workOrder',
      {
        config: { access: { codes: ['appQuestionList'] }, scope: 'own' },
        schema: {
          tags: ['work orders'],
          summary: 'Open a work order (subject and type required); a waybill is one of my order or tracking numbers',
          body: openInput,
          response: { 200: envelope(z.object({ id: z.number(), ticketNo: z.string() })) },
        },
      },
      async (request) => ok(await openWorkOrder(ctx.db, authOf(request), request.body)),
    );
  };
}
