import * as contracts from '@parcelport/shared/contracts/webhooks/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { createEndpoint, listEndpoints, rotateEndpointSecret, updateEndpoint } from './endpoints.ts';
import { getDelivery, listDeliveries, replayDelivery, replayFailedSince, sendTestEvent } from './log.ts';
import { rotateTrackingKey, trackingKeyOf } from './tracking-key.ts';

/**
 * Settings → API, webhooks (docs/api.md "Webhook endpoints"): the caller's endpoints, their delivery log,
 * replays and test events, and the secret of their tracking subscriptions' webhooks. Every call is the
 * caller's own: another merchant's endpoint or delivery answers 404, as does one of the other mode to an
 * API key (endpoints.ts).
 */
export function webhookRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const me = (request: Parameters<typeof authOf>[0]) => authOf(request);
    bind(app, contracts.listWebhookEndpoints, (request) => listEndpoints(ctx, me(request), request.query.mode));
    bind(app, contracts.createWebhookEndpoint, (request) => createEndpoint(ctx, me(request), request.body));
    bind(app, contracts.updateWebhookEndpoint, (request) =>
      updateEndpoint(ctx, me(request), request.params.id, request.body),
    );
    bind(app, contracts.rotateWebhookSecret, (request) => rotateEndpointSecret(ctx, me(request), request.params.id));
    bind(app, contracts.listWebhookDeliveries, (request) =>
      listDeliveries(ctx, me(request), request.params.id, request.query),
    );
    bind(app, contracts.getWebhookDelivery, (request) =>
      getDelivery(ctx, me(request), request.params.id, request.params.deliveryId),
    );
    bind(app, contracts.replayWebhookDelivery, (request) =>
      replayDelivery(ctx, me(request), request.params.id, request.params.deliveryId),
    );
    bind(app, contracts.replayFailedWebhookDeliveries, (request) =>
      replayFailedSince(ctx, me(request), request.params.id, request.body.since),
    );
    bind(app, contracts.sendWebhookTestEvent, (request) =>
      sendTestEvent(ctx, me(request), request.params.id, request.body.eventType),
    );
    bind(app, contracts.getTrackingWebhookKey, (request) => trackingKeyOf(ctx, me(request).userId));
    bind(app, contracts.rotateTrackingWebhookKey, (request) => rotateTrackingKey(ctx, me(request).userId));
  };
}
