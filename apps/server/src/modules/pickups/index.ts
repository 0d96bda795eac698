/** The face of modules/pickups: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { pickupRoutes } from './routes.ts';
