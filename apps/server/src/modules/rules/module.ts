import type { ModuleDeclaration } from '../../declaration.ts';
import { prepareArrivals } from './arrival.ts';
import { ruleRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [ruleRoutes(ctx)],
  hooks: { arrival: prepareArrivals },
});
