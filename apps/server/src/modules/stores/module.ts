import type { ModuleDeclaration } from '../../declaration.ts';
import { pushFulfilments } from './push.ts';
import { storeRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [storeRoutes(ctx)],
  sweeps: [{ name: 'told online stores of labels bought and voided', run: (ctx) => pushFulfilments(ctx) }],
});
