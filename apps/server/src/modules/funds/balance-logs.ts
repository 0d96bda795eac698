import { formatCents, type Locale } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import { type BalanceLogFilter, type BalanceLogRow, balanceLogTotals, fetchBalanceLogs } from './balance-logs-repo.ts';
import { remarkText } from './remarks.ts';

export function balanceLogView(row: BalanceLogRow, locale: Locale) {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.username,
    currency: row.currency,
    type: row.type,
    amount: formatCents(row.amount),
    earnestAmount: formatCents(row.earnest_amount),
    depositAmount: formatCents(row.deposit_amount),
    balanceAfter: formatCents(row.balance_after),
    earnestAfter: formatCents(row.earnest_after),
    depositAfter: formatCents(row.deposit_after),
    referenceType: row.reference_type,
    referenceNo: row.reference_no,
    remark: remarkText(row, locale),
    time: new Date(row.created_at).toISOString(),
  };
}

/** A page of the ledger with the totals of the whole filtered set (money in and out). */
export async function listBalanceLogs(
  db: Db,
  filter: BalanceLogFilter,
  page: number,
  pageSize: number,
  locale: Locale,
) {
  const [rows, totals] = await Promise.all([
    fetchBalanceLogs(db, filter, pageSize, (page - 1) * pageSize),
    balanceLogTotals(db, filter),
  ]);
  const income = Number(totals.income ?? 0);
  const expense = Number(totals.expense ?? 0);
  return {
    list: rows.map((row) => balanceLogView(row, locale)),
    total: Number(totals.total),
    page,
    pageSize,
    totals: { income: formatCents(income), expense: formatCents(expense), net: formatCents(income + expense) },
  };
}
