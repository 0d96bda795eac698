/**
 * The screens of bills, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const UnRefundedOrder = () => import('./UnRefundedOrder');
export const SupplementaryAmount = () => import('./SupplementaryAmount');
