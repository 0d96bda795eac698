import * as contracts from '@parcelport/shared/contracts/addresses/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { withCarrierCheck } from './carrier-check.ts';
import { checkOrderAddresses, checkWithMessages } from './order-checks.ts';
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

    bind(app, contracts.queryZone, async (request) =>
      queryZone(ctx, authOf(request), request.body.originZip, request.body.destinationZip),
    );
  };
}
