/** The face of modules/pricing: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { insertDefaultPriceRule } from './repo.ts';
export { pricingRoutes } from './routes.ts';
export type { Priced } from './service.ts';
export { loadCustomerPricing, loadPricing, loadProxyPricing } from './service.ts';
