import * as contracts from '@parcelport/shared/contracts/returns/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { LABEL_TYPES, sendAttachment } from '../../http/attachment.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { quoteView } from '../purchase/index.ts';
import { demoScan } from './demo-scan.ts';
import { publicReturn, publicReturnLabel, publicReturnQrCode } from './public.ts';
import { buyReturn, createReturn, orderReturnsOf, returnRates } from './service.ts';

/** Staff who set prices see carrier cost and margin in quotes. */
const showsCost = (auth: Auth) => auth.codes.includes('getComputeInfo');

/** Return labels (docs/api.md "Returns"): the merchant's under /app, staff's view under /admin, the public page. */
export function returnRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const locale = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);

    bind(app, contracts.createReturn, async (request) => createReturn(ctx, authOf(request), request.body));

    bind(app, contracts.returnRates, async (request) => {
      const auth = authOf(request);
      const lines = await returnRates(ctx, auth, request.params.id, locale(request));
      return lines.map(({ line, payOnUse, validityDays }) => ({
        ...quoteView(line, showsCost(auth)),
        payOnUse,
        validityDays,
      }));
    });

    bind(app, contracts.buyReturn, async (request) =>
      buyReturn(ctx, authOf(request), request.params.id, request.body, locale(request)),
    );

    for (const family of ['app', 'admin'] as const) {
      bind(app, contracts.getOrderReturns[family], async (request) =>
        orderReturnsOf(ctx, scopeOf(request), request.params.id),
      );
    }

    bind(app, contracts.demoScan, async (request) => demoScan(ctx, authOf(request), request.params.id));

    bind(app, contracts.getPublicReturn, async (request) => publicReturn(ctx, request.params.link));

    bind(app, contracts.downloadPublicReturnQrCode, async (request, reply) => {
      // Shown in the page (an image), not saved as a download.
      const file = await publicReturnQrCode(ctx, request.params.link);
      return reply.type('image/png').send(file.bytes);
    });

    bind(app, contracts.downloadPublicReturnLabel, async (request, reply) => {
      const file = await publicReturnLabel(ctx, request.params.link, request.query.format);
      return sendAttachment(reply, LABEL_TYPES[file.format], file.name, file.bytes);
    });
  };
}
