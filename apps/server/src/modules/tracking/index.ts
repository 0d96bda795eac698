/** The face of modules/tracking: what other rooms may use of it (docs/architecture.md). */

export { applyEvents } from './apply.ts';
export { trackingPageUrl } from './lookup.ts';
export { declareModule } from './module.ts';
export { trackingPageRoutes } from './page-routes.ts';
export { trackingProviders } from './providers.ts';
export { expectedDelivery } from './public-page.ts';
export { storedEvents } from './repo.ts';
export { trackingRoutes } from './routes.ts';
export { startTrackingRefresh } from './service.ts';
export { STEPS } from './simulated.ts';
