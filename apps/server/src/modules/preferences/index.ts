/** The face of modules/preferences: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { preferenceRoutes } from './routes.ts';
