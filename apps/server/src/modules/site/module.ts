import type { ModuleDeclaration } from '../../declaration.ts';
import { siteRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [siteRoutes(ctx)] });
