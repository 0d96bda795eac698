/** What the webhook events' sources read of the orders and jobs they tell of (`orders`, `jobs`, `job_items`). */
import type { Db } from '../../db/index.ts';

/** The orders the events tell of: what label.created tells of each, and whose and of which mode for tracking.updated. */
export function ordersOfLabels(db: Db, orderIds: readonly number[]) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'order_no', 'tracking_no', 'channel_id', 'is_test'])
    .where('id', 'in', [...orderIds])
    .execute();
}

/** The order's mode, or undefined. */
export function orderMode(db: Db, orderId: number) {
  return db.selectFrom('orders').select('is_test').where('id', '=', orderId).executeTakeFirst();
}

/** The job's counters and state, or undefined. */
export function jobTotals(db: Db, jobId: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'user_id', 'type', 'total', 'done', 'failed', 'status'])
    .where('id', '=', jobId)
    .executeTakeFirst();
}

/** One item of the job whose order is a live one, or undefined when every order is a test one. */
export function liveItemOfJob(db: Db, jobId: number) {
  return db
    .selectFrom('job_items')
    .innerJoin('orders', 'orders.id', 'job_items.order_id')
    .select('job_items.order_id')
    .where('job_items.job_id', '=', jobId)
    .where('orders.is_test', '=', 0)
    .limit(1)
    .executeTakeFirst();
}
