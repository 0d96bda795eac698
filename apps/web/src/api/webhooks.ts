import type { KeyMode } from '@parcelport/shared';
import * as contracts from '@parcelport/shared/contracts/webhooks/index';
import type { WebhookDeliveryStatus, WebhookEventType } from '@parcelport/shared/contracts/webhooks/schemas';
import { call } from './call';

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

/** The live endpoints, or the test ones alone (`'test'`): never both mixed (issue 31). */
export const listEndpoints = (mode?: KeyMode) =>
  call(contracts.listWebhookEndpoints, { query: mode === undefined ? {} : { mode } });
/** A new endpoint's fields and its mode: a test one hears only of test-mode events (fixed once made). */
export const createEndpoint = (body: EndpointFields & { test: boolean }) =>
  call(contracts.createWebhookEndpoint, { body });
export const updateEndpoint = (id: number, body: EndpointFields) =>
  call(contracts.updateWebhookEndpoint, { params: { id }, body });
export const rotateEndpointSecret = (id: number) => call(contracts.rotateWebhookSecret, { params: { id } });
/** The log's page size: a shorter page is the last. */
export const DELIVERY_PAGE = 50;
export const listDeliveries = (id: number, before?: number, status?: WebhookDeliveryStatus) =>
  call(contracts.listWebhookDeliveries, {
    params: { id },
    query: { ...(status ? { status } : {}), ...(before ? { before } : {}) },
  });
export const getDelivery = (id: number, deliveryId: number) =>
  call(contracts.getWebhookDelivery, { params: { id, deliveryId } });
export const replayDelivery = (id: number, deliveryId: number) =>
  call(contracts.replayWebhookDelivery, { params: { id, deliveryId } });
export const replayFailedSince = (id: number, since: string) =>
  call(contracts.replayFailedWebhookDeliveries, { params: { id }, body: { since } });
export const sendTestEvent = (id: number, eventType: WebhookEventType) =>
  call(contracts.sendWebhookTestEvent, { params: { id }, body: { eventType } });
export const getTrackingKey = () => call(contracts.getTrackingWebhookKey, {});
export const rotateTrackingKey = () => call(contracts.rotateTrackingWebhookKey, {});
