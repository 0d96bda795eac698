/** The face of modules/help: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { helpRoutes } from './routes.ts';
