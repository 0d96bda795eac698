/** The face of modules/config: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { configRoutes } from './routes.ts';
export { RuntimeSettings, settingDefaults } from './runtime.ts';
