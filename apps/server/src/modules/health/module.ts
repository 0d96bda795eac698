import type { ModuleDeclaration } from '../../declaration.ts';
import { healthRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [healthRoutes(ctx)] });
