import { z } from 'zod';

/** A ratecard service's rating settings (carrier_services.settings). Money in cents, fuel in basis points. */
export const ratecardServiceSettings = z.object({
  dimDivisor: z.number().min(0).default(166),
  /** Volume (cu in) at or below which no dimensional weight applies; USPS uses 1728. */
  dimThresholdCuIn: z.number().min(0).default(0),
  maxWeightOz: z
    .number()
    .positive()
    .default(70 * 16),
  maxLengthIn: z.number().positive().default(108),
  maxLengthGirthIn: z.number().positive().default(165),
  residentialCents: z.number().int().min(0).default(0),
  fuelBp: z.number().int().min(0).default(0),
  oversizeLengthIn: z.number().positive().default(48),
  oversizeCents: z.number().int().min(0).default(0),
  remoteZip3: z.array(z.string().regex(/^\d{3}$/)).default([]),
  remoteCents: z.number().int().min(0).default(0),
  /** Delivery days by zone (index 0 = zone 1). */
  deliveryDays: z.array(z.number().int().positive()).default([]),
  /** Battery modes (docs/spec.md §9) this service accepts. */
  allowedBatteries: z
    .array(z.string())
    .default(['none', 'lithiumIonInstalledInDevice', 'lithiumIonPackedWithDevice', 'lithiumMetalInstalledInDevice']),
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
