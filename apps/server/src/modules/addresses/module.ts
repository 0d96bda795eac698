import type { ModuleDeclaration } from '../../declaration.ts';
import { addressCheckRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [addressCheckRoutes(ctx)] });
