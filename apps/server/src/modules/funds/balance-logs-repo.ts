/** The ledger's rows as the lists and exports read them (table balance_logs, with the account's name). */
import type { Db } from '../../db/index.ts';

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

/** How many ledger rows the filter finds, and their money in (`income`) and out (`expense`). */
export function balanceLogTotals(db: Db, filter: BalanceLogFilter) {
  return filtered(db, filter)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when('balance_logs.amount', '>', 0).then(eb.ref('balance_logs.amount')).else(0).end())
        .as('income'),
      eb.fn
        .sum<number>(eb.case().when('balance_logs.amount', '<', 0).then(eb.ref('balance_logs.amount')).else(0).end())
        .as('expense'),
    ])
    .executeTakeFirstOrThrow();
}
