/** The face of modules/volume: what other rooms may use of it (docs/architecture.md). */
export { declareModule } from './module.ts';
