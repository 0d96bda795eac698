/** The face of modules/reports: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { reportRoutes } from './routes.ts';
