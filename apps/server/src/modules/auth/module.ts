import type { ModuleDeclaration } from '../../declaration.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { authRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [authRoutes(ctx), apiKeyRoutes(ctx)] });
