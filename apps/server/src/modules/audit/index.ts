/** The face of modules/audit: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { auditRoutes } from './routes.ts';
