import * as contracts from '@parcelport/shared/contracts/orders/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { orderListItem } from '../orders/index.ts';
import { estimateOrder, purchaseLabel } from './purchase.ts';
import { quoteShipment, quoteView } from './quote.ts';
import { shipmentOfInput } from './shipment.ts';
import { listUnconfirmed, settleUnconfirmed } from './unconfirmed.ts';

/** Staff who set prices see carrier cost and margin in quotes. */
const showsCost = (auth: Auth) => auth.codes.includes('getComputeInfo');

/** The purchase's routes (docs/api.md): quotes, a label bought, and the purchases staff settle by hand. */
export function purchaseRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const locale = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);

    bind(app, contracts.estimateRates, async (request) => {
      const auth = authOf(request);
      const body = request.body;
      const memo = request.catalogueVersion === undefined ? undefined : ctx.quoteMemo.for(request.catalogueVersion);
      const lines =
        'from' in body
          ? await quoteShipment(
              ctx,
              auth.userId,
              shipmentOfInput(body),
              body.parcels.map((parcel) => parcel.insuredValue),
              locale(request),
              { memo },
            )
          : await estimateOrder(ctx, auth, body.orderId, locale(request), { memo });
      return lines.map((line) => quoteView(line, showsCost(auth)));
    });

    // Bought once per Idempotency-Key, as every write (hooks/idempotency.ts).
    bind(app, contracts.createLabel, async (request) => {
      const order = await purchaseLabel(
        ctx,
        authOf(request),
        request.body.orderId,
        request.body.serviceId,
        locale(request),
      );
      return orderListItem(order);
    });

    bind(app, contracts.listUnconfirmedPurchases, async (request) => listUnconfirmed(ctx.db, scopeOf(request)));

    bind(app, contracts.settleUnconfirmedPurchase, async (request) => {
      request.logSubjectId = request.params.id;
      return settleUnconfirmed(
        ctx,
        authOf(request),
        scopeOf(request),
        request.params.id,
        request.body.trackingNumbers,
        locale(request),
      );
    });
  };
}
