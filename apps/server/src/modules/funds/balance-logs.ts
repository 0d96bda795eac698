import { formatCents, type Locale } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import { remarkText } from './remarks.ts';

export interface BalanceLogFilter {
  userId?: number | undefined;
  ownerId?: number | null | undefined;
  keyword?: string | undefined;
  types?: number[] | undefined;
  currency?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: Db, filter: BalanceLogFilter) {
  return db
    .selectFrom('balance_logs')
    .innerJoin('users', 'users.id', 'balance_logs.user_id')
    .$if(filter.userId !== undefined, (qb) => qb.where('balance_logs.user_id', '=', filter.userId as number))
    .$if(filter.ownerId !== undefined && filter.ownerId !== null, (qb) =>
      qb.where('users.owner_id', '=', filter.ownerId as number),
    )
    .$if(Boolean(filter.keyword), (qb) => qb.where('users.username', 'like', `%${filter.keyword?.toLowerCase()}%`))
    .$if(Boolean(filter.types?.length), (qb) => qb.where('balance_logs.type', 'in', filter.types as number[]))
    .$if(Boolean(filter.currency), (qb) => qb.where('balance_logs.currency', '=', filter.currency as string))
    .$if(filter.from !== undefined, (qb) => qb.where('balance_logs.created_at', '>=', filter.from as number))
    .$if(filter.to !== undefined, (qb) => qb.where('balance_logs.created_at', '<', filter.to as number));
}

export function fetchBalanceLogs(
  db: Db,
  filter: BalanceLogFilter,
  limit: number,
  offset = 0,
  beforeId: number | null = null,
) {
  return filtered(db, filter)
    .select([
      'balance_logs.id',
      'balance_logs.user_id',
      'users.username',
      'balance_logs.currency',
      'balance_logs.type',
      'balance_logs.amount',
      'balance_logs.earnest_amount',
      'balance_logs.deposit_amount',
      'balance_logs.balance_after',
      'balance_logs.earnest_after',
      'balance_logs.deposit_after',
      'balance_logs.reference_type',
      'balance_logs.reference_no',
      'balance_logs.remark',
      'balance_logs.created_at',
    ])
    .$if(beforeId !== null, (qb) => qb.where('balance_logs.id', '<', beforeId as number))
    .orderBy('balance_logs.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type BalanceLogRow = Awaited<ReturnType<typeof fetchBalanceLogs>>[number];

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
    filtered(db, filter)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .sum<number>(eb.case().when('balance_logs.amount', '>', 0).then(eb.ref('balance_logs.amount')).else(0).end())
          .as('income'),
        eb.fn
          .sum<number>(eb.case().when('balance_logs.amount', '<', 0).then(eb.ref('balance_logs.amount')).else(0).end())
          .as('expense'),
      ])
      .executeTakeFirstOrThrow(),
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
