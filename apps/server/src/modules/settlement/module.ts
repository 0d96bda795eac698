import type { ModuleDeclaration } from '../../declaration.ts';
import { followCarrierRefunds } from './carrier-refunds.ts';
import { settlementRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [settlementRoutes(ctx)],
  sweeps: [{ name: 'followed the carriers on the refunds of voided labels', run: (ctx) => followCarrierRefunds(ctx) }],
});
