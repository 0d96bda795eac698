import { formatCents, type Locale } from '@parcelport/shared';
import type { BalanceLogQuery, RechargeQuery } from '@parcelport/shared/contracts/funds/schemas';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Scope } from '../../core/scope.ts';
import { isoOrEmpty, pagesById, sendXlsx, type XlsxColumn } from '../../documents/xlsx.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { accountsInScope } from '../../scope/accounts.ts';
import { type BalanceLogFilter, type BalanceLogRow, fetchBalanceLogs } from './balance-logs-repo.ts';
import { findDoubtfulOrders, findDoubtfulWallets } from './ledger.ts';
import { fetchRecharges, type RechargeFilter, type RechargeRow } from './recharges-repo.ts';
import { remarkText } from './remarks.ts';

/** The recharge lists' and ledgers' filters, their xlsx exports and the integrity reports (docs/api.md, funds). */

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
  { header: 'colRemark', width: 30, value: (r) => remarkText(r, locale) },
  { header: 'colTime', width: 26, value: (r) => isoOrEmpty(r.created_at) },
];

const stamp = () => new Date().toISOString().slice(0, 10);

/** A recharge list's query as a filter, within the caller's scope. */
export function rechargeFilterOf(query: RechargeQuery, scope: Partial<RechargeFilter>): RechargeFilter {
  const { page: _page, pageSize: _size, ...filter } = query;
  return { ...filter, ...scope };
}

/** A ledger's query as a filter, within the caller's scope and, when given, only these fund types. */
export function ledgerFilterOf(
  query: BalanceLogQuery,
  scope: Partial<BalanceLogFilter>,
  onlyTypes?: readonly number[],
): BalanceLogFilter {
  const { page: _page, pageSize: _size, type, ...rest } = query;
  const filter = { ...rest, types: type, ...scope };
  if (!onlyTypes) return filter;
  const types = filter.types?.length ? filter.types.filter((one) => onlyTypes.includes(one)) : [...onlyTypes];
  // Asking only for types outside the allowed ones yields nothing rather than everything.
  return { ...filter, types: types.length ? types : [-1] };
}

export function exportRecharges(ctx: AppContext, reply: FastifyReply, filter: RechargeFilter, locale: Locale) {
  const pages = pagesById((before, size) => fetchRecharges(ctx.db, filter, size, 0, before));
  return sendXlsx(reply, `recharge-records-${stamp()}.xlsx`, locale, rechargeColumns(locale), pages);
}

export function exportLedger(ctx: AppContext, reply: FastifyReply, filter: BalanceLogFilter, locale: Locale) {
  const pages = pagesById((before, size) => fetchBalanceLogs(ctx.db, filter, size, 0, before));
  return sendXlsx(reply, `fund-details-${stamp()}.xlsx`, locale, balanceLogColumns(locale), pages);
}

/** The integrity reports' rows about accounts within the call's scope. */
async function inScope<Row extends { userId: number }>(ctx: AppContext, scope: Scope, rows: Row[]) {
  const covered = await accountsInScope(ctx.db, scope, [...new Set(rows.map((row) => row.userId))]);
  return rows.filter((row) => covered.has(row.userId));
}

/** Wallets whose ledger does not add up to the balance, amounts as money text. */
export async function doubtfulWalletsReport(ctx: AppContext, scope: Scope) {
  return (await inScope(ctx, scope, await findDoubtfulWallets(ctx.db))).map((row) => ({
    ...row,
    balance: formatCents(row.balance),
    ledgerBalance: formatCents(row.ledgerBalance),
    earnestBalance: formatCents(row.earnestBalance),
    ledgerEarnest: formatCents(row.ledgerEarnest),
    depositBalance: formatCents(row.depositBalance),
    ledgerDeposit: formatCents(row.ledgerDeposit),
  }));
}

/** Orders whose ledger rows do not add up to their charges, amounts as money text. */
export async function doubtfulOrdersReport(ctx: AppContext, scope: Scope) {
  return (await inScope(ctx, scope, await findDoubtfulOrders(ctx.db))).map((row) => ({
    ...row,
    net: formatCents(row.net),
    expected: formatCents(row.expected),
    earnestNet: formatCents(row.earnestNet),
    expectedEarnest: formatCents(row.expectedEarnest),
  }));
}
