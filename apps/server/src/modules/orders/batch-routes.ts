import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type Auth, authOf } from '../../http/auth.ts';
import { emptyEnvelope, envelope, isoTime, ok, pageQuery } from '../../http/envelope.ts';
import { invalidFields, notFound } from '../../http/errors.ts';
import { idParams } from '../../http/numbers.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { enqueueJob, ITEM_STATUS, JOB_STATUS } from '../../jobs/queue.ts';
import { countOrdersInScope } from './repo.ts';

const selection = z.object({ ids: z.array(z.number().int().positive()).min(1).max(50_000) });
const labelSelection = selection.extend({
  serviceId: z.number().int().positive().optional(),
  strategy: z.enum(['cheapest', 'fastest']).default('cheapest'),
});
const jobView = z.object({
  id: z.number(),
  type: z.string(),
  status: z.string(),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  left: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** Batch rating and batch labels for any selection, as durable jobs with progress and per-order outcomes. */
export function batchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    /** The selection, deduplicated, once every order in it is within the call's scope; 400 otherwise. */
    const scopedIds = async (request: FastifyRequest, ids: number[]) => {
      const unique = [...new Set(ids)];
      if ((await countOrdersInScope(ctx.db, unique, scopeOf(request))) !== unique.length) {
        throw invalidFields({ ids: 'orderNotFound' });
      }
      return unique;
    };
    const started = envelope(z.object({ jobId: z.number() }));
    const start = async (auth: Auth, type: string, orderIds: number[], payload: Record<string, unknown>) => {
      const jobId = await enqueueJob(ctx.db, { userId: auth.userId, type, orderIds, payload });
      ctx.wakeWorker();
      return ok({ jobId });
    };

    app.post(
      '/app/order/batchEstimateRateMix',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['batch'],
          summary: 'Rate a selection of orders as a background job',
          body: selection,
          response: { 200: started },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const ids = await scopedIds(request, request.body.ids);
        return start(auth, 'estimate', ids, { locale: localeOf(request.headers['accept-language']) });
      },
    );

    app.post(
      '/app/order/label/batchCreateMix',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['batch'],
          summary:
            'Buy labels for a selection (a given service, or each order’s cheapest/fastest) as a background job; each order is charged once',
          body: labelSelection,
          response: { 200: started },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const ids = await scopedIds(request, request.body.ids);
        return start(auth, 'labels', ids, {
          serviceId: request.body.serviceId,
          strategy: request.body.strategy,
          actorId: auth.actorId ?? auth.userId,
          locale: localeOf(request.headers['accept-language']),
        });
      },
    );

    app.post(
      '/admin/order/label/batchCreate',
      {
        config: { access: { codes: ['orderList'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['batch'],
          summary: "Staff buy labels for any customers' orders, each charged to its owner",
          body: labelSelection,
          response: { 200: started },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return start(auth, 'labels', await scopedIds(request, request.body.ids), {
          serviceId: request.body.serviceId,
          strategy: request.body.strategy,
          actorId: auth.actorId ?? auth.userId,
          anyUser: true,
          locale: localeOf(request.headers['accept-language']),
        });
      },
    );

    const ownJob = async (auth: Auth, id: number) => {
      const job = await ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', auth.userId)
        .executeTakeFirst();
      if (!job) throw notFound();
      return job;
    };
    const view = (job: Awaited<ReturnType<typeof ownJob>>) => ({
      id: job.id,
      type: job.type,
      status: job.status,
      total: job.total,
      done: job.done,
      failed: job.failed,
      left: job.total - job.done - job.failed,
      createdAt: isoTime(job.created_at) as string,
      finishedAt: isoTime(job.finished_at),
    });

    app.get(
      '/app/jobs/:id',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['batch'],
          summary: 'Progress of a job: done, failed, left',
          params: idParams,
          response: { 200: envelope(jobView) },
        },
      },
      async (request) => ok(view(await ownJob(authOf(request), request.params.id))),
    );

    app.get(
      '/app/jobs/:id/items',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['batch'],
          summary: "A job's outcomes per order (status=failed lists the failures with reasons)",
          params: idParams,
          querystring: pageQuery.extend({ status: z.enum(['pending', 'done', 'failed']).optional() }),
        },
      },
      async (request) => {
        const job = await ownJob(authOf(request), request.params.id);
        const { page, pageSize, status } = request.query;
        const base = ctx.db
          .selectFrom('job_items')
          .innerJoin('orders', 'orders.id', 'job_items.order_id')
          .where('job_items.job_id', '=', job.id)
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
        const names = ['pending', 'done', 'failed'];
        return ok({
          list: rows.map((row) => ({
            orderId: row.order_id,
            orderNo: row.order_no,
            status: names[row.status] ?? 'pending',
            message: row.message,
          })),
          total: Number(count.total),
          page,
          pageSize,
        });
      },
    );

    app.post(
      '/app/jobs/:id/cancel',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['batch'],
          summary: 'Stop a job: items not yet started are left undone',
          params: idParams,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        const job = await ownJob(authOf(request), request.params.id);
        await ctx.db
          .updateTable('jobs')
          .set({ status: JOB_STATUS.cancelled, finished_at: Date.now(), updated_at: Date.now() })
          .where('id', '=', job.id)
          .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
          .execute();
        return ok(null);
      },
    );
  };
}
