import * as contracts from '@parcelport/shared/contracts/reports/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import * as statistics from './service.ts';

/** The statistics of docs/spec.md §7 (docs/api.md "Statistics"). */
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
  };
}
