/** The face of modules/branding: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { brandRowOf, setNoticeLocale } from './repo.ts';
export { brandingRoutes } from './routes.ts';
export type { EffectiveBrand } from './service.ts';
export { effectiveBrand, logoOf } from './service.ts';
