import { z } from 'zod';
import { limitSettings } from '../../outbound/limits.ts';
import { refundSettings } from '../upstream/refunds.ts';

/**
 * A USPS channel's settings (channels.settings): the app's OAuth client credentials from the USPS
 * developer portal, the Business Customer Gateway ids labels are bought under (CRID, MIDs) and the
 * Enterprise Payment (EPS) or permit account that pays for them. Field descriptions are what the channel
 * form shows beside each field; `secret` fields are never sent back to a browser.
 */
export const uspsChannelSettings = z.object({
  clientId: z.string().trim().min(1).meta({ description: 'uspsClientId' }),
  clientSecret: z.string().trim().min(1).meta({ secret: true, description: 'uspsClientSecret' }),
  /** Production; the test environment is https://apis-tem.usps.com. */
  baseUrl: z.url().default('https://apis.usps.com').meta({ description: 'upstreamBaseUrl' }),
  crid: z
    .string()
    .regex(/^\d{1,15}$/)
    .meta({ description: 'uspsCrid' }),
  mid: z
    .string()
    .regex(/^\d{6}$|^\d{9}$/)
    .meta({ description: 'uspsMid' }),
  /** The MID the labels are manifested under; the label MID when empty. */
  manifestMid: z
    .string()
    .regex(/^$|^\d{6}$|^\d{9}$/)
    .default('')
    .meta({ description: 'uspsManifestMid' }),
  accountType: z.enum(['EPS', 'PERMIT']).default('EPS').meta({ description: 'uspsAccountType' }),
  accountNumber: z.string().trim().min(1).meta({ description: 'uspsAccountNumber' }),
  /** The permit's ZIP code; a PERMIT account only. */
  permitZip: z
    .string()
    .regex(/^$|^\d{5}$/)
    .default('')
    .meta({ description: 'uspsPermitZip' }),
  priceType: z.enum(['COMMERCIAL', 'RETAIL']).default('COMMERCIAL').meta({ description: 'uspsPriceType' }),
  labelFormat: z.enum(['pdf', 'png', 'zpl']).default('pdf').meta({ description: 'labelFormat' }),
  timeoutMs: z.number().int().min(1000).max(120_000).default(15_000).meta({ description: 'timeoutMs' }),
  ...refundSettings(),
  /** Temporary deposit frozen per order until the carrier's bill arrives (cents). */
  earnestCents: z.number().int().min(0).default(0).meta({ description: 'earnestCents', unit: 'cents' }),
  /** Whether merchants' address checks ask USPS Addresses 3.0 (each check is a call of the hourly quota). */
  validateAddresses: z.boolean().default(false).meta({ description: 'validateAddresses' }),
  // A new USPS app may call 60 times an hour (tokens included) until USPS raises its quota on request.
  ...limitSettings({ requestsPerSecond: 0, requestsPerMinute: 0, requestsPerHour: 60, concurrency: 2 }),
});
export type UspsChannelSettings = z.infer<typeof uspsChannelSettings>;

/** The USPS products a service may sell (the Labels API's `mailClass`). */
export const USPS_MAIL_CLASSES = [
  'USPS_GROUND_ADVANTAGE',
  'PRIORITY_MAIL',
  'PRIORITY_MAIL_EXPRESS',
  'PARCEL_SELECT',
  'MEDIA_MAIL',
  'LIBRARY_MAIL',
  'BOUND_PRINTED_MATTER',
] as const;

/** A service under a USPS channel: the product, its rate indicator and the parcels' processing category. */
export const uspsServiceSettings = z.object({
  mailClass: z.enum(USPS_MAIL_CLASSES).meta({ description: 'uspsMailClass' }),
  /** Single-piece (SP) unless the service sells a flat rate or cubic price (FE, FP, CP…). */
  rateIndicator: z
    .string()
    .regex(/^[A-Z0-9]{2}$/)
    .default('SP')
    .meta({ description: 'uspsRateIndicator' }),
  processingCategory: z
    .enum(['MACHINABLE', 'NONSTANDARD', 'NON_MACHINABLE'])
    .default('MACHINABLE')
    .meta({ description: 'uspsProcessingCategory' }),
});
export type UspsServiceSettings = z.infer<typeof uspsServiceSettings>;
