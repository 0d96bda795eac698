import { RATECARD_SERVICE_DEFAULTS as DEFAULTS } from '@parcelport/shared';
import { z } from 'zod';

/**
 * A ratecard service's rating settings (carrier_services.settings), each defaulting to packages/shared's
 * RATECARD_SERVICE_DEFAULTS. Money in cents, fuel in basis points.
 */
export const ratecardServiceSettings = z.object({
  dimDivisor: z.number().min(0).default(DEFAULTS.dimDivisor),
  /** Volume (cu in) at or below which no dimensional weight applies; USPS uses 1728. */
  dimThresholdCuIn: z.number().min(0).default(DEFAULTS.dimThresholdCuIn),
  maxWeightOz: z.number().positive().default(DEFAULTS.maxWeightOz),
  maxLengthIn: z.number().positive().default(DEFAULTS.maxLengthIn),
  maxLengthGirthIn: z.number().positive().default(DEFAULTS.maxLengthGirthIn),
  residentialCents: z.number().int().min(0).default(DEFAULTS.residentialCents),
  fuelBp: z.number().int().min(0).default(DEFAULTS.fuelBp),
  oversizeLengthIn: z.number().positive().default(DEFAULTS.oversizeLengthIn),
  oversizeCents: z.number().int().min(0).default(DEFAULTS.oversizeCents),
  remoteZip3: z.array(z.string().regex(/^\d{3}$/)).default(() => [...DEFAULTS.remoteZip3]),
  remoteCents: z.number().int().min(0).default(DEFAULTS.remoteCents),
  /** Delivery days by zone (index 0 = zone 1). */
  deliveryDays: z.array(z.number().int().positive()).default(() => [...DEFAULTS.deliveryDays]),
  /** Battery modes (docs/spec.md §9) this service accepts. */
  allowedBatteries: z.array(z.string()).default(() => [...DEFAULTS.allowedBatteries]),
  /** USPS 3-digit service type code of the IMpb, or the UPS 2-digit service code; carrier default if absent. */
  serviceTypeCode: z
    .string()
    .regex(/^\d{2,3}$/)
    .optional(),
});
export type RatecardServiceSettings = z.infer<typeof ratecardServiceSettings>;

/** A ratecard channel's settings (channels.settings): the account numbers labels are issued under. */
export const ratecardChannelSettings = z.object({
  /** USPS Mailer ID (9 digits) for IMpb tracking numbers. */
  mailerId: z
    .string()
    .regex(/^\d{9}$/)
    .default('902000000'),
  /** UPS shipper number (6 characters) for 1Z tracking numbers. */
  shipperNumber: z
    .string()
    .regex(/^[0-9A-Z]{6}$/)
    .default('PP0001'),
  /** Temporary deposit frozen per order until the carrier's bill arrives (cents). */
  earnestCents: z.number().int().min(0).default(0),
  /** The simulated carrier's fee for a pickup (cents; 0: free, as USPS's). */
  pickupFeeCents: z.number().int().min(0).default(0),
});
export type RatecardChannelSettings = z.infer<typeof ratecardChannelSettings>;
