/** The face of modules/rules: what other rooms may use of it (docs/architecture.md). */

export type { PresetParcel } from './arrival.ts';
export { presetParcelsOf } from './arrival.ts';
export { declareModule } from './module.ts';
export { ruleRoutes } from './routes.ts';
