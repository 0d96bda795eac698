import type { ModuleDeclaration } from '../../declaration.ts';
import { helpRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [helpRoutes(ctx)] });
