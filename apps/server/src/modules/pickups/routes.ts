import * as contracts from '@parcelport/shared/contracts/pickups/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { bookPickup, cancelPickup, listPickups, pickupLabels } from './service.ts';

/** A merchant's carrier pickups: the day's labels by channel, the bookings, booking and cancelling one. */
export function pickupRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listPickupLabels, (request) => pickupLabels(ctx, authOf(request).userId, request.query.date));
    bind(app, contracts.listPickups, (request) => listPickups(ctx, authOf(request).userId));
    bind(app, contracts.bookPickup, (request) => bookPickup(ctx, authOf(request), request.body));
    bind(app, contracts.cancelPickup, (request) => cancelPickup(ctx, authOf(request), request.params.id));
  };
}
