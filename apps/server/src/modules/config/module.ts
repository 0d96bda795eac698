import type { ModuleDeclaration } from '../../declaration.ts';
import { configRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [configRoutes(ctx)] });
