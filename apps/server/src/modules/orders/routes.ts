import * as contracts from '@parcelport/shared/contracts/orders/index';
import type { TagView } from '@parcelport/shared/contracts/tags/index';
import type { FastifyInstance } from 'fastify';
import { VersionedAnswers } from '../../cache/versioned-answers.ts';
import type { AppContext } from '../../context.ts';
import { type Auth, seesMoney } from '../../core/caller.ts';
import { notFound } from '../../core/errors.ts';
import { LABEL_TYPES, sendAttachment } from '../../http/attachment.ts';
import { withChangeRecorded } from '../../http/audit.ts';
import { authOf } from '../../http/auth.ts';
import { bind, type ContractRequest } from '../../http/contract-route.ts';
import { ok } from '../../http/envelope.ts';
import { scopeOf } from '../../http/scope.ts';
import { isMessageKey, localeOf, translate } from '../../i18n/messages.ts';
import { accountNames, pickAccounts } from '../users/index.ts';
import { eventsOf } from './events-repo.ts';
import { orderLabel } from './label-files.ts';
import { orderLedgerRows } from './ledger-rows-repo.ts';
import { orderMoney } from './money.ts';
import { listOrders, withReviewThresholds } from './order-list-repo.ts';
import { findOrderInScope, type OrderListRow, parcelsOf } from './repo.ts';
import { backToDraft, copyOrder, draftAsSaved, releaseHold, saveDraft } from './service.ts';
import { orderDetail, orderListItem, withoutCarrierCost } from './views.ts';

/** How much of merchants' own order-list pages one process keeps (about 200 pages of 50 orders). */
const LIST_ANSWERS_BYTES = 8_000_000;

/** Staff who set prices see carrier cost and margin in quotes. */
const _showsCost = (auth: Auth) => auth.codes.includes('getComputeInfo');

