/** The face of modules/claims: what other rooms may use of it (docs/architecture.md). */
export { claimRoutes } from './routes.ts';
