import { formatCents, type Locale, POSTAGE_FUND_TYPES } from '@parcelport/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { isoOrEmpty, pagesById, sendXlsx, type XlsxColumn } from '../../documents/xlsx.ts';
import { authOf } from '../../http/auth.ts';
import { emptyEnvelope, envelope, ok, pageOf } from '../../http/envelope.ts';
import { type ObjectScope, scopeOf } from '../../http/scope.ts';
import { localeOf, type MessageKey, translate } from '../../i18n/messages.ts';
import { accountsInScope } from '../users/scope.ts';
import { type BalanceLogFilter, type BalanceLogRow, fetchBalanceLogs, listBalanceLogs } from './balance-logs.ts';
import { findDoubtfulOrders, findDoubtfulWallets } from './ledger.ts';
import {
  adjustBalance,
  fetchRecharges,
  listRecharges,
  type RechargeFilter,
  type RechargeRow,
  reviewRecharge,
  setCreditLimit,
  submitRecharge,
} from './recharges.ts';
import {
  adjustBody,
  balanceLogQuery,
  balanceLogView,
  creditLimitBody,
  rechargeBody,
  rechargeQuery,
  rechargeView,
  reviewBody,
  totalsView,
} from './schemas.ts';

const rechargeColumns = (locale: Locale): XlsxColumn<RechargeRow>[] => [
  { header: 'colId', width: 10, value: (r) => r.id },
  { header: 'colEmail', width: 28, value: (r) => r.username },
  { header: 'colWallet', width: 10, value: (r) => r.currency },
  { header: 'colPaymentMethod', width: 30, value: (r) => translate(`pay_${r.payment_method}` as MessageKey, locale) },
  { header: 'colForecastAmount', value: (r) => formatCents(r.forecast_amount) },
  { header: 'colActualAmount', value: (r) => (r.actual_amount === null ? '' : formatCents(r.actual_amount)) },
  { header: 'colStatus', value: (r) => translate(`rechargeStatus${r.status}` as MessageKey, locale) },
  { header: 'colRemark', width: 30, value: (r) => r.remark },
  { header: 'colAuditRemark', width: 30, value: (r) => r.audit_remark },
  { header: 'colSubmittedAt', width: 26, value: (r) => isoOrEmpty(r.submitted_at) },
  { header: 'colArrivedAt', width: 26, value: (r) => isoOrEmpty(r.arrived_at) },
  { header: 'colAuditedAt', width: 26, value: (r) => isoOrEmpty(r.audited_at) },
];

const balanceLogColumns = (locale: Locale): XlsxColumn<BalanceLogRow>[] => [
  { header: 'colId', width: 10, value: (r) => r.id },
  { header: 'colUserId', width: 10, value: (r) => r.user_id },
  { header: 'colEmail', width: 28, value: (r) => r.username },
  { header: 'colWallet', width: 10, value: (r) => r.currency },
  { header: 'colChangeType', value: (r) => translate(`fundType${r.type}` as MessageKey, locale) },
  { header: 'colChangeAmount', value: (r) => formatCents(r.amount) },
  { header: 'colBalanceAfter', value: (r) => formatCents(r.balance_after) },
  { header: 'colReference', value: (r) => r.reference_no ?? '' },
  { header: 'colRemark', width: 30, value: (r) => r.remark },
  { header: 'colTime', width: 26, value: (r) => isoOrEmpty(r.created_at) },
];

const stamp = () => new Date().toISOString().slice(0, 10);

function rechargeFilterOf(query: z.infer<typeof rechargeQuery>, scope: Partial<RechargeFilter>): RechargeFilter {
  const { page: _page, pageSize: _size, ...filter } = query;
  return { ...filter, ...scope };
}

function logFilterOf(query: z.infer<typeof balanceLogQuery>, scope: Partial<BalanceLogFilter>): BalanceLogFilter {
  const { page: _page, pageSize: _size, type, ...filter } = query;
  return { ...filter, types: type, ...scope };
}

