import type { ModuleDeclaration } from '../../declaration.ts';
import { menuRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [menuRoutes(ctx)] });
