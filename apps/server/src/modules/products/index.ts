/** The face of modules/products: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export type { ProductRow } from './repo.ts';
export { addSeenProducts, presetsOf } from './repo.ts';
export { productRoutes } from './routes.ts';
