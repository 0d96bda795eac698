import { z } from 'zod';
import { KEY_MODES } from '../../api-keys.ts';
import { pageQuery, queryId } from '../common.ts';

/**
 * What a logged call was for (the API log's "request type"), as the upstream client names it: a carrier's
 * operations (its bill asked for and read among them), then an online store's (its orders read, a fulfilment pushed or cancelled, webhooks set).
 */
export const API_LOG_OPERATIONS = [
  'auth',
  'rate',
  'purchase',
  'void',
  'track',
  'validateAddress',
  'manifest',
  'billReport',
  'pickup',
  'storeOrders',
  'fulfil',
  'unfulfil',
  'webhooks',
] as const;

/** How a call ended: answered, or the kind of its error (docs/carriers.md). */
export const API_LOG_OUTCOMES = ['ok', 'badRequest', 'auth', 'rateLimited', 'transient'] as const;

const time = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((value) => Date.parse(value));

export const apiLogQuery = pageQuery.extend({
  /** `from` inclusive, `to` exclusive; a bare date means midnight UTC. */
  from: time.optional(),
  to: time.optional(),
  channelId: queryId().optional(),
  operation: z.enum(API_LOG_OPERATIONS).optional(),
  outcome: z.enum(API_LOG_OUTCOMES).optional(),
  orderNo: z.string().trim().max(60).optional(),
  /**
   * Calls made for test labels (with the carriers' test credentials) or for live ones and stores: the live
   * ones unless asked `test` (issue 31), never both mixed.
   */
  mode: z
    .enum(KEY_MODES)
    .optional()
    .describe('test or live calls only: the live ones unless asked `test` (never both mixed)'),
});

export const apiLogView = z.object({
  id: z.number(),
  /** The channel called; null for a store's call. */
  channelId: z.number().nullable(),
  /** Null when the channel has since been deleted. */
  channelName: z.string().nullable(),
  /** The online store called (docs/stores.md), for a store's call. */
  storeId: z.number().nullable(),
  storeName: z.string().nullable(),
  operation: z.string(),
  orderNo: z.string().nullable(),
  method: z.string(),
  url: z.string(),
  httpStatus: z.number().nullable(),
  durationMs: z.number(),
  outcome: z.string(),
  errorMessage: z.string().nullable(),
  /** `test`: a test label's call, made with the carrier's test credentials; `live` otherwise (stores included). */
  mode: z.enum(KEY_MODES),
  time: z.string(),
});

/** One record with what was sent and answered, redacted and cut at 64 KB; a document answer is a short note. */
export const apiLogDetail = apiLogView.extend({
  requestHeaders: z.string().nullable(),
  requestBody: z.string().nullable(),
  responseBody: z.string().nullable(),
});

export type ApiLogQuery = z.input<typeof apiLogQuery>;
export type ApiLogView = z.infer<typeof apiLogView>;
export type ApiLogDetail = z.infer<typeof apiLogDetail>;
