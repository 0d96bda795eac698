import type { ModuleDeclaration } from '../../declaration.ts';
import { unusedLabelRoutes } from './routes.ts';
import { sweepUnusedLabels } from './service.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [unusedLabelRoutes(ctx)],
  sweeps: [{ name: 'warned of, voided and refunded unused labels', run: (ctx) => sweepUnusedLabels(ctx) }],
});
