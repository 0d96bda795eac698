import type { WebhookEventType } from '@parcelport/shared/contracts/webhooks/schemas';

/**
 * A merchant's webhook endpoints (Settings → API): the signing secret is answered once, when an endpoint
 * is made or its secret rotated; the list shows its first characters. The shapes are the contracts'.
 */
export type {
  TrackingWebhookKey,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@parcelport/shared/contracts/webhooks/schemas';
export { WEBHOOK_EVENT_TYPES } from '@parcelport/shared/contracts/webhooks/schemas';

export const WEBHOOKS_KEY = 'webhookEndpoints';

export interface EndpointFields {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
}
/** The log's page size: a shorter page is the last. */
export const DELIVERY_PAGE = 50;
