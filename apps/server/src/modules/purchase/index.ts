/** The face of modules/purchase: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { buyLabel, estimateOrder } from './purchase.ts';
export { refuseHeld } from './purchase-checks.ts';
export { recoverLapsedPurchase } from './purchase-recovery.ts';
export { purchaseWrites } from './purchase-writes.ts';
export type { QuoteLine } from './quote.ts';
export { quoteView, servicesOf } from './quote.ts';
export { pickByChoice, storedChoice } from './rate-shop.ts';
