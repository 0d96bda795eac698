import type { ModuleDeclaration } from '../../declaration.ts';
import { tagRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [tagRoutes(ctx)] });
