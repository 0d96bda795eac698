/** The face of modules/unused-labels: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { unusedLabelRoutes } from './routes.ts';
export { sweepUnusedLabels } from './service.ts';
