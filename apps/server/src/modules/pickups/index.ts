/** The face of modules/pickups: what other rooms may use of it (docs/architecture.md). */
export { pickupRoutes } from './routes.ts';
