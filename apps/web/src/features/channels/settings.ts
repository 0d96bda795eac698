import { AMOUNT_PATTERN, BATTERY_TYPES, formatCents, parseMoney, RATECARD_SERVICE_DEFAULTS } from '@parcelport/shared';

/**
 * The ratecard platform's settings (apps/server/src/carriers/ratecard/settings.ts) as the screens edit
 * them: money in dollars (stored in cents), the fuel surcharge as a percentage (stored in basis points),
 * the weight limit in pounds (stored in ounces) and delivery days as one box per zone.
 */

/** Zones that get a delivery-days box (the demo tables and USPS charts use 1-9). */
export const DELIVERY_ZONES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** The server's defaults (packages/shared), used for a new service. */
export const SERVICE_DEFAULTS = RATECARD_SERVICE_DEFAULTS;

export interface ServiceSettingsValues {
  dimDivisor: number | null;
  dimThresholdCuIn: number | null;
  maxWeightLb: number | null;
  maxLengthIn: number | null;
  maxLengthGirthIn: number | null;
  /** Dollars, e.g. "4.95". */
  residential: string;
  /** Percent, e.g. "12.5". */
  fuelPercent: string;
  oversizeLengthIn: number | null;
  oversize: string;
  remote: string;
  remoteZip3: string[];
  /** One entry per zone of DELIVERY_ZONES; null when not given. */
  deliveryDays: (number | null)[];
  allowedBatteries: string[];
  serviceTypeCode: string;
}

export interface ChannelSettingsValues {
  mailerId: string;
  shipperNumber: string;
  /** Dollars per order. */
  earnest: string;
}

export const PERCENT_PATTERN = /^\d{1,4}(\.\d{1,2})?$/;
export const ZIP3_PATTERN = /^\d{3}$/;
export const MAILER_ID_PATTERN = /^\d{9}$/;
export const SHIPPER_NUMBER_PATTERN = /^[0-9A-Z]{6}$/;
export const SERVICE_TYPE_CODE_PATTERN = /^\d{2,3}$/;

/** "4.95" → 495; null for anything that is not a non-negative amount with at most two decimals. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT_PATTERN.test(trimmed)) return null;
  return parseMoney(trimmed);
}

/** "12.5" (percent) → 1250 basis points; null when not a percentage with at most two decimals. */
export function percentToBasisPoints(text: string): number | null {
  const trimmed = text.trim();
  if (!PERCENT_PATTERN.test(trimmed)) return null;
  return parseMoney(trimmed);
}

/** 1250 → "12.5": the percentage without trailing zeros. */
export function basisPointsToPercent(bp: number): string {
  return formatCents(bp).replace(/\.?0+$/, '') || '0';
}

const num = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);
const list = <T>(value: unknown, fallback: readonly T[]): T[] =>
  Array.isArray(value) ? (value as T[]) : [...fallback];

/** Stored settings (cents, basis points, ounces) → the form's values (dollars, percent, pounds). */
export function serviceSettingsToValues(settings: Record<string, unknown>): ServiceSettingsValues {
  const days = list<number>(settings.deliveryDays, SERVICE_DEFAULTS.deliveryDays);
  return {
    dimDivisor: num(settings.dimDivisor, SERVICE_DEFAULTS.dimDivisor),
    dimThresholdCuIn: num(settings.dimThresholdCuIn, SERVICE_DEFAULTS.dimThresholdCuIn),
    maxWeightLb: num(settings.maxWeightOz, SERVICE_DEFAULTS.maxWeightOz) / 16,
    maxLengthIn: num(settings.maxLengthIn, SERVICE_DEFAULTS.maxLengthIn),
    maxLengthGirthIn: num(settings.maxLengthGirthIn, SERVICE_DEFAULTS.maxLengthGirthIn),
    residential: formatCents(num(settings.residentialCents, SERVICE_DEFAULTS.residentialCents)),
    fuelPercent: basisPointsToPercent(num(settings.fuelBp, SERVICE_DEFAULTS.fuelBp)),
    oversizeLengthIn: num(settings.oversizeLengthIn, SERVICE_DEFAULTS.oversizeLengthIn),
    oversize: formatCents(num(settings.oversizeCents, SERVICE_DEFAULTS.oversizeCents)),
    remote: formatCents(num(settings.remoteCents, SERVICE_DEFAULTS.remoteCents)),
    remoteZip3: list<string>(settings.remoteZip3, SERVICE_DEFAULTS.remoteZip3),
    deliveryDays: DELIVERY_ZONES.map((_zone, index) => days[index] ?? null),
    allowedBatteries: list<string>(settings.allowedBatteries, SERVICE_DEFAULTS.allowedBatteries).filter((type) =>
      (BATTERY_TYPES as readonly string[]).includes(type),
    ),
    serviceTypeCode: typeof settings.serviceTypeCode === 'string' ? settings.serviceTypeCode : '',
  };
}

