import * as contracts from '@parcelport/shared/contracts/volume/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { invalidFields } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { cancelJob, enqueueJob } from '../../jobs/queue.ts';
import { countOrdersInScope } from '../orders/index.ts';
import { type JobRow, jobItems, ownJob } from './batch-repo.ts';

const ITEM_NAMES = ['pending', 'done', 'failed'] as const;

function jobViewOf(job: JobRow) {
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    total: job.total,
    done: job.done,
    failed: job.failed,
    left: job.total - job.done - job.failed,
    createdAt: isoTime(job.created_at) as string,
    finishedAt: isoTime(job.finished_at),
  };
}

/** Batch rating and batch labels for any selection, as durable jobs with progress and per-order outcomes. */
export function batchRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    /** The selection, deduplicated, once every order in it is within the call's scope; 400 otherwise. */
    const scopedIds = async (request: FastifyRequest, ids: number[]) => {
      const unique = [...new Set(ids)];
      if ((await countOrdersInScope(ctx.db, unique, scopeOf(request))) !== unique.length) {
        throw invalidFields({ ids: 'orderNotFound' });
      }
      return unique;
    };
    const start = async (
      request: FastifyRequest,
      type: string,
      ids: number[],
      payload: (auth: ReturnType<typeof authOf>) => Record<string, unknown>,
    ) => {
      const auth = authOf(request);
      const orderIds = await scopedIds(request, ids);
      const locale = localeOf(request.headers['accept-language']);
      const jobId = await enqueueJob(ctx.db, {
        userId: auth.userId,
        type,
        orderIds,
        payload: { ...payload(auth), locale },
      });
      ctx.wakeWorker();
      return { jobId };
    };

    bind(app, contracts.startBatchEstimate, (request) => start(request, 'estimate', request.body.ids, () => ({})));
    bind(app, contracts.startBatchLabels, (request) =>
      start(request, 'labels', request.body.ids, (auth) => ({
        serviceId: request.body.serviceId,
        strategy: request.body.strategy,
        choice: request.body.choice,
        actorId: auth.actorId ?? auth.userId,
      })),
    );
    bind(app, contracts.staffBatchLabels, (request) =>
      start(request, 'labels', request.body.ids, (auth) => ({
        serviceId: request.body.serviceId,
        strategy: request.body.strategy,
        choice: request.body.choice,
        actorId: auth.actorId ?? auth.userId,
        anyUser: true,
      })),
    );

    bind(app, contracts.getJob, async (request) =>
      jobViewOf(await ownJob(ctx.db, authOf(request).userId, request.params.id, scopeOf(request).test)),
    );
    bind(app, contracts.listJobItems, async (request) => {
      const job = await ownJob(ctx.db, authOf(request).userId, request.params.id, scopeOf(request).test);
      const { page, pageSize } = request.query;
      const { rows, total } = await jobItems(ctx.db, job.id, request.query);
      return {
        list: rows.map((row) => ({
          orderId: row.order_id,
          orderNo: row.order_no,
          status: ITEM_NAMES[row.status] ?? 'pending',
          message: row.message,
        })),
        total,
        page,
        pageSize,
      };
    });
    bind(app, contracts.cancelJob, async (request) => {
      const job = await ownJob(ctx.db, authOf(request).userId, request.params.id, scopeOf(request).test);
      await cancelJob(ctx.db, job.id);
      return null;
    });
  };
}
