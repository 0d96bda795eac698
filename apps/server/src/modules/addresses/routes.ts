import { ORDER_STATUS } from '@parcelport/shared';
import * as contracts from '@parcelport/shared/contracts/addresses/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { findOrderInScope, stateError } from '../orders/index.ts';
import { withCarrierCheck } from './carrier-check.ts';
import { confirmCorrection, correctionOf } from './correction.ts';
import { checkOrderAddresses, checkWithMessages } from './order-checks.ts';
import { correctionModeOf, setCorrectionMode } from './repo.ts';
import { checkAddress } from './validate.ts';
import { queryZone } from './zone-fee.ts';

/** Address checks (single and for orders in bulk) and the paid zone lookup of /findZone. */
export function addressCheckRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.validateAddress, async (request) =>
      checkWithMessages(
        await withCarrierCheck(ctx, checkAddress(request.body)),
        localeOf(request.headers['accept-language']),
      ),
    );

    bind(app, contracts.validateOrderAddresses, async (request) =>
      checkOrderAddresses(ctx.db, scopeOf(request), request.body.ids, localeOf(request.headers['accept-language'])),
    );

    bind(app, contracts.getAddressCorrection, async (request) => ({
      mode: await correctionModeOf(ctx.db, authOf(request).userId),
    }));
    bind(app, contracts.setAddressCorrection, async (request) =>
      setCorrectionMode(ctx.db, authOf(request).userId, request.body.mode),
    );
    /** The order within the call's scope, still to be bought (draft or failed). */
    const orderToBuy = async (request: FastifyRequest, id: number) => {
      const order = await findOrderInScope(ctx.db, id, scopeOf(request));
      if (!order) throw notFound('orderNotFound');
      if (order.status !== ORDER_STATUS.draft && order.status !== ORDER_STATUS.failed) throw stateError();
      return order;
    };
    bind(app, contracts.checkOrderAddressCorrection, async (request) =>
      correctionOf(ctx, await orderToBuy(request, request.params.id), localeOf(request.headers['accept-language'])),
    );
    bind(app, contracts.confirmOrderAddressCorrection, async (request) => {
      const auth = authOf(request);
      return confirmCorrection(
        ctx,
        await orderToBuy(request, request.params.id),
        request.body.use,
        auth.actorId ?? auth.userId,
        localeOf(request.headers['accept-language']),
      );
    });

    bind(app, contracts.queryZone, async (request) =>
      queryZone(ctx, authOf(request), request.body.originZip, request.body.destinationZip),
    );
  };
}
