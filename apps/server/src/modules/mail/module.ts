import type { ModuleDeclaration } from '../../declaration.ts';
import { mailRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [mailRoutes(ctx)] });
