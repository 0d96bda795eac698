import * as contracts from '@parcelport/shared/contracts/reports/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { seesMoney } from '../../core/caller.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import * as statistics from './service.ts';

/** The statistics of docs/spec.md §7, the workplace and the financial report's export (docs/api.md "Statistics"). */
export function reportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.salesAndOrders, (request) => statistics.salesAndOrders(ctx, scopeOf(request), request.body));
    bind(app, contracts.dailyOrderQuantity, (request) =>
      statistics.dailyOrderQuantity(ctx, scopeOf(request), request.body),
    );
    bind(app, contracts.dailyAmountBySeller, (request) =>
      statistics.dailyAmountBySeller(ctx, scopeOf(request), request.body),
    );
    bind(app, contracts.sellerUserDayStatistics, (request) =>
      statistics.sellerUserDayStatistics(ctx, scopeOf(request), request.body),
    );
    bind(app, contracts.sellerPerformanceStatistics, (request) =>
      statistics.sellerPerformanceStatistics(ctx, scopeOf(request), request.body),
    );
    bind(app, contracts.exportStatistics, (request, reply) =>
      statistics.exportStatistics(
        ctx,
        reply,
        scopeOf(request),
        request.query,
        localeOf(request.headers['accept-language'] as string | undefined),
      ),
    );
    bind(app, contracts.ownWorkplace, async (request) => {
      const figures = await statistics.workplace(ctx, scopeOf(request), request.query);
      // A team member without `money` is told the labels of each day, not what they cost (issue 30).
      if (seesMoney(authOf(request))) return figures;
      return { ...figures, days: figures.days.map((day) => ({ ...day, sales: '' })) };
    });
    bind(app, contracts.staffWorkplace, (request) => statistics.workplace(ctx, scopeOf(request), request.query));
  };
}
