import type { ModuleDeclaration } from '../../declaration.ts';
import { sysMessageRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [sysMessageRoutes(ctx)] });
