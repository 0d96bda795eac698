import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { ITEM_STATUS } from '../../jobs/queue.ts';

/**
 * The caller's own job, 404 for anyone else's; with an API key (`test` set: its mode), only a job with no
 * order of the other mode, so a test key neither reads nor cancels a batch of live orders, nor a live key one
 * of test orders.
 */
export async function ownJob(db: Db, userId: number, id: number, test?: boolean) {
  const job = await db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(test !== undefined, (qb) =>
      qb.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('job_items')
              .innerJoin('orders', 'orders.id', 'job_items.order_id')
              .select('job_items.order_id')
              .whereRef('job_items.job_id', '=', 'jobs.id')
              .where('orders.is_test', '=', test ? 0 : 1),
          ),
        ),
      ),
    )
    .executeTakeFirst();
  if (!job) throw notFound();
  return job;
}

export type JobRow = Awaited<ReturnType<typeof ownJob>>;

/** A page of a job's items with their order numbers, optionally of one status. */
export async function jobItems(
  db: Db,
  jobId: number,
  query: { page: number; pageSize: number; status?: keyof typeof ITEM_STATUS },
) {
  const { page, pageSize, status } = query;
  const base = db
    .selectFrom('job_items')
    .innerJoin('orders', 'orders.id', 'job_items.order_id')
    .where('job_items.job_id', '=', jobId)
    .$if(status !== undefined, (qb) =>
      qb.where('job_items.status', '=', ITEM_STATUS[status as keyof typeof ITEM_STATUS]),
    );
  const [rows, count] = await Promise.all([
    base
      .select(['job_items.seq', 'job_items.order_id', 'orders.order_no', 'job_items.status', 'job_items.message'])
      .orderBy('job_items.seq')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
