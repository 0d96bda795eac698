import { z } from 'zod';
import { queryFlag } from '../common.ts';

/** Tracking: a merchant's parcels by tracking number, and subscriptions to their changes (docs/api.md). */

/** The most numbers one query answers (the rest are left out). */
export const TRACKING_QUERY_LIMIT = 40;

/** Tracking numbers written in any form: one per line, or separated by commas, spaces or semicolons. */
export function trackingNumbersOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，；]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

export const trackingQuery = z.object({
  // Separators alone (`numbers=,`) name no parcel: refused, as the empty list cannot be queried.
  numbers: z
    .string()
    .max(2000)
    .transform(trackingNumbersOf)
    .refine((numbers) => numbers.length > 0, 'trackingNumbersRequired'),
  refresh: queryFlag().default(false),
});

export const trackingEventView = z.object({
  status: z.number(),
  /** The state in the caller's language. */
  state: z.string(),
  description: z.string(),
  location: z.string(),
  time: z.string(),
});

/** A queried number: found on one of the caller's orders or not, its state and events (newest first). */
export const trackedParcelView = z.object({
  trackingNo: z.string(),
  found: z.boolean(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  carrierCode: z.string().nullable(),
  serviceName: z.string().nullable(),
  status: z.number(),
  state: z.string(),
  events: z.array(trackingEventView),
});

/** Be told of a parcel's changes by mail, by a webhook POST, or both. */
export const subscriptionBody = z
  .object({
    trackingNo: z.string().trim().min(1, 'fieldRequired'),
    email: z.email('emailInvalid').optional(),
    webhookUrl: z.url({ protocol: /^https?$/ }).optional(),
  })
  .refine((body) => body.email || body.webhookUrl, { path: ['email'], message: 'subscriptionTarget' });

export type TrackingEventView = z.output<typeof trackingEventView>;
export type TrackedParcel = z.output<typeof trackedParcelView>;
export type SubscriptionBody = z.input<typeof subscriptionBody>;
