/** The orders whose earnest (temporary deposit) is still held: a user's releasable ones, and the staff's list. */
import { ORDER_STATUS } from '@parcelport/shared';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { LIST_COLUMNS, withinScope } from '../orders/index.ts';

/** Statuses after which an order's temporary deposit may go back: delivered, or ended without a label. */
const EARNEST_RELEASABLE = [
  ORDER_STATUS.delivered,
  ORDER_STATUS.cancelled,
  ORDER_STATUS.voided,
  ORDER_STATUS.rejected,
] as const;

/** The user's finished orders whose earnest is still held (id and earnest), if the user is within the scope. */
export function releasableEarnestOf(db: Db, userId: number, scope: Scope) {
  return db
    .selectFrom('orders')
    .select(['id', 'earnest'])
    .where('user_id', '=', userId)
    .where('earnest', '>', 0)
    .where('earnest_released_at', 'is', null)
    .where('status', 'in', EARNEST_RELEASABLE)
    .$call((qb) => withinScope(qb, scope))
    .execute();
}

/** Orders within the scope whose temporary deposit has not been released, newest first. */
export async function listUnreleasedEarnest(db: Db, scope: Scope, page: number, pageSize: number) {
  const base = db
    .selectFrom('orders')
    .where('earnest', '>', 0)
    .where('earnest_released_at', 'is', null)
    .where('status', '!=', ORDER_STATUS.placing)
    .$call((qb) => withinScope(qb, scope));
  const [rows, count] = await Promise.all([
    base
      .select(LIST_COLUMNS)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
