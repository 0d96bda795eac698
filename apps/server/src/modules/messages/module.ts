import type { ModuleDeclaration } from '../../declaration.ts';
import { messageRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [messageRoutes(ctx)] });
