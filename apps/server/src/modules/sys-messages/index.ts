/** The face of modules/sys-messages: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { sysMessageRoutes } from './routes.ts';
