/** The face of modules/rules: what other rooms may use of it (docs/architecture.md). */

export type { ArrivalContext, PresetParcel } from './arrival.ts';
export { prepareArrivals, presetParcelsOf } from './arrival.ts';
export { declareModule } from './module.ts';
export { ruleRoutes } from './routes.ts';
