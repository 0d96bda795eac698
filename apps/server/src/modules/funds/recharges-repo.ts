/** The recharges' SQL (table recharges): a request kept, the lists and exports, a review's conditional update. */
import { RECHARGE_STATUS } from '@parcelport/shared';
import type { Insertable, Updateable } from 'kysely';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { RechargesTable } from '../../db/schema.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';

export interface RechargeFilter {
  userId?: number | undefined;
  ownerId?: number | null | undefined;
  keyword?: string | undefined;
  status?: number | undefined;
  currency?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** The account's attachment `id` (a recharge's voucher), if it is theirs. */
export function attachmentOf(db: Db, userId: number, id: number) {
  return db
    .selectFrom('attachments')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Keeps a top-up request; answers its id. */
export async function insertRecharge(db: Db, recharge: Insertable<RechargesTable>): Promise<number> {
  const row = await db.insertInto('recharges').values(recharge).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function filtered(db: Db, filter: RechargeFilter) {
  return db
    .selectFrom('recharges')
    .innerJoin('users', 'users.id', 'recharges.user_id')
    .$if(filter.userId !== undefined, (qb) => qb.where('recharges.user_id', '=', filter.userId as number))
    .$if(filter.ownerId !== undefined && filter.ownerId !== null, (qb) =>
      qb.where('users.owner_id', '=', filter.ownerId as number),
    )
    .$if(Boolean(filter.keyword), (qb) => qb.where('users.username', 'like', `%${filter.keyword?.toLowerCase()}%`))
    .$if(filter.status !== undefined, (qb) => qb.where('recharges.status', '=', filter.status as number))
    .$if(Boolean(filter.currency), (qb) => qb.where('recharges.currency', '=', filter.currency as string))
    .$if(filter.from !== undefined, (qb) => qb.where('recharges.submitted_at', '>=', filter.from as number))
    .$if(filter.to !== undefined, (qb) => qb.where('recharges.submitted_at', '<', filter.to as number));
}

const COLUMNS = [
  'recharges.id',
  'recharges.user_id',
  'users.username',
  'recharges.currency',
  'recharges.payment_method',
  'recharges.forecast_amount',
  'recharges.actual_amount',
  'recharges.voucher_id',
  'recharges.status',
  'recharges.remark',
  'recharges.audit_remark',
  'recharges.submitted_at',
  'recharges.arrived_at',
  'recharges.audited_at',
] as const;

export type RechargeRow = Awaited<ReturnType<typeof fetchRecharges>>[number];

export function fetchRecharges(
  db: Db,
  filter: RechargeFilter,
  limit: number,
  offset = 0,
  beforeId: number | null = null,
) {
  return filtered(db, filter)
    .select(COLUMNS)
    .$if(beforeId !== null, (qb) => qb.where('recharges.id', '<', beforeId as number))
    .orderBy('recharges.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many recharges the filter finds. */
export function rechargeCount(db: Db, filter: RechargeFilter) {
  return filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
}

/** Recharge `id` if its account is in the scope. */
export function rechargeInScope(db: Db, id: number, scope: Scope) {
  return db
    .selectFrom('recharges')
    .select('id')
    .where('id', '=', id)
    .$call((qb) => whereAccountInScope(qb, 'recharges.user_id', scope))
    .executeTakeFirst();
}

/** Reviews recharge `id` if it is still pending (one conditional update); answers its account and currency. */
export function reviewPendingRecharge(
  db: Db,
  id: number,
  outcome: Updateable<RechargesTable>,
  audit: { auditor_id: number; audited_at: number },
) {
  return db
    .updateTable('recharges')
    .set(outcome)
    .set(audit)
    .where('id', '=', id)
    .where('status', '=', RECHARGE_STATUS.pending)
    .returning(['user_id', 'currency'])
    .executeTakeFirst();
}

/** Whether recharge `id` exists. */
export function rechargeExists(db: Db, id: number) {
  return db.selectFrom('recharges').select('id').where('id', '=', id).executeTakeFirst();
}
