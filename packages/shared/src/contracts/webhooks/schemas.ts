import { z } from 'zod';
import { KEY_MODES } from '../../api-keys.ts';
import { queryId, wholeNumber } from '../common.ts';

/**
 * A merchant's webhook endpoints (Settings → API, docs/api.md "Webhook endpoints"): the merchant or an API
 * key acting for them registers URLs for event types; every delivery is signed the Standard Webhooks way.
 */
export const WEBHOOK_CALLS = { tags: ['webhooks'], access: 'signedIn', scope: 'own' } as const;

/** Calls that answer a signing secret: the account's own person or key only, never staff acting as it. */
export const SECRET_CALLS = { ...WEBHOOK_CALLS, notWhileActing: true } as const;

/** The event catalogue (docs/api.md): what an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'label.created',
  'label.voided',
  'refund.completed',
  'tracking.updated',
  'return.used',
  'batch.completed',
  'bill.adjusted',
  'claim.updated',
  'order.imported',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const endpointInput = z.object({
  url: z.url({ protocol: /^https?$/, error: 'webhookUrlInvalid' }).max(2000),
  description: z.string().trim().max(200).default(''),
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'webhookEventTypeInvalid' }))
    .min(1, 'webhookEventTypesRequired')
    .transform((types) => [...new Set(types)]),
  enabled: z.boolean().default(true),
});

/**
 * A new endpoint also has its mode, fixed once made: a test one hears only test-mode events (test labels,
 * their tracking, a test key's imports), a live one only live events. An API key's endpoint is of the key's
 * mode (a live key asking `test` is 400); a signed-in merchant chooses.
 */
export const newEndpointInput = endpointInput.extend({ test: z.boolean().default(false) });

export const endpointView = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: z
    .enum(['merchant', 'failures'])
    .nullable()
    .describe('merchant: switched off; failures: switched off by the platform after repeated failure'),
  disabledAt: z.string().nullable(),
  secretPrefix: z.string().describe('the first characters of the current secret'),
  previousSecretValidUntil: z.string().nullable().describe('after a rotation: until when the old secret still signs'),
  failingSince: z.string().nullable(),
  mode: z.enum(KEY_MODES).describe('test: hears test-mode events only; live: live events only'),
  createdAt: z.string(),
});

/** Which endpoints a list shows (issue 31): test or live ones, never both mixed. */
export const endpointListQuery = z.object({
  mode: z
    .enum(KEY_MODES)
    .optional()
    .describe(
      "test or live endpoints only: a signed-in session's list shows live ones unless asked `test`; an API key's only those of its mode, and asked the other mode is empty",
    ),
});

/** The answer that made an endpoint or rotated its secret: the only time the secret is shown. */
export const endpointWithSecret = endpointView.extend({ secret: z.string().describe('whsec_ + base64; shown once') });

export const deliveryView = z.object({
  id: z.number(),
  eventId: z.string().describe('the webhook-id header'),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastCode: z.number().nullable().describe('the HTTP status of the last attempt; null: no answer'),
  lastAt: z.string().nullable(),
  nextAt: z.string().nullable().describe('when the next retry is due'),
  createdAt: z.string(),
});

export const attemptView = z.object({
  attempt: z.number(),
  trigger: z.enum(['auto', 'replay', 'test']),
  at: z.string(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
});

export const deliveryDetail = deliveryView.extend({
  body: z.string().describe('the request body as sent'),
  attemptsLog: z.array(attemptView),
});

export const endpointParams = z.object({ id: queryId() });
export const deliveryParams = z.object({ id: queryId(), deliveryId: queryId() });

export const deliveryQuery = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  /** Deliveries older than this id (the next page of the newest-first list). */
  before: wholeNumber(z.number().int().positive()).optional(),
});

export const replayFailedBody = z.object({
  since: z.iso
    .datetime({ offset: true, error: 'webhookSinceInvalid' })
    .describe('replay the failed deliveries made since'),
});

export const testEventBody = z.object({ eventType: z.enum(WEBHOOK_EVENT_TYPES).default('label.created') });

export const trackingKeyView = z.object({
  secretPrefix: z.string().nullable().describe('null: no tracking webhook was queued yet'),
  previousSecretValidUntil: z.string().nullable(),
});

export type WebhookEndpoint = z.output<typeof endpointView>;
export type WebhookEndpointWithSecret = z.output<typeof endpointWithSecret>;
export type WebhookEndpointInput = z.input<typeof endpointInput>;
export type NewWebhookEndpointInput = z.input<typeof newEndpointInput>;
export type WebhookDelivery = z.output<typeof deliveryView>;
export type WebhookDeliveryDetail = z.output<typeof deliveryDetail>;
export type WebhookAttempt = z.output<typeof attemptView>;
export type TrackingWebhookKey = z.output<typeof trackingKeyView>;
