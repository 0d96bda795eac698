/** Parcel units and weights (docs/spec.md §3/§5/§9), shared by the rating engine and the order screen. */
export const DEFAULT_PARCEL = {
  distanceUnit: 'in',
  massUnit: 'lb',
  packageCode: 'your_package',
  weight: 1,
  packageNum: 1,
  packageAmount: 1,
} as const;
export const DEFAULT_COUNTRY = 'US';

export type MassUnit = 'lb' | 'oz' | 'kg' | 'g';
export type DistanceUnit = 'in' | 'cm';

/** docs/spec.md §5: choosing kg/cm sets mass kg and distance cm; any other choice sets lb and in. */
export function unitsFor(choice: string): { massUnit: MassUnit; distanceUnit: DistanceUnit } {
  return choice === 'kg' || choice === 'cm' || choice === 'kg/cm'
    ? { massUnit: 'kg', distanceUnit: 'cm' }
    : { massUnit: 'lb', distanceUnit: 'in' };
}

const OUNCES_PER = { lb: 16, oz: 1, kg: 35.27396195, g: 0.03527396195 } as const;

export function toOunces(weight: number, unit: MassUnit): number {
  return weight * OUNCES_PER[unit];
}

export function toInches(length: number, unit: DistanceUnit): number {
  return unit === 'cm' ? length / 2.54 : length;
}

export interface ParcelDimensions {
  length: number;
  width: number;
  height: number;
  weight: number;
  massUnit: MassUnit;
  distanceUnit: DistanceUnit;
}

export interface BillableWeight {
  /** Actual weight in ounces, rounded up to a whole ounce. */
  actualOz: number;
  /** Dimensional weight in ounces (whole pounds), 0 when it does not apply. */
  dimOz: number;
  /** What the rate table is read at: ounces below a pound, whole pounds (in ounces) from one pound up. */
  billableOz: number;
  /** Sides sorted longest first, in inches. */
  sidesIn: [number, number, number];
  /** Length plus girth in inches. */
  lengthGirthIn: number;
}

/**
 * Billable weight: the greater of the actual weight and the dimensional weight (volume / divisor in whole
 * pounds). `dimThresholdCuIn` is the volume below which no dimensional weight applies (USPS: 1728).
 */
export function billableWeight(parcel: ParcelDimensions, dimDivisor: number, dimThresholdCuIn = 0): BillableWeight {
  const sides = [parcel.length, parcel.width, parcel.height]
    .map((side) => toInches(side, parcel.distanceUnit))
    .sort((a, b) => b - a) as [number, number, number];
  const volume = sides[0] * sides[1] * sides[2];
  const actualOz = Math.ceil(toOunces(parcel.weight, parcel.massUnit) - 1e-9);
  const dimOz = dimDivisor > 0 && volume > dimThresholdCuIn ? Math.ceil(volume / dimDivisor - 1e-9) * 16 : 0;
  const heavier = Math.max(actualOz, dimOz);
  const billableOz = heavier < 16 ? Math.max(heavier, 1) : Math.ceil(heavier / 16) * 16;
  return { actualOz, dimOz, billableOz, sidesIn: sides, lengthGirthIn: sides[0] + 2 * (sides[1] + sides[2]) };
}
