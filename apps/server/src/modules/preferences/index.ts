/** The face of modules/preferences: what other rooms may use of it (docs/architecture.md). */
export { preferenceRoutes } from './routes.ts';