/** The order routes (docs/api.md): a customer's under /app, staff's under /admin on their customers' orders. */
export function orderRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const locale = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);
    // A name the catalogue lacks (a row an older version wrote) shows as written rather than failing the timeline.
    const eventLabel = (request: { headers: Record<string, unknown> }) => (event: string) => {
      const key = `event_${event}`;
      return isMessageKey(key) ? translate(key, locale(request)) : event;
    };

    // The orders' tags, from the modules that lend `orderTags` (modules/tags).
    const tagsOf = async (ids: readonly number[]) => {
      const tags = new Map<number, TagView[]>();
      for (const lender of ctx.hooks.orderTags)
        for (const [id, list] of await lender.of(ctx.db, ids)) tags.set(id, [...(tags.get(id) ?? []), ...list]);
      return tags;
    };

    // A merchant pages back and forth through their list and polls it while batches run; the pages are
    // kept per version of their orders, so any change to them (from any instance) is seen at once.
    const listAnswers = new VersionedAnswers(LIST_ANSWERS_BYTES);

    const pageOfOrders = async (
      request: ContractRequest<
        typeof contracts.listOrders.app | typeof contracts.listOrders.admin | typeof contracts.listReviewOrders
      >,
      view: (row: OrderListRow, tags?: TagView[]) => ReturnType<typeof orderListItem> = orderListItem,
      query: contracts.OrderListQuery = request.query,
    ) => {
      const { rows, total, totalCapped } = await listOrders(
        ctx.db,
        await withReviewThresholds(ctx, query),
        scopeOf(request),
      );
      const { page, pageSize } = query;
      const tags = await tagsOf(rows.map((row) => row.id));
      return { list: rows.map((row) => view(row, tags.get(row.id))), total, totalCapped, page, pageSize };
    };
    const merchantListItem = (row: OrderListRow, tags?: TagView[]) => withoutCarrierCost(orderListItem(row, tags));
    bind(app, contracts.listOrders.app, async (request, reply) => {
      const auth = authOf(request);
      // A page of labels waiting for review also depends on the review thresholds: never kept.
      if (scopeOf(request).userId !== auth.userId || request.ordersVersion === undefined || request.query.pendingReview)
        return pageOfOrders(request, merchantListItem);
      // A test key's pages and a live key's are kept apart from each other and from a session's.
      const key = `${auth.userId}:${auth.keyMode ?? 'session'}:${JSON.stringify(request.query)}`;
      const body = await listAnswers.answer(key, request.ordersVersion, async () =>
        ok(await pageOfOrders(request, merchantListItem)),
      );
      // The kept page is the whole envelope, already serialised: sent as is (bind leaves a sent reply alone).
      return reply.type('application/json; charset=utf-8').send(body) as never;
    });
    // Staff lists name each order's customer by account and name, not only by id.
    const withCustomerNames = async (page: Awaited<ReturnType<typeof pageOfOrders>>) => {
      const names = await accountNames(
        ctx.db,
        page.list.map((order) => order.userId),
      );
      return { ...page, list: page.list.map((order) => ({ ...order, customer: names.get(order.userId) })) };
    };
    bind(app, contracts.listOrders.admin, async (request) => withCustomerNames(await pageOfOrders(request)));
    bind(app, contracts.listReviewOrders, async (request) =>
      withCustomerNames(await pageOfOrders(request, orderListItem, { ...request.query, pendingReview: true })),
    );
    // Their customer picker (issue 29): the accounts the lists' own scope covers, deleted ones too (their
    // orders stay listed); the list then filters by the picked id (`userId`, the index on user_id).
    bind(app, contracts.pickOrderCustomers, async (request) => {
      const { keyword, limit } = request.query;
      const rows = await pickAccounts(ctx.db, scopeOf(request), ['customer', 'staff'], keyword, limit, true);
      return rows.map(({ deleted_at, ...account }) => ({ ...account, deleted: deleted_at !== null }));
    });

    const detail = async (
      request: ContractRequest<typeof contracts.getOrder.app | typeof contracts.getOrder.admin>,
    ) => {
      const order = await findOrderInScope(ctx.db, request.params.id, scopeOf(request));
      if (!order) throw notFound('orderNotFound');
      // The money lines are the ledger's rows: not for a team member without `money` (issue 30).
      const withMoney = seesMoney(authOf(request));
      const [parcels, events, ledger, tags] = await Promise.all([
        parcelsOf(ctx.db, order.id),
        eventsOf(ctx.db, order.id),
        withMoney ? orderLedgerRows(ctx.db, order) : null,
        tagsOf([order.id]),
      ]);
      return orderDetail(
        order,
        parcels,
        events,
        eventLabel(request),
        ledger && orderMoney(ledger, order.currency),
        tags.get(order.id),
      );
    };
    bind(app, contracts.getOrder.app, async (request) => withoutCarrierCost(await detail(request)));
    bind(app, contracts.getOrder.admin, detail);

    const copy = async (request: ContractRequest<typeof contracts.copyOrder.app | typeof contracts.copyOrder.admin>) =>
      copyOrder(ctx, authOf(request), request.body.id, scopeOf(request));
    bind(app, contracts.copyOrder.app, copy);
    bind(app, contracts.copyOrder.admin, copy);

    const label = async (
      request: ContractRequest<typeof contracts.downloadLabel.app | typeof contracts.downloadLabel.admin>,
      reply: Parameters<Parameters<typeof bind>[2]>[1],
    ) => {
      const file = await orderLabel(ctx, scopeOf(request), request.query);
      return sendAttachment(reply, LABEL_TYPES[file.format], file.name, file.bytes);
    };
    bind(app, contracts.downloadLabel.app, label);
    bind(app, contracts.downloadLabel.admin, label);

    bind(app, contracts.saveDraft, async (request) => {
      const auth = authOf(request);
      const { orderId } = request.body;
      if (!orderId) return saveDraft(ctx, auth, request.body);
      // An edit: the change history keeps what it changed, under the order's number.
      return withChangeRecorded(
        request,
        () => draftAsSaved(ctx.db, orderId, auth.userId),
        () => saveDraft(ctx, auth, request.body),
        ['orderNo'],
      );
    });

    const bulk = (contract: typeof contracts.backToDraft | typeof contracts.releaseHold, action: typeof backToDraft) =>
      bind(app, contract, async (request) => action(ctx, authOf(request), request.body.ids, locale(request)));
    bulk(contracts.backToDraft, backToDraft);
    bulk(contracts.releaseHold, releaseHold);
  };
}
