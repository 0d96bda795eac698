/**
 * Shipping insurance (docs/spec.md §9), in integer cents. Declared values up to 100.00 are free; above, the premium
 * is the tier's rate per started 100.00 of declared value (100.01 counts two units), never below the
 * tier's minimum, and a tier minimum lower than the previous tier's top premium is raised to it.
 */
const TIERS: ReadonlyArray<{ upTo: number; ratePerUnit: number; minimum: number }> = [
  { upTo: 100_000, ratePerUnit: 100, minimum: 200 },
  { upTo: 200_000, ratePerUnit: 85, minimum: 1_000 },
  { upTo: 300_000, ratePerUnit: 79, minimum: 1_700 },
  { upTo: 400_000, ratePerUnit: 73, minimum: 2_370 },
  { upTo: 500_000, ratePerUnit: 67, minimum: 2_920 },
  { upTo: 600_000, ratePerUnit: 61, minimum: 3_350 },
  { upTo: 700_000, ratePerUnit: 55, minimum: 3_660 },
  { upTo: 800_000, ratePerUnit: 53, minimum: 3_850 },
  { upTo: 900_000, ratePerUnit: 51, minimum: 4_240 },
  { upTo: 1_000_000, ratePerUnit: 49, minimum: 4_590 },
  { upTo: 5_000_000, ratePerUnit: 47, minimum: 4_900 },
];

export const INSURANCE_FREE_UP_TO_CENTS = 10_000;
export const INSURANCE_MAX_PER_PACKAGE_CENTS = 5_000_000;
export const INSURANCE_MAX_PER_SHIPMENT_CENTS = 10_000_000;
/** Shipments declared above this need a signature (docs/spec.md §9 claims). */
export const SIGNATURE_REQUIRED_ABOVE_CENTS = 100_000;

const UNIT_CENTS = 10_000;

/** The effective minimum of each tier: its own, or the previous tier's top premium when that is higher. */
const EFFECTIVE_MINIMUMS = TIERS.map((tier, index) => {
  const previous = TIERS[index - 1];
  const previousTop = previous ? Math.ceil(previous.upTo / UNIT_CENTS) * previous.ratePerUnit : 0;
  return Math.max(tier.minimum, previousTop);
});

export type InsuranceError = 'negative' | 'overPackageLimit' | 'overShipmentLimit';

/** Premium in cents for one package's declared value in cents. */
export function insurancePremium(declaredCents: number): number {
  if (!Number.isInteger(declaredCents) || declaredCents < 0)
    throw new RangeError('declared value must be whole cents >= 0');
  if (declaredCents > INSURANCE_MAX_PER_PACKAGE_CENTS)
    throw new RangeError('declared value above the per-package maximum');
  if (declaredCents <= INSURANCE_FREE_UP_TO_CENTS) return 0;
  const tierIndex = TIERS.findIndex((tier) => declaredCents <= tier.upTo);
  const tier = TIERS[tierIndex] as (typeof TIERS)[number];
  const units = Math.ceil(declaredCents / UNIT_CENTS);
  return Math.max(units * tier.ratePerUnit, EFFECTIVE_MINIMUMS[tierIndex] as number);
}

export interface ShipmentInsurance {
  premiumCents: number;
  perPackage: number[];
  declaredCents: number;
  signatureRequired: boolean;
}

/** Checks the limits and prices every package of a shipment; errors name what is wrong. */
export function shipmentInsurance(
  declaredPerPackage: readonly number[],
): { ok: true; value: ShipmentInsurance } | { ok: false; error: InsuranceError; index?: number } {
  let declaredCents = 0;
  for (const [index, declared] of declaredPerPackage.entries()) {
    if (declared < 0) return { ok: false, error: 'negative', index };
    if (declared > INSURANCE_MAX_PER_PACKAGE_CENTS) return { ok: false, error: 'overPackageLimit', index };
    declaredCents += declared;
  }
  if (declaredCents > INSURANCE_MAX_PER_SHIPMENT_CENTS) return { ok: false, error: 'overShipmentLimit' };
  const perPackage = declaredPerPackage.map(insurancePremium);
  return {
    ok: true,
    value: {
      premiumCents: perPackage.reduce((sum, premium) => sum + premium, 0),
      perPackage,
      declaredCents,
      signatureRequired: declaredCents > SIGNATURE_REQUIRED_ABOVE_CENTS,
    },
  };
}
