/** The face of modules/health: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { healthRoutes } from './routes.ts';
