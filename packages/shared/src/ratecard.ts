/**
 * A ratecard service's rating settings before anyone changed them (apps/server/src/carriers/ratecard/settings.ts
 * takes them as its schema's defaults; the web's service form starts a new service from them). Money in cents,
 * fuel in basis points, weight in ounces, sizes in inches.
 */
export const RATECARD_SERVICE_DEFAULTS = {
  dimDivisor: 166,
  /** Volume (cu in) at or below which no dimensional weight applies; USPS uses 1728. */
  dimThresholdCuIn: 0,
  maxWeightOz: 70 * 16,
  maxLengthIn: 108,
  maxLengthGirthIn: 165,
  residentialCents: 0,
  fuelBp: 0,
  oversizeLengthIn: 48,
  oversizeCents: 0,
  remoteZip3: [] as readonly string[],
  remoteCents: 0,
  /** Delivery days by zone (index 0 = zone 1). */
  deliveryDays: [] as readonly number[],
  /** Battery modes (docs/spec.md §9) a service accepts. */
  allowedBatteries: [
    'none',
    'lithiumIonInstalledInDevice',
    'lithiumIonPackedWithDevice',
    'lithiumMetalInstalledInDevice',
  ] as readonly string[],
};
