/** The face of modules/site: what other rooms may use of it (docs/architecture.md). */
export { siteRoutes } from './routes.ts';
