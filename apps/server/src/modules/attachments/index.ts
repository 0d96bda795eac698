/** The face of modules/attachments: what other rooms may use of it (docs/architecture.md). */
export { databaseStorage } from './database-storage.ts';
export { declareModule } from './module.ts';
export { findAttachment } from './repo.ts';
export { attachmentRoutes } from './routes.ts';
export { diskStorage } from './storage.ts';
