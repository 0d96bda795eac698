import * as contracts from '@parcelport/shared/contracts/tracking/index';
import { TRACKING_QUERY_LIMIT } from '@parcelport/shared/contracts/tracking/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { invalidFields, notFound } from '../../core/errors.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { localeOf } from '../../i18n/messages.ts';
import { acceptCarrierPush } from './carrier-push.ts';
import { refreshOwnParcels, subscribe, trackingLinksOf, trackOwnParcels } from './lookup.ts';
import { pageOrder, publicTracking } from './public-page.ts';
import type { TrackingProviders } from './service.ts';
import { acceptTrack17Push, type RawJsonBody } from './track17-push.ts';

/** Tracking query with subscribe (docs/spec.md §2), and the pushes of 17TRACK and of the carriers. */
export function trackingRoutes(ctx: AppContext, providers: TrackingProviders) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.trackParcels, async (request) => {
      const { userId } = authOf(request);
      const numbers = request.query.numbers.slice(0, TRACKING_QUERY_LIMIT);
      if (request.query.refresh) await refreshOwnParcels(ctx, providers, userId, numbers);
      return trackOwnParcels(ctx.db, userId, numbers, localeOf(request.headers['accept-language']));
    });

    bind(
      app,
      contracts.getPublicTracking,
      async (request) => {
        const order = await pageOrder(ctx.db, request.params.publicId);
        if (!order) throw notFound();
        const locale = localeOf(request.headers['accept-language']);
        return (await publicTracking(ctx.db, request.params.publicId, order, locale)).view;
      },
      { config: { rateLimit: { max: ctx.config.trackingPageRateLimit, timeWindow: '1 minute' } } },
    );

    bind(app, contracts.listTrackingLinks, (request) =>
      trackingLinksOf(ctx, authOf(request).userId, request.query.orderIds),
    );

    bind(app, contracts.subscribeTracking, async (request) => {
      await subscribe(ctx, authOf(request).userId, request.body);
      return null;
    });

    // 17TRACK and the carriers push updates here; the body is read raw to check its signature.
    await app.register(async (hook) => {
      hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, { raw: body as string, json: JSON.parse(body as string) } satisfies RawJsonBody);
        } catch {
          done(invalidFields({ body: 'webhookBody' }), undefined);
        }
      });
      bind(hook, contracts.track17Webhook, async (request) => {
        const sign = request.headers.sign;
        await acceptTrack17Push(ctx, request.body, typeof sign === 'string' ? sign : undefined);
        return null;
      });
      bind(hook, contracts.carrierWebhook, async (request) => {
        await acceptCarrierPush(ctx, request.params.id, request.body, request.headers);
        return null;
      });
    });
  };
}
