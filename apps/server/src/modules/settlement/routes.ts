import * as contracts from '@parcelport/shared/contracts/orders/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { orderListItem } from '../orders/index.ts';
import { requestCancel, restoreCancel } from './cancellations.ts';
import { listUnknownForms, settleUnknownForm } from './carrier-form-settle.ts';
import { listUnreleasedEarnest } from './earnest-repo.ts';
import { listRefundsOwed } from './refunds-owed-repo.ts';
import { releaseEarnest, releaseUserEarnest, settleBill } from './settlement.ts';
import { auditCancel, reviewOrder } from './staff-decisions.ts';

/**
 * The settlement's routes (docs/api.md): the customer's cancellations asked and withdrawn, and the staff's
 * decisions, bills, earnest, refunds owed by carriers and SCAN forms settled by hand.
 */
export function settlementRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const locale = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);

    const bulk = (
      contract: typeof contracts.cancelOrders | typeof contracts.restoreOrders,
      action: typeof requestCancel,
    ) => bind(app, contract, async (request) => action(ctx, authOf(request), request.body.ids, locale(request)));
    bulk(contracts.cancelOrders, requestCancel);
    bulk(contracts.restoreOrders, restoreCancel);

    // ── staff ─────────────────────────────────────────────────────────────────────────────────────────
    bind(app, contracts.auditCancel, async (request) => {
      await auditCancel(ctx, authOf(request), scopeOf(request), request.body);
      return null;
    });

    bind(app, contracts.reviewOrder, async (request) => {
      await reviewOrder(ctx, authOf(request), scopeOf(request), request.body);
      return null;
    });

    bind(app, contracts.settleBill, async (request) => {
      const result = await settleBill(ctx, authOf(request), scopeOf(request), request.body);
      return { difference: (result.difference / 100).toFixed(2), penalty: (result.penalty / 100).toFixed(2) };
    });

    bind(app, contracts.releaseEarnest, async (request) =>
      releaseEarnest(ctx, authOf(request), scopeOf(request), request.body.ids, locale(request)),
    );

    bind(app, contracts.releaseUserEarnest, async (request) => {
      request.logSubjectId = request.params.id;
      return releaseUserEarnest(ctx, authOf(request), scopeOf(request), request.params.id, locale(request));
    });

    bind(app, contracts.listCarrierRefundsOwed, async (request) => {
      const { page, pageSize, state, channelId } = request.query;
      const owed = await listRefundsOwed(ctx.db, scopeOf(request), { state, channelId }, page, pageSize);
      return { ...owed, page, pageSize };
    });

    bind(app, contracts.listUnknownCarrierForms, async (request) => listUnknownForms(ctx.db, scopeOf(request)));

    bind(app, contracts.settleCarrierForm, async (request) =>
      settleUnknownForm(ctx, authOf(request), scopeOf(request), request.params.id, request.body, (accountId) => {
        request.logSubjectId = accountId;
      }),
    );

    bind(app, contracts.listUnreleasedEarnest, async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await listUnreleasedEarnest(ctx.db, scopeOf(request), page, pageSize);
      return { list: rows.map((row) => orderListItem(row)), total, page, pageSize };
    });
  };
}
