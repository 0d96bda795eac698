import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  deliveryDetail,
  deliveryParams,
  deliveryQuery,
  deliveryView,
  endpointParams,
  replayFailedBody,
  testEventBody,
  WEBHOOK_CALLS,
} from './schemas.ts';

export const listWebhookDeliveries = defineContract({
  ...WEBHOOK_CALLS,
  method: 'GET',
  path: '/app/webhooks/endpoints/:id(^\\d+)/deliveries',
  summary: 'The delivery log of one of my endpoints, newest first, 50 at a time',
  params: endpointParams,
  query: deliveryQuery,
  answer: z.array(deliveryView),
});

export const getWebhookDelivery = defineContract({
  ...WEBHOOK_CALLS,
  method: 'GET',
  path: '/app/webhooks/endpoints/:id(^\\d+)/deliveries/:deliveryId(^\\d+)',
  summary: 'One delivery: the body sent and every attempt (time, answer code, duration)',
  params: deliveryParams,
  answer: deliveryDetail,
});

export const replayWebhookDelivery = defineContract({
  ...WEBHOOK_CALLS,
  method: 'POST',
  path: '/app/webhooks/endpoints/:id(^\\d+)/deliveries/:deliveryId(^\\d+)/replay',
  summary: 'Send one delivery again (same webhook-id and body), retried as a new one would be',
  params: deliveryParams,
  answer: deliveryView,
});

export const replayFailedWebhookDeliveries = defineContract({
  ...WEBHOOK_CALLS,
  method: 'POST',
  path: '/app/webhooks/endpoints/:id(^\\d+)/replay-failed',
  summary: 'Send again every failed delivery of the endpoint made since a time',
  params: endpointParams,
  body: replayFailedBody,
  answer: z.object({ replayed: z.number() }),
});

export const sendWebhookTestEvent = defineContract({
  ...WEBHOOK_CALLS,
  method: 'POST',
  path: '/app/webhooks/endpoints/:id(^\\d+)/test',
  summary: 'Send a sample event of a type to this endpoint only (marked "test": true)',
  params: endpointParams,
  body: testEventBody,
  answer: deliveryView,
});
