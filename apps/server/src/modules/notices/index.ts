/** The face of modules/notices: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { noticeRoutes } from './routes.ts';
export { noticeRecipient } from './service.ts';
