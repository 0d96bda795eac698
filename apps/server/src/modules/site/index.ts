/** The face of modules/site: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { siteRoutes } from './routes.ts';
