import type { ModuleDeclaration } from '../../declaration.ts';
import { savedViewRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [savedViewRoutes(ctx)] });
