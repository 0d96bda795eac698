/** Pricing rules (docs/api.md, rateCalculation): markups by percentage and/or fixed amount per channel or service. */
export * from './add-user-price-rule.ts';
export * from './list-price-rules.ts';
export * from './remove-user-price-rule.ts';
export * from './save-price-rule.ts';
export * from './schemas.ts';
