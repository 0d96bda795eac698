import type { ModuleDeclaration } from '../../declaration.ts';
import { fundRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [fundRoutes(ctx)] });
