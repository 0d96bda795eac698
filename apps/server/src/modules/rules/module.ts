import type { ModuleDeclaration } from '../../declaration.ts';
import { ruleRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [ruleRoutes(ctx)] });
