import { z } from 'zod';
import { idListQuery } from '../common.ts';
import { defineContract } from '../contract.ts';
import { trackingEventView } from './schemas.ts';

/**
 * A label's public tracking page (issue 28): `/t/<publicId>` in a browser, this call for a program. The id
 * is 128 random bits made when the label is bought; the page shows no more of the recipient than the city,
 * state and country.
 */

/** 128 bits in base64url: 22 characters. Anything else is not found, like an unknown id. */
export const PUBLIC_TRACKING_ID = /^[A-Za-z0-9_-]{22}$/;

export const publicTrackingParams = z.object({ publicId: z.string().max(64) });

export const publicBrandView = z.object({
  name: z.string(),
  /** `/t/<publicId>/logo`, or null without a logo. */
  logoUrl: z.string().nullable(),
  color: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  supportUrl: z.string(),
});

export const publicTrackingView = z.object({
  status: z.number(),
  /** The state in the reader's language. */
  state: z.string(),
  carrierCode: z.string().nullable(),
  serviceName: z.string().nullable(),
  /** When the label was bought. */
  shippedAt: z.string().nullable(),
  /** The day the parcel is expected (YYYY-MM-DD), while it is on its way and the service says. */
  expectedDelivery: z.string().nullable(),
  destination: z.object({ city: z.string(), stateCode: z.string(), countryCode: z.string() }),
  parcels: z.array(z.object({ trackingNo: z.string(), status: z.number(), state: z.string() })),
  /** Every parcel's events, newest first. */
  events: z.array(trackingEventView),
  brand: publicBrandView,
});
export type PublicTracking = z.output<typeof publicTrackingView>;

export const getPublicTracking = defineContract({
  method: 'GET',
  path: '/public/tracking/:publicId',
  summary:
    "A label's public tracking page as data: state, events, expected delivery and the shipper's brand (no sign-in; rate limited; an unknown id is a 404)",
  tags: ['tracking'],
  access: 'public',
  params: publicTrackingParams,
  answer: publicTrackingView,
});

export const trackingLinkView = z.object({ orderId: z.number(), url: z.string() });

export const listTrackingLinks = defineContract({
  method: 'GET',
  path: '/app/tracking/links',
  summary: 'The public tracking page of each of my bought orders among `orderIds` (an order without a label has none)',
  tags: ['tracking'],
  access: 'signedIn',
  scope: 'own',
  query: z.object({ orderIds: idListQuery.pipe(z.array(z.number()).max(200)) }),
  answer: z.array(trackingLinkView),
});
