/** The marks settlement.ts makes on orders: refund and earnest release claimed once, the earnest still held. */
import { ORDER_STATUS } from '@parcelport/shared';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { LIST_COLUMNS, withinScope } from './repo.ts';

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

/** Claims the refund of an order's charge: true for the one caller that notes it refunded. */
export async function claimRefund(db: Db, orderId: number): Promise<boolean> {
  const claimed = await db
    .updateTable('orders')
    .set({ refunded_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Claims the release of an order's earnest: true for the one caller that notes it released. */
export async function claimEarnestRelease(db: Db, orderId: number): Promise<boolean> {
  const released = await db
    .updateTable('orders')
    .set({ earnest_released_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('earnest_released_at', 'is', null)
    .executeTakeFirst();
  return Number(released.numUpdatedRows) === 1;
}
