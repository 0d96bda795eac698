import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VersionedAnswers } from '../../cache/versioned-answers.ts';
import type { AppContext } from '../../context.ts';
import { type Auth, authOf } from '../../http/auth.ts';
import { emptyEnvelope, envelope, ok } from '../../http/envelope.ts';
import { invalidFields, notFound } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { idParams, queryId } from '../../http/numbers.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf, type MessageKey, translate } from '../../i18n/messages.ts';
import { ORDER_FAMILIES } from './families.ts';
import { labelsOfOrder, renderOrderLabels } from './labels.ts';
import { estimateOrder, purchaseLabel } from './purchase.ts';
import { quoteShipment, quoteView } from './quote.ts';
import {
  eventsOf,
  findOrderInScope,
  listOrders,
  listUnreleasedEarnest,
  parcelsOf,
  releasableEarnestOf,
} from './repo.ts';
import {
  billedBody,
  cancelAuditBody,
  estimateBody,
  idsBody,
  labelCreateBody,
  orderInput,
  orderListQuery,
  reviewBody,
} from './schemas.ts';
import { backToDraft, copyOrder, requestCancel, restoreCancel, saveDraft } from './service.ts';
import { releaseEarnest, settleBill } from './settlement.ts';
import { shipmentOfInput } from './shipment.ts';
import { auditCancel, reviewOrder } from './staff-decisions.ts';
import { orderDetail, orderListItem } from './views.ts';

const bulkResults = envelope(z.array(z.object({ id: z.number(), ok: z.boolean(), message: z.string().optional() })));
const labelQuery = z.object({
  id: queryId(),
  nameBy: z.enum(['orderNo', 'trackingNo']).default('orderNo'),
  format: z.enum(['pdf', 'zpl']).default('pdf'),
});

/** How much of merchants' own order-list pages one process keeps (about 200 pages of 50 orders). */
const LIST_ANSWERS_BYTES = 8_000_000;

/** Staff who set prices see carrier cost and margin in quotes. */
const showsCost = (auth: Auth) => auth.codes.includes('getComputeInfo');

