import type * as contracts from '@parcelport/shared/contracts/pricing/index';

/** Price rules (/adminSettings/rateCalculation); the shapes are the contracts' (packages/shared/src/contracts/pricing). */
export type { PriceRule } from '@parcelport/shared/contracts/pricing/schemas';

/** A rule as the form sends it: percent and fixed markups as decimal strings. */
export type PriceRuleInput = Omit<contracts.PriceRuleInput, 'percent' | 'fixed'> & { percent: string; fixed: string };
