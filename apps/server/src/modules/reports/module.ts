import type { ModuleDeclaration } from '../../declaration.ts';
import { reportRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [reportRoutes(ctx)] });
