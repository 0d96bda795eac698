import { formatCents } from '@parcelport/shared';
import * as contracts from '@parcelport/shared/contracts/bills/index';
import { checkAdjustmentRisk } from '@parcelport/shared/contracts/orders/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { actorOf } from '../orders/index.ts';
import { adjustmentRisks } from './adjustment-risk.ts';
import { billIds, billView, billViews } from './bill-views-repo.ts';
import { openDispute, settleDispute } from './disputes.ts';
import { billLines, disputedLines, linesOfMerchant, unexplainedLines } from './line-views-repo.ts';
import { reconcile } from './reconciliation.ts';
import { owedBy, requireBill } from './repo.ts';
import { listBillReports, requestBillReport } from './reports.ts';
import { billFileHeaders, channelMapping, postBill, presets, previewBill, requirePlatformWide } from './service.ts';
import { chargeVoidedLine, writeOffVoidedLine } from './voided.ts';

/**
 * Carrier bills (docs/bills.md): presets, a channel's mapping, preview, the list, lines, posting, disputes,
 * lines on voided labels, the reconciliation, bills asked of the carriers.
 */
export function billRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listBillPresets, async () => presets());

    bind(app, contracts.getBillMapping, async (request) => {
      requirePlatformWide(scopeOf(request));
      return channelMapping(ctx.db, request.params.id);
    });

    bind(app, contracts.readBillHeaders, async (request) => billFileHeaders(scopeOf(request), request));

    bind(app, contracts.previewBill, async (request) =>
      previewBill(ctx, authOf(request), scopeOf(request), request, localeOf(request.headers['accept-language'])),
    );

    bind(app, contracts.requestBillReport, async (request) =>
      requestBillReport(
        ctx,
        actorOf(authOf(request)),
        scopeOf(request),
        request.body,
        localeOf(request.headers['accept-language']),
      ),
    );

    bind(app, contracts.listBillReports, async (request) =>
      listBillReports(ctx.db, scopeOf(request), request.query, localeOf(request.headers['accept-language'])),
    );

    bind(app, contracts.listBills, async (request) => {
      requirePlatformWide(scopeOf(request));
      const { page, pageSize, channelId } = request.query;
      const { ids, total } = await billIds(ctx.db, channelId, page, pageSize);
      const locale = localeOf(request.headers['accept-language']);
      const list = await billViews(ctx.db, ids, locale);
      return { list, total, page, pageSize };
    });

    bind(app, contracts.getBill, async (request) => {
      requirePlatformWide(scopeOf(request));
      return billView(ctx.db, request.params.id, localeOf(request.headers['accept-language']));
    });

    bind(app, contracts.listBillLines, async (request) => {
      requirePlatformWide(scopeOf(request));
      const { page, pageSize, kind, trackingNo } = request.query;
      await requireBill(ctx.db, request.params.id);
      const { list, total } = await billLines(ctx.db, request.params.id, { kind, trackingNo }, page, pageSize);
      return { list, total, page, pageSize };
    });

    bind(app, contracts.listUnexplainedBillLines, async (request) => {
      requirePlatformWide(scopeOf(request));
      const { page, pageSize, channelId, reason } = request.query;
      const { list, total } = await unexplainedLines(ctx.db, { channelId, reason }, page, pageSize);
      return { list, total, page, pageSize };
    });

    bind(app, contracts.listMyBillLines, async (request) => {
      const { userId } = authOf(request);
      const { page, pageSize } = request.query;
      const [{ list, total }, owed] = await Promise.all([
        linesOfMerchant(ctx.db, userId, page, pageSize),
        owedBy(ctx.db, userId),
      ]);
      return { list, total, page, pageSize, owed: formatCents(owed) };
    });

    bind(app, contracts.disputeBillLine, async (request) =>
      openDispute(
        ctx.db,
        authOf(request),
        request.params.id,
        request.body.reason,
        localeOf(request.headers['accept-language']),
      ),
    );

    bind(app, contracts.listBillDisputes, async (request) => {
      requirePlatformWide(scopeOf(request));
      const { page, pageSize, state } = request.query;
      return { ...(await disputedLines(ctx.db, state, page, pageSize)), page, pageSize };
    });

    bind(app, contracts.acceptBillDispute, async (request) => {
      requirePlatformWide(scopeOf(request));
      return settleDispute(ctx.db, authOf(request), request.params.id, true, request.body.answer);
    });

    bind(app, contracts.rejectBillDispute, async (request) => {
      requirePlatformWide(scopeOf(request));
      return settleDispute(ctx.db, authOf(request), request.params.id, false, request.body.answer);
    });

    bind(app, contracts.chargeVoidedBillLine, async (request) => {
      requirePlatformWide(scopeOf(request));
      return chargeVoidedLine(ctx, authOf(request), request.params.id);
    });

    bind(app, contracts.writeOffBillLine, async (request) => {
      requirePlatformWide(scopeOf(request));
      return writeOffVoidedLine(ctx.db, authOf(request), request.params.id, request.body.reason);
    });

    bind(app, contracts.billReconciliation, async (request) => {
      requirePlatformWide(scopeOf(request));
      const { channelId, from, to } = request.query;
      return reconcile(ctx.db, channelId, { from, to });
    });

    bind(app, contracts.postBill, async (request) =>
      postBill(ctx, authOf(request), scopeOf(request), request.params.id, localeOf(request.headers['accept-language'])),
    );
    // Learnt from the matched corrections above, asked before a purchase (single or batch).
    bind(app, checkAdjustmentRisk, async (request) => adjustmentRisks(ctx.db, scopeOf(request), request.body.ids));
  };
}
