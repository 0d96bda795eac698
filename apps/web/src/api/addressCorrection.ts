import type * as contracts from '@parcelport/shared/contracts/addresses/index';

/** Address correction before the label (docs/addresses.md): the merchant's mode and an order's correction. */
export type {
  AddressCorrectionMode,
  AddressCorrectionView,
} from '@parcelport/shared/contracts/addresses/index';

export const ADDRESS_CORRECTION_KEY = 'addressCorrection';

/** The correction a purchase stopped for (its answer's data), or null for any other failure. */
export function correctionToConfirm(data: unknown): contracts.AddressCorrectionView | null {
  const view = data as Partial<contracts.AddressCorrectionView> | null;
  return view && view.mode === 'confirm' && view.corrected && view.original
    ? (view as contracts.AddressCorrectionView)
    : null;
}
