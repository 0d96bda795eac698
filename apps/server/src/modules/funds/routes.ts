import { formatCents, POSTAGE_FUND_TYPES } from '@parcelport/shared';
import * as contracts from '@parcelport/shared/contracts/funds/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { listBalanceLogs } from './balance-logs.ts';
import { adjustBalance, listRecharges, reviewRecharge, setCreditLimit, submitRecharge } from './recharges.ts';
import {
  doubtfulOrdersReport,
  doubtfulWalletsReport,
  exportLedger,
  exportRecharges,
  ledgerFilterOf,
  rechargeFilterOf,
} from './reports.ts';

/** Recharges, ledgers and their exports, balance adjustments and the integrity reports (docs/api.md, funds). */
export function fundRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const locale = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);

    // ── recharge records and ledgers, each with its xlsx export ──────────────────────────────────────
    for (const [list, down] of [
      [contracts.listMyRecharges, contracts.exportMyRecharges],
      [contracts.listAllRecharges, contracts.exportAllRecharges],
    ] as const) {
      bind(app, list, async (request) => {
        const { page, pageSize } = request.query;
        return listRecharges(ctx, rechargeFilterOf(request.query, scopeOf(request)), page, pageSize);
      });
      bind(app, down, (request, reply) =>
        exportRecharges(ctx, reply, rechargeFilterOf(request.query, scopeOf(request)), locale(request)),
      );
    }

    for (const [list, down, onlyTypes] of [
      [contracts.listMyLedger, contracts.exportMyLedger, undefined],
      [contracts.listMyPostage, contracts.exportMyPostage, POSTAGE_FUND_TYPES],
      [contracts.listAllLedger, contracts.exportAllLedger, undefined],
    ] as const) {
      bind(app, list, async (request) => {
        const { page, pageSize } = request.query;
        const filter = ledgerFilterOf(request.query, scopeOf(request), onlyTypes);
        return listBalanceLogs(ctx.db, filter, page, pageSize, locale(request));
      });
      bind(app, down, (request, reply) =>
        exportLedger(ctx, reply, ledgerFilterOf(request.query, scopeOf(request), onlyTypes), locale(request)),
      );
    }

    // ── customer ──────────────────────────────────────────────────────────────────────────────────────
    bind(app, contracts.submitRecharge, async (request) => ({
      id: await submitRecharge(ctx, authOf(request), request.body),
    }));

    // ── staff ─────────────────────────────────────────────────────────────────────────────────────────
    bind(app, contracts.reviewRecharge, async (request) => {
      await reviewRecharge(ctx, authOf(request), scopeOf(request), request.body);
      return null;
    });

    bind(app, contracts.adjustBalance, async (request) => {
      request.logSubjectId = request.body.userId;
      const result = await adjustBalance(ctx, authOf(request), scopeOf(request), request.body);
      return { balanceAfter: formatCents(result.balanceAfter) };
    });

    bind(app, contracts.setCreditLimit, async (request) => {
      request.logSubjectId = request.body.userId;
      const { userId, currency, creditLimit } = request.body;
      await setCreditLimit(ctx, authOf(request), scopeOf(request), userId, currency, creditLimit);
      return null;
    });

    bind(app, contracts.listDoubtfulWallets, (request) => doubtfulWalletsReport(ctx, scopeOf(request)));
    bind(app, contracts.listDoubtfulOrders, (request) => doubtfulOrdersReport(ctx, scopeOf(request)));
  };
}
