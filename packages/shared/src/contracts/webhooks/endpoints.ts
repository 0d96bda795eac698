import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  endpointInput,
  endpointListQuery,
  endpointParams,
  endpointView,
  endpointWithSecret,
  newEndpointInput,
  SECRET_CALLS,
  trackingKeyView,
  WEBHOOK_CALLS,
} from './schemas.ts';

export const listWebhookEndpoints = defineContract({
  ...WEBHOOK_CALLS,
  method: 'GET',
  path: '/app/webhooks/endpoints',
  summary:
    "My webhook endpoints, newest first: a signed-in session's live ones unless asked mode=test (never both mixed); an API key's only those of its mode",
  query: endpointListQuery,
  answer: z.array(endpointView),
});

export const createWebhookEndpoint = defineContract({
  ...SECRET_CALLS,
  method: 'POST',
  path: '/app/webhooks/endpoints',
  summary:
    "Register a webhook endpoint, hearing the events of its mode only (an API key's: the key's); its signing secret is answered this once only",
  body: newEndpointInput,
  answer: endpointWithSecret,
});

export const updateWebhookEndpoint = defineContract({
  ...WEBHOOK_CALLS,
  method: 'PUT',
  path: '/app/webhooks/endpoints/:id(^\\d+)',
  summary: 'Change an endpoint: URL, event types, description, on or off (switching on clears a failure stop)',
  params: endpointParams,
  body: endpointInput,
  answer: endpointView,
});

export const rotateWebhookSecret = defineContract({
  ...SECRET_CALLS,
  method: 'POST',
  path: '/app/webhooks/endpoints/:id(^\\d+)/rotate',
  summary: 'A new signing secret, answered this once; the old one keeps signing beside it for 24 hours',
  params: endpointParams,
  answer: endpointWithSecret,
});

export const getTrackingWebhookKey = defineContract({
  ...WEBHOOK_CALLS,
  method: 'GET',
  path: '/app/webhooks/tracking-key',
  summary: 'The secret that signs my tracking subscriptions’ webhooks: its first characters only',
  answer: trackingKeyView,
});

export const rotateTrackingWebhookKey = defineContract({
  ...SECRET_CALLS,
  method: 'POST',
  path: '/app/webhooks/tracking-key/rotate',
  summary: 'A new secret for my tracking subscriptions’ webhooks, answered this once; the old one signs for 24 hours',
  answer: trackingKeyView.extend({ secret: z.string() }),
});
