import type { ModuleDeclaration } from '../../declaration.ts';
import { userRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [userRoutes(ctx)] });
