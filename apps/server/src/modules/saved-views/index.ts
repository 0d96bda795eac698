/** The face of modules/saved-views: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { savedViewRoutes } from './routes.ts';
