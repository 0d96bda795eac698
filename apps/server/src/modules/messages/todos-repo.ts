/**
 * The work waiting for staff (the message box's To-do tab and the bell): counted from the tables the work
 * lives in whenever asked, so it can never disagree with the lists where it is handled.
 */

import { ACCOUNT_STATUS, ORDER_STATUS, RECHARGE_STATUS, WORK_ORDER_STATUS } from '@parcelport/shared';
import type { TodoItem, TodoKind } from '@parcelport/shared/contracts/messages/list-todos';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';

/** One kind of waiting work: who reaches it (as its list route), where it is handled, and how it is counted. */
interface TodoSource {
  kind: TodoKind;
  code: string;
  path: string;
  count: (db: Db, ownerId: number | undefined) => Promise<{ n: number | string; oldest: number | string | null }>;
}

/** The accounts `ownerId` owns (a seller's customers): what a scoped caller's counts are limited to. */
function customersOf(db: Db, ownerId: number) {
  return db.selectFrom('users').select('users.id').where('users.owner_id', '=', ownerId);
}

const SOURCES: readonly TodoSource[] = [
  {
    // Customers who registered and wait to be activated (the customers list, adminList).
    kind: 'registration',
    code: 'adminList',
    path: '/adminSettings/userManagement',
    count: (db, ownerId) =>
      db
        .selectFrom('users')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('status', '=', ACCOUNT_STATUS.inactive)
        .where('kind', '=', 'customer')
        .where('deleted_at', 'is', null)
        .$if(ownerId !== undefined, (qb) => qb.where('owner_id', '=', ownerId as number))
        .executeTakeFirstOrThrow(),
  },
  {
    // Recharges submitted and not yet approved or rejected (GET /admin/recharge/list, adminRechargeList).
    kind: 'recharge',
    code: 'adminRechargeList',
    path: '/adminSettings/customer/userRechargeRecords',
    count: (db, ownerId) =>
      db
        .selectFrom('recharges')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('submitted_at').as('oldest')])
        .where('status', '=', RECHARGE_STATUS.pending)
        .$if(ownerId !== undefined, (qb) => qb.where('user_id', 'in', customersOf(db, ownerId as number)))
        .executeTakeFirstOrThrow(),
  },
  {
    // Orders whose merchant asked to cancel, waiting for the cancel audit (POST /admin/order/orders/cancelAudit,
    // orderList, decided on the waybills screen): live ones, as the waybills list shows them (a test order's
    // waits under its Test data switch, issue 31).
    kind: 'cancellation',
    code: 'orderList',
    path: '/adminSettings/allWaybills',
    count: (db, ownerId) =>
      db
        .selectFrom('orders')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('updated_at').as('oldest')])
        .where('status', '=', ORDER_STATUS.cancelling)
        .where('is_test', '=', 0)
        .$if(ownerId !== undefined, (qb) => qb.where('user_id', 'in', customersOf(db, ownerId as number)))
        .executeTakeFirstOrThrow(),
  },
  {
    // Posted bill lines a merchant disputed, to accept or reject (GET /admin/bills/disputes, adminChannel).
    kind: 'dispute',
    code: 'adminChannel',
    path: '/maintenance/supplementaryAmount',
    count: (db, ownerId) =>
      db
        .selectFrom('carrier_bill_lines')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('disputed_at').as('oldest')])
        .where('dispute', '=', 'open')
        .$if(ownerId !== undefined, (qb) => qb.where('user_id', 'in', customersOf(db, ownerId as number)))
        .executeTakeFirstOrThrow(),
  },
  {
    // Work orders open and waiting for an answer: new ones, and those whose merchant wrote last
    // (GET /admin/workOrder, adminQuestionList); waiting since the merchant's last word.
    kind: 'workOrder',
    code: 'adminQuestionList',
    path: '/adminSettings/serviceManagement',
    count: (db, ownerId) =>
      db
        .selectFrom('work_orders')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('updated_at').as('oldest')])
        .where('status', '=', WORK_ORDER_STATUS.processing)
        .where((eb) => eb.or([eb('last_reply_side', 'is', null), eb('last_reply_side', '=', 'customer')]))
        .$if(ownerId !== undefined, (qb) => qb.where('user_id', 'in', customersOf(db, ownerId as number)))
        .executeTakeFirstOrThrow(),
  },
  {
    // Insurance claims still to review, decide or pay (GET /admin/claim/list, adminClaimList).
    kind: 'claim',
    code: 'adminClaimList',
    path: '/adminSettings/claims',
    count: (db, ownerId) =>
      db
        .selectFrom('insurance_claims')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('status', 'in', ['submitted', 'inReview', 'approved', 'partlyApproved'])
        .$if(ownerId !== undefined, (qb) => qb.where('user_id', 'in', customersOf(db, ownerId as number)))
        .executeTakeFirstOrThrow(),
  },
];

/** The kinds of waiting work the caller's codes reach, within the caller's scope; kinds with none are left out. */
export async function listTodos(db: Db, codes: readonly string[], scope: Scope): Promise<TodoItem[]> {
  const reached = SOURCES.filter((source) => codes.includes(source.code));
  const counted = await Promise.all(
    reached.map(async (source) => ({ source, ...(await source.count(db, scope.ownerId)) })),
  );
  return counted
    .filter(({ n, oldest }) => Number(n) > 0 && oldest !== null)
    .map(({ source, n, oldest }) => ({
      kind: source.kind,
      count: Number(n),
      oldest: new Date(Number(oldest)).toISOString(),
      path: source.path,
    }));
}