export function fundRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    /** The integrity reports' rows about accounts within the call's scope. */
    const inScope = async <Row extends { userId: number }>(request: FastifyRequest, rows: Row[]) => {
      const covered = await accountsInScope(ctx.db, scopeOf(request), [...new Set(rows.map((row) => row.userId))]);
      return rows.filter((row) => covered.has(row.userId));
    };

    const locale = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);

    /** A recharge list and its xlsx export, scoped for the caller. */
    const rechargeListing = (base: string, code: string, who: string, scope: ObjectScope) => {
      app.get(
        `${base}/list`,
        {
          config: { access: { codes: [code] }, scope },
          schema: {
            tags: ['funds'],
            summary: `${who} recharge records`,
            querystring: rechargeQuery,
            response: { 200: envelope(pageOf(rechargeView)) },
          },
        },
        async (request) => {
          const { page, pageSize } = request.query;
          return ok(await listRecharges(ctx, rechargeFilterOf(request.query, scopeOf(request)), page, pageSize));
        },
      );
      app.get(
        `${base}/down`,
        {
          config: { access: { codes: [code] }, scope },
          schema: {
            tags: ['funds'],
            summary: `${who} recharge records as xlsx (same filters as the list)`,
            querystring: rechargeQuery,
          },
        },
        async (request, reply) => {
          const filter = rechargeFilterOf(request.query, scopeOf(request));
          const pages = pagesById((before, size) => fetchRecharges(ctx.db, filter, size, 0, before));
          return sendXlsx(
            reply,
            `recharge-records-${stamp()}.xlsx`,
            locale(request),
            rechargeColumns(locale(request)),
            pages,
          );
        },
      );
    };

    /** A ledger list (with totals) and its xlsx export, scoped for the caller, optionally to some fund types. */
    const ledgerListing = (
      base: string,
      code: string,
      summary: string,
      scope: ObjectScope,
      onlyTypes?: readonly number[],
    ) => {
      const filterOf = (query: z.infer<typeof balanceLogQuery>, request: FastifyRequest): BalanceLogFilter => {
        const filter = logFilterOf(query, scopeOf(request));
        if (!onlyTypes) return filter;
        const types = filter.types?.length ? filter.types.filter((type) => onlyTypes.includes(type)) : [...onlyTypes];
        // Asking only for types outside the allowed ones yields nothing rather than everything.
        return { ...filter, types: types.length ? types : [-1] };
      };
      app.get(
        `${base}/list`,
        {
          config: { access: { codes: [code] }, scope },
          schema: {
            tags: ['funds'],
            summary,
            querystring: balanceLogQuery,
            response: { 200: envelope(pageOf(balanceLogView).extend({ totals: totalsView })) },
          },
        },
        async (request) => {
          const { page, pageSize } = request.query;
          return ok(await listBalanceLogs(ctx.db, filterOf(request.query, request), page, pageSize));
        },
      );
      app.get(
        `${base}/down`,
        {
          config: { access: { codes: [code] }, scope },
          schema: {
            tags: ['funds'],
            summary: `${summary}, as xlsx (same filters as the list)`,
            querystring: balanceLogQuery,
          },
        },
        async (request, reply) => {
          const filter = filterOf(request.query, request);
          const pages = pagesById((before, size) => fetchBalanceLogs(ctx.db, filter, size, 0, before));
          return sendXlsx(
            reply,
            `fund-details-${stamp()}.xlsx`,
            locale(request),
            balanceLogColumns(locale(request)),
            pages,
          );
        },
      );
    };

    rechargeListing('/app/user/recharge', 'appRechargeList', 'My', 'own');
    rechargeListing('/admin/recharge', 'adminRechargeList', 'All', 'ownCustomers');
    ledgerListing('/app/balance/log', 'appBalanceList', 'My ledger: every change of my balances', 'own');
    ledgerListing(
      '/app/postage',
      'appPostageList',
      'My postage details: changes of available funds caused by shipping',
      'own',
      POSTAGE_FUND_TYPES,
    );
    ledgerListing(
      '/admin/balance/log',
      'adminBalanceList',
      'Fund details of every user (type 0 recharge, 1 place order, 2 refund, 3 margin release, 4 bill deduction, …)',
      'ownCustomers',
    );

    // ── customer ──────────────────────────────────────────────────────────────────────────────────────
    app.post(
      '/app/user/recharge',
      {
        config: { access: { codes: ['rechargePage'] }, scope: 'own' },
        schema: {
          tags: ['funds'],
          summary: 'Submit a recharge (pending until staff approve it)',
          body: rechargeBody,
          response: { 200: envelope(z.object({ id: z.number() })) },
        },
      },
      async (request) => ok({ id: await submitRecharge(ctx, authOf(request), request.body) }),
    );

    // ── staff ─────────────────────────────────────────────────────────────────────────────────────────
    app.post(
      '/admin/recharge/approve',
      {
        config: { access: { codes: ['adminRechargeList'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['funds'],
          summary: 'Approve with the actual incoming amount, or reject with a reason',
          body: reviewBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await reviewRecharge(ctx, authOf(request), scopeOf(request), request.body, locale(request));
        return ok(null);
      },
    );

    app.post(
      '/admin/balance/adjust',
      {
        config: { access: { codes: ['adminRechargeList'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['funds'],
          summary: "Credit (positive) or debit (negative) a customer's wallet, with a mandatory remark",
          body: adjustBody,
          response: { 200: envelope(z.object({ balanceAfter: z.string() })) },
        },
      },
      async (request) => {
        request.logSubjectId = request.body.userId;
        const result = await adjustBalance(ctx, authOf(request), scopeOf(request), request.body, locale(request));
        return ok({ balanceAfter: formatCents(result.balanceAfter) });
      },
    );

    app.post(
      '/admin/wallet/creditLimit',
      {
        config: { access: { codes: ['adminRechargeList'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['funds'],
          summary: "Set a wallet's credit limit",
          body: creditLimitBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        request.logSubjectId = request.body.userId;
        const { userId, currency, creditLimit } = request.body;
        await setCreditLimit(ctx, scopeOf(request), userId, currency, creditLimit);
        return ok(null);
      },
    );

    app.get(
      '/admin/balance/doubtful',
      {
        config: { access: { codes: ['adminChannel'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['funds'],
          summary: 'Wallets whose ledger does not add up to the balance (empty when all is well)',
          response: {
            200: envelope(
              z.array(
                z.object({
                  userId: z.number(),
                  username: z.string(),
                  currency: z.string(),
                  balance: z.string(),
                  ledgerBalance: z.string(),
                  earnestBalance: z.string(),
                  ledgerEarnest: z.string(),
                  depositBalance: z.string(),
                  ledgerDeposit: z.string(),
                }),
              ),
            ),
          },
        },
      },
      async (request) =>
        ok(
          (await inScope(request, await findDoubtfulWallets(ctx.db))).map((row) => ({
            ...row,
            balance: formatCents(row.balance),
            ledgerBalance: formatCents(row.ledgerBalance),
            earnestBalance: formatCents(row.earnestBalance),
            ledgerEarnest: formatCents(row.ledgerEarnest),
            depositBalance: formatCents(row.depositBalance),
            ledgerDeposit: formatCents(row.ledgerDeposit),
          })),
        ),
    );

    app.get(
      '/admin/balance/doubtfulOrders',
      {
        config: { access: { codes: ['adminChannel'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['funds'],
          summary: "Orders whose ledger rows do not add up to the order's charges (empty when all is well)",
          response: {
            200: envelope(
              z.array(
                z.object({
                  orderId: z.number(),
                  orderNo: z.string(),
                  userId: z.number(),
                  status: z.number(),
                  net: z.string(),
                  expected: z.string(),
                  earnestNet: z.string(),
                  expectedEarnest: z.string(),
                }),
              ),
            ),
          },
        },
      },
      async (request) =>
        ok(
          (await inScope(request, await findDoubtfulOrders(ctx.db))).map((row) => ({
            ...row,
            net: formatCents(row.net),
            expected: formatCents(row.expected),
            earnestNet: formatCents(row.earnestNet),
            expectedEarnest: formatCents(row.expectedEarnest),
          })),
        ),
    );
  };
}
