/** The face of modules/stores: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { pushFulfilments } from './push.ts';
export { storeRoutes } from './routes.ts';
