/** The face of modules/messages: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { notifyHoldersOf, notifyUser } from './repo.ts';
export { messageRoutes } from './routes.ts';
