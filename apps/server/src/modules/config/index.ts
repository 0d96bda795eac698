/** The face of modules/config: what other rooms may use of it (docs/architecture.md). */
export { configRoutes } from './routes.ts';
export { RuntimeSettings, settingDefaults } from './runtime.ts';
