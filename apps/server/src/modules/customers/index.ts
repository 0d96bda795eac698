/** The face of modules/customers: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { customerRoutes } from './routes.ts';
