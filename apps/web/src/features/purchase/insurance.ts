import { type InsuranceError, SIGNATURE_REQUIRED_ABOVE_CENTS, shipmentInsurance } from '@parcelport/shared';

/** Declared values as the parcel editor holds them (numbers in dollars, possibly empty). */
export type DeclaredInput = number | string | null | undefined;

export const toCents = (value: DeclaredInput): number => {
  const amount = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(amount) ? Math.round(amount * 100) : 0;
};

export interface InsuranceSummary {
  ok: boolean;
  error?: InsuranceError;
  index?: number;
  /** Premium of each parcel in cents (0 when the shipment breaks a limit). */
  perPackage: number[];
  premiumCents: number;
  declaredCents: number;
  /** docs/spec.md §9 claims: a shipment declared above 1,000 needs a signature. */
  signatureRequired: boolean;
}

/** The insurance of the parcels being typed (docs/spec.md §9), from the shared premium function. */
export function insuranceOf(declared: readonly DeclaredInput[]): InsuranceSummary {
  const cents = declared.map(toCents);
  const declaredCents = cents.reduce((sum, value) => sum + Math.max(value, 0), 0);
  const result = shipmentInsurance(cents);
  if (!result.ok) {
    return {
      ok: false,
      error: result.error,
      index: result.index,
      perPackage: cents.map(() => 0),
      premiumCents: 0,
      declaredCents,
      signatureRequired: declaredCents > SIGNATURE_REQUIRED_ABOVE_CENTS,
    };
  }
  return { ok: true, ...result.value };
}
