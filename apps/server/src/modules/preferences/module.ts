import type { ModuleDeclaration } from '../../declaration.ts';
import { preferenceRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [preferenceRoutes(ctx)] });
