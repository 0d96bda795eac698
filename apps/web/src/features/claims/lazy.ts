/**
 * The screens of claims, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const Claims = () => import('./Claims');
export const ClaimQueue = () => import('./ClaimQueue');
export const ClaimDecision = () => import('./ClaimDecision');
