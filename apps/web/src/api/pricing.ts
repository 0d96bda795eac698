import * as contracts from '@parcelport/shared/contracts/pricing/index';
import { call } from './call';

/** Price rules (/adminSettings/rateCalculation); the shapes are the contracts' (packages/shared/src/contracts/pricing). */
export type { PriceRule } from '@parcelport/shared/contracts/pricing/schemas';

/** A rule as the form sends it: percent and fixed markups as decimal strings. */
export type PriceRuleInput = Omit<contracts.PriceRuleInput, 'percent' | 'fixed'> & { percent: string; fixed: string };

export const listPriceRules = () => call(contracts.listPriceRules, {});

export const savePriceRule = (input: PriceRuleInput) => call(contracts.savePriceRule, { body: input });

export const addUserToRule = (userId: number, ruleId: number) =>
  call(contracts.addUserPriceRule, { body: { userId, ruleId } });

export const removeUserFromRule = (userId: number, ruleId: number) =>
  call(contracts.removeUserPriceRule, { body: { userId, ruleId } });
