/** The face of modules/funds: what other rooms may use of it (docs/architecture.md). */

export type { Movement } from './ledger.ts';
export { applyMovement, applyMovements } from './ledger.ts';
export { openWallets, spendableOf, walletsOf, writeCreditLimit } from './ledger-repo.ts';
export { declareModule } from './module.ts';
export { LEDGER_REMARK } from './remarks.ts';
export { fundRoutes } from './routes.ts';
