import * as contracts from '@parcelport/shared/contracts/pickups/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { bookPickup, cancelPickup, listPickups, pickupLabels } from './service.ts';
import { listUnknownPickups, settleUnknownPickup } from './staff-settle.ts';

/**
 * A merchant's carrier pickups: the day's labels by channel, the bookings, booking and cancelling one; and the
 * bookings whose answer was lost that staff settle.
 */
export function pickupRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listPickupLabels, (request) => pickupLabels(ctx, authOf(request), request.query.date));
    bind(app, contracts.listPickups, (request) => listPickups(ctx, authOf(request)));
    bind(app, contracts.bookPickup, (request) => bookPickup(ctx, authOf(request), request.body));
    bind(app, contracts.cancelPickup, (request) => cancelPickup(ctx, authOf(request), request.params.id));
    bind(app, contracts.listUnknownPickups, (request) => listUnknownPickups(ctx.db, scopeOf(request)));
    bind(app, contracts.settlePickup, (request) =>
      settleUnknownPickup(ctx, authOf(request), scopeOf(request), request.params.id, request.body, (accountId) => {
        request.logSubjectId = accountId;
      }),
    );
  };
}
