/** The face of modules/docs: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { docsRoutes } from './routes.ts';
