/** The face of modules/settlement: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { agedRefundsOwed } from './refunds-owed-repo.ts';
export { adjustCommission, refundOrder, releaseEarnestOf } from './settlement.ts';
export { sendVoidToCarrier, voidLabel } from './staff-decisions.ts';
