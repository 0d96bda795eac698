import type { ModuleDeclaration } from '../../declaration.ts';
import { teamRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [teamRoutes(ctx)] });
