/** The face of modules/api-log: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { apiLogRoutes } from './routes.ts';
export { apiLogSink, pruneApiLogSweep } from './service.ts';
