/** The face of modules/tags: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { addOrderTags, checkOwnTags, tagsOfOrders } from './repo.ts';
export { tagRoutes } from './routes.ts';
