import type { ModuleDeclaration } from '../../declaration.ts';
import { customerRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [customerRoutes(ctx)] });
