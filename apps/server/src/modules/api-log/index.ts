/** The face of modules/api-log: what other rooms may use of it (docs/architecture.md). */
export { apiLogRoutes } from './routes.ts';
export { API_LOG_PRUNE_MS, apiLogSink, pruneApiLogSweep } from './service.ts';