/**
 * Delivery days are stored as a list from zone 1: trailing empty zones are dropped, and a gap before a
 * filled zone is an error (the zone index of the first gap), since the list cannot skip a zone.
 */
export function deliveryDaysList(days: readonly (number | null | undefined)[]): number[] | { gapAtZone: number } {
  const lastFilled = days.reduce<number>((last, day, index) => (day == null ? last : index), -1);
  const filled = days.slice(0, lastFilled + 1);
  const gap = filled.findIndex((day) => day == null);
  if (gap !== -1) return { gapAtZone: gap + 1 };
  return filled as number[];
}

/**
 * The form's values → the settings the server stores (money in cents, fuel in basis points, weight in
 * ounces). Keys the form does not edit are kept from `base`. Throws on values the form's rules refuse.
 */
export function valuesToServiceSettings(
  values: ServiceSettingsValues,
  base: Record<string, unknown> = {},
): Record<string, unknown> {
  const cents = (text: string, field: string) => {
    const value = dollarsToCents(text ?? '');
    if (value === null) throw new Error(`${field} is not an amount`);
    return value;
  };
  const fuelBp = percentToBasisPoints(values.fuelPercent ?? '');
  if (fuelBp === null) throw new Error('fuelPercent is not a percentage');
  const days = deliveryDaysList(values.deliveryDays ?? []);
  if (!Array.isArray(days)) throw new Error(`delivery days of zone ${days.gapAtZone} are missing`);
  const settings: Record<string, unknown> = {
    ...base,
    dimDivisor: values.dimDivisor ?? SERVICE_DEFAULTS.dimDivisor,
    dimThresholdCuIn: values.dimThresholdCuIn ?? SERVICE_DEFAULTS.dimThresholdCuIn,
    maxWeightOz: Math.round((values.maxWeightLb ?? SERVICE_DEFAULTS.maxWeightOz / 16) * 16 * 1000) / 1000,
    maxLengthIn: values.maxLengthIn ?? SERVICE_DEFAULTS.maxLengthIn,
    maxLengthGirthIn: values.maxLengthGirthIn ?? SERVICE_DEFAULTS.maxLengthGirthIn,
    residentialCents: cents(values.residential, 'residential'),
    fuelBp,
    oversizeLengthIn: values.oversizeLengthIn ?? SERVICE_DEFAULTS.oversizeLengthIn,
    oversizeCents: cents(values.oversize, 'oversize'),
    remoteZip3: [...new Set((values.remoteZip3 ?? []).map((zip) => zip.trim()))].sort(),
    remoteCents: cents(values.remote, 'remote'),
    deliveryDays: days,
    allowedBatteries: values.allowedBatteries ?? [],
  };
  const code = values.serviceTypeCode?.trim();
  if (code) settings.serviceTypeCode = code;
  else delete settings.serviceTypeCode;
  return settings;
}

export function channelSettingsToValues(settings: Record<string, unknown>): ChannelSettingsValues {
  return {
    mailerId: typeof settings.mailerId === 'string' ? settings.mailerId : '',
    shipperNumber: typeof settings.shipperNumber === 'string' ? settings.shipperNumber : '',
    earnest: formatCents(num(settings.earnestCents, 0)),
  };
}

/** Empty account numbers are left out so the platform's defaults apply. */
export function valuesToChannelSettings(
  values: ChannelSettingsValues,
  base: Record<string, unknown> = {},
): Record<string, unknown> {
  const settings: Record<string, unknown> = { ...base };
  const mailerId = values.mailerId?.trim() ?? '';
  const shipperNumber = values.shipperNumber?.trim().toUpperCase() ?? '';
  if (mailerId) settings.mailerId = mailerId;
  else delete settings.mailerId;
  if (shipperNumber) settings.shipperNumber = shipperNumber;
  else delete settings.shipperNumber;
  const earnest = dollarsToCents(values.earnest?.trim() || '0');
  if (earnest === null) throw new Error('earnest is not an amount');
  settings.earnestCents = earnest;
  return settings;
}

/** "4 oz", "1 lb", "1.5 lb": how a rate table bracket reads. */
export function weightLabel(maxOz: number): string {
  if (maxOz < 16 || maxOz % 8 !== 0) return `${maxOz} oz`;
  return `${maxOz / 16} lb`;
}
