import type { ModuleDeclaration } from '../../declaration.ts';
import { brandingRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [brandingRoutes(ctx)] });
