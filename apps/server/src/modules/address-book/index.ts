/** The face of modules/address-book: what other rooms may use of it (docs/architecture.md). */
export { defaultSenderOf } from './addresses.ts';
export { declareModule } from './module.ts';
export { addressBookRoutes } from './routes.ts';
export type { TemplateRow } from './templates.ts';
export { templatesByIds } from './templates.ts';
