import type { ModuleDeclaration } from '../../declaration.ts';
import { sweepLapsedPurchases } from './purchase-recovery.ts';
import { purchaseRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [purchaseRoutes(ctx)],
  sweeps: [{ name: 'refunded label purchases whose instance stopped', run: (ctx) => sweepLapsedPurchases(ctx) }],
});