export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const locale = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);
    const eventLabel = (request: { headers: Record<string, unknown> }) => (event: string) =>
      translate(`event_${event}` as MessageKey, locale(request));

    // A merchant pages back and forth through their list and polls it while batches run; the pages are
    // kept per version of their orders, so any change to them (from any instance) is seen at once.
    const listAnswers = new VersionedAnswers(LIST_ANSWERS_BYTES);

    for (const { prefix, config } of ORDER_FAMILIES) {
      app.get(
        `${prefix}/order/orders`,
        {
          config,
          schema: {
            tags: ['orders'],
            summary:
              'Orders, filtered (status, keyword = order number / tracking number / reference / recipient, channel, batch, dates)',
            querystring: orderListQuery,
          },
        },
        async (request, reply) => {
          const auth = authOf(request);
          const within = scopeOf(request);
          const answer = async () => {
            const { rows, total } = await listOrders(ctx.db, request.query, within);
            const { page, pageSize } = request.query;
            return ok({ list: rows.map(orderListItem), total, page, pageSize });
          };
          if (within.userId !== auth.userId || request.ordersVersion === undefined) return answer();
          const key = `${auth.userId}:${JSON.stringify(request.query)}`;
          const body = await listAnswers.answer(key, request.ordersVersion, answer);
          return reply.type('application/json; charset=utf-8').send(body);
        },
      );

      app.get(
        `${prefix}/order/detail/:id`,
        {
          config,
          schema: {
            tags: ['orders'],
            summary: 'One order with its parcels and timeline',
            params: idParams,
          },
        },
        async (request) => {
          const order = await findOrderInScope(ctx.db, request.params.id, scopeOf(request));
          if (!order) throw notFound('orderNotFound');
          const [parcels, events] = await Promise.all([parcelsOf(ctx.db, order.id), eventsOf(ctx.db, order.id)]);
          return ok(orderDetail(order, parcels, events, eventLabel(request)));
        },
      );

      app.post(
        `${prefix}/order/order/copy`,
        {
          config,
          schema: {
            tags: ['orders'],
            summary: 'Copy an order to a new draft',
            body: z.object({ id: z.number().int().positive() }),
            response: { 200: envelope(z.object({ orderId: z.number(), orderNo: z.string() })) },
          },
        },
        async (request) => ok(await copyOrder(ctx, authOf(request), request.body.id, scopeOf(request))),
      );

      app.get(
        `${prefix}/order/label/down`,
        {
          config,
          schema: {
            tags: ['orders'],
            summary:
              'The label of a bought order: a 4x6 PDF with one page per parcel (or ZPL), named by order or tracking number',
            querystring: labelQuery,
          },
        },
        async (request, reply) => {
          const order = await findOrderInScope(ctx.db, request.query.id, scopeOf(request));
          if (!order) throw notFound('orderNotFound');
          const labels = labelsOfOrder(order, await parcelsOf(ctx.db, order.id));
          if (labels.length === 0) throw invalidFields({ id: 'orderStateInvalid' });
          const name = request.query.nameBy === 'trackingNo' ? (order.tracking_no ?? order.order_no) : order.order_no;
          const { format } = request.query;
          return reply
            .type(format === 'zpl' ? 'application/zpl' : 'application/pdf')
            .header('content-disposition', `attachment; filename="${name}.${format}"`)
            .send(await renderOrderLabels(labels, format));
        },
      );
    }

    app.post(
      '/app/order/draft',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['orders'],
          summary: 'Save a draft (new when orderId is null); answers orderNo',
          body: orderInput,
          response: { 200: envelope(z.object({ orderId: z.number(), orderNo: z.string() })) },
        },
      },
      async (request) => ok(await saveDraft(ctx, authOf(request), request.body)),
    );

    app.post(
      '/app/order/estimateRateMix',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['orders'],
          summary:
            'Rates from every allotted service: price, zone, billable weight, surcharges, insurance, days, or why not',
          body: estimateBody,
        },
      },
      async (request) => {
        const auth = authOf(request);
        const lines =
          'from' in request.body
            ? await quoteShipment(
                ctx,
                auth.userId,
                shipmentOfInput(request.body),
                request.body.parcels.map((parcel) => parcel.insuredValue),
                locale(request),
              )
            : await estimateOrder(ctx, auth, request.body.orderId, locale(request));
        return ok(lines.map((line) => quoteView(line, showsCost(auth))));
      },
    );

    app.post(
      '/app/order/label/create',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['orders'],
          summary:
            'Buy the label: charges the wallet once; an Idempotency-Key header makes a retry answer as the first call',
          body: labelCreateBody,
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const key = request.headers['idempotency-key'];
        return idempotent(
          ctx.db,
          auth.userId,
          typeof key === 'string' ? key : undefined,
          request.body,
          reply,
          ctx.config.jobLockMs,
          async () => {
            const order = await purchaseLabel(ctx, auth, request.body.orderId, request.body.serviceId, locale(request));
            return ok(orderListItem(order));
          },
        );
      },
    );

    const bulk = (url: string, summary: string, action: typeof requestCancel) =>
      app.post(
        url,
        {
          config: { scope: 'own' },
          schema: { tags: ['orders'], summary, body: idsBody, response: { 200: bulkResults } },
        },
        async (request) => ok(await action(ctx, authOf(request), request.body.ids, locale(request))),
      );
    bulk('/app/order/cancel', 'Cancel/void bought labels (1 → 6, staff then decide)', requestCancel);
    bulk('/app/order/cancelRestore', 'Withdraw a pending cancellation (6 → 1)', restoreCancel);
    bulk('/app/order/backToDraft', 'Failed, cancelled or voided orders back to draft', backToDraft);

    // ── staff ─────────────────────────────────────────────────────────────────────────────────────────
    app.post(
      '/admin/order/orders/cancelAudit',
      {
        config: { access: { codes: ['orderList'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['orders'],
          summary: 'Approve a cancellation (15, refunded) or reject it (16, reason shown)',
          body: cancelAuditBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await auditCancel(ctx, authOf(request), scopeOf(request), request.body, locale(request));
        return ok(null);
      },
    );

    app.post(
      '/admin/order/review',
      {
        config: { access: { codes: ['adminChannel'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['orders'],
          summary: 'Order review: approve, or reject with a reason shown as auditInfo (refunded)',
          body: reviewBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await reviewOrder(ctx, authOf(request), scopeOf(request), request.body);
        return ok(null);
      },
    );

    app.post(
      '/admin/order/billed',
      {
        config: { access: { codes: ['orderList'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['orders'],
          summary:
            "Settle an order with the carrier's bill: deduction (+5 USD penalty for wrong size/weight) or refund, earnest released",
          body: billedBody,
          response: { 200: envelope(z.object({ difference: z.string(), penalty: z.string() })) },
        },
      },
      async (request) => {
        const result = await settleBill(ctx, authOf(request), scopeOf(request), request.body);
        return ok({ difference: (result.difference / 100).toFixed(2), penalty: (result.penalty / 100).toFixed(2) });
      },
    );

    app.post(
      '/admin/order/order/releaseEarnest',
      {
        config: { access: { codes: ['orderList'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['orders'],
          summary: "Release the orders' temporary deposits",
          body: idsBody,
          response: { 200: bulkResults },
        },
      },
      async (request) =>
        ok(await releaseEarnest(ctx, authOf(request), scopeOf(request), request.body.ids, locale(request))),
    );

    app.post(
      '/admin/releaseEarnest/:id',
      {
        config: { access: { codes: ['orderList'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['orders'],
          summary: "Release every outstanding temporary deposit of a user's finished orders",
          params: idParams,
          response: { 200: bulkResults },
        },
      },
      async (request) => {
        request.logSubjectId = request.params.id;
        const scope = scopeOf(request);
        const ids = await releasableEarnestOf(ctx.db, request.params.id, scope);
        return ok(await releaseEarnest(ctx, authOf(request), scope, ids, locale(request)));
      },
    );

    app.get(
      '/admin/order/unRefunded',
      {
        config: { access: { codes: ['adminChannel'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['orders'],
          summary: 'Orders whose temporary deposit has not been released',
          querystring: orderListQuery,
        },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        const { rows, total } = await listUnreleasedEarnest(ctx.db, scopeOf(request), page, pageSize);
        return ok({ list: rows.map(orderListItem), total, page, pageSize });
      },
    );
  };
}
