/** Recharges, the ledger and its integrity reports (docs/api.md, funds). */
export * from './adjust-balance.ts';
export * from './export-all-ledger.ts';
export * from './export-all-recharges.ts';
export * from './export-my-ledger.ts';
export * from './export-my-postage.ts';
export * from './export-my-recharges.ts';
export * from './list-all-ledger.ts';
export * from './list-all-recharges.ts';
export * from './list-doubtful-orders.ts';
export * from './list-doubtful-wallets.ts';
export * from './list-my-ledger.ts';
export * from './list-my-postage.ts';
export * from './list-my-recharges.ts';
export * from './review-recharge.ts';
export * from './schemas.ts';
export * from './set-credit-limit.ts';
export * from './submit-recharge.ts';
