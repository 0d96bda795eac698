/** The face of modules/menu: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { menuRoutes } from './routes.ts';
