/** Return labels (issue 28): drafted, rated and bought by the merchant, printed by anyone with the link. */
export * from './buy-return.ts';
export * from './create-return.ts';
export * from './demo-scan.ts';
export * from './order-returns.ts';
export * from './public-return.ts';
export * from './return-rates.ts';
export * from './schemas.ts';
