import type { ModuleDeclaration } from '../../declaration.ts';
import { claimRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [claimRoutes(ctx)] });
