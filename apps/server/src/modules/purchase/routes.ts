import * as contracts from '@parcelport/shared/contracts/orders/index';
import type { FastifyInstance } from 'fastify';
import { VersionedAnswers } from '../../cache/versioned-answers.ts';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { ok } from '../../http/envelope.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { orderListItem } from '../orders/index.ts';
import { estimateOrder, purchaseLabel } from './purchase.ts';
import { quoteShipment, quotesKeepable, quoteView } from './quote.ts';
import { shipmentOfInput } from './shipment.ts';
import { listUnconfirmed, settleUnconfirmed } from './unconfirmed.ts';

/** Staff who set prices see carrier cost and margin in quotes. */
const showsCost = (auth: Auth) => auth.codes.includes('getComputeInfo');

/** Kept quote answers, in bytes (some 2.5 KB each for five services): the least recently asked go first. */
const QUOTE_ANSWERS_BYTES = 8_000_000;
const DAY_MS = 86_400_000;

/** The purchase's routes (docs/api.md): quotes, a label bought, and the purchases staff settle by hand. */
export function purchaseRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const locale = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);

    // A shipment quoted again (the new-order screen as its fields change, a client comparing before it buys)
    // is answered from the serialised answer kept for it, per catalogue version: any change to what a quote
    // is made of raises the version (db/versions.ts) and the next quote is made afresh.
    const quoteAnswers = new VersionedAnswers(QUOTE_ANSWERS_BYTES);

    bind(app, contracts.estimateRates, async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      const version = request.catalogueVersion;
      const memo = version === undefined ? undefined : ctx.quoteMemo.for(version);
      const lang = locale(request);
      const showCost = showsCost(auth);
      if (!('from' in body)) {
        const lines = await estimateOrder(ctx, auth, body.orderId, lang, { memo });
        return lines.map((line) => quoteView(line, showCost));
      }
      const quote = async () => {
        const declared = body.parcels.map((parcel) => parcel.insuredValue);
        const lines = await quoteShipment(ctx, auth.userId, shipmentOfInput(body), declared, lang, { memo });
        return lines.map((line) => quoteView(line, showCost));
      };
      if (version === undefined || !(await quotesKeepable(ctx, auth.userId, memo))) return quote();
      // Whatever the answer hangs on besides the catalogue: the caller's prices, whether it is shown cost,
      // the language of its reasons, the day its delivery dates count from, and the shipment itself.
      const day = Math.floor(Date.now() / DAY_MS);
      const key = `${auth.userId}:${showCost ? 'cost' : 'price'}:${lang}:${day}:${JSON.stringify(body)}`;
      const kept = await quoteAnswers.answer(key, version, async () => ok(await quote()));
      // The kept answer is the whole envelope, already serialised: sent as is (bind leaves a sent reply alone).
      return reply.type('application/json; charset=utf-8').send(kept) as never;
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
