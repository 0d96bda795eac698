import type { ModuleDeclaration } from '../../declaration.ts';
import { auditRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [auditRoutes(ctx)] });
