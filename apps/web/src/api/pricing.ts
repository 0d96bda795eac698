/** Price rules (/adminSettings/rateCalculation); the shapes are the contracts' (packages/shared/src/contracts/pricing). */
export type { PriceRule } from '@parcelport/shared/contracts/pricing/schemas';
