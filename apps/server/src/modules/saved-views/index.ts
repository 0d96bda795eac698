/** The face of modules/saved-views: what other rooms may use of it (docs/architecture.md). */
export { savedViewRoutes } from './routes.ts';
