/**
 * The screens of team, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const Members = () => import('./Members');
export const ChangeHistory = () => import('./ChangeHistory');
