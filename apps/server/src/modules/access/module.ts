import type { ModuleDeclaration } from '../../declaration.ts';
import { accessRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [accessRoutes(ctx)] });
