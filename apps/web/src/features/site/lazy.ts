/**
 * The screens of site, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const HomePage = () => import('./HomePage');
export const PolicyPage = () => import('./PolicyPage');
export const AuthResultPage = () => import('./AuthResultPage');
export const WordView = () => import('./WordView');
