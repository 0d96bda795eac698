import type { ModuleDeclaration } from '../../declaration.ts';
import { workOrderRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [workOrderRoutes(ctx)] });
