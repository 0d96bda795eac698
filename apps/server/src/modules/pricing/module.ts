import type { ModuleDeclaration } from '../../declaration.ts';
import { pricingRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [pricingRoutes(ctx)] });
