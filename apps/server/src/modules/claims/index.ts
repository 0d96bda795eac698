/** The face of modules/claims: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { claimRoutes } from './routes.ts';
