import type { ModuleDeclaration } from '../../declaration.ts';
import { adminUserRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [adminUserRoutes(ctx)] });
