/** The face of modules/returns: what other rooms may use of it (docs/architecture.md). */
export { chargeOnFirstScan } from './first-scan.ts';
export { sweepLapsedReturns } from './lapse.ts';
export { declareModule } from './module.ts';
export { returnRoutes } from './routes.ts';
