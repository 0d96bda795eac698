import type { ModuleDeclaration } from '../../declaration.ts';
import { attachmentRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [attachmentRoutes(ctx)] });
