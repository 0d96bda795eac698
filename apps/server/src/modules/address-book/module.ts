import type { ModuleDeclaration } from '../../declaration.ts';
import { addressBookRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [addressBookRoutes(ctx)] });
