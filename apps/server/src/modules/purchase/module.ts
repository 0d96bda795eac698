import type { ModuleDeclaration } from '../../declaration.ts';
import { sweepLapsedPurchases } from './purchase-recovery.ts';
import { purchaseRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [purchaseRoutes(ctx)],
  sweeps: [
    {
      name: 'settled label purchases whose claim lapsed (their instance stopped, or the carrier left the purchase unanswered)',
      run: (ctx) => sweepLapsedPurchases(ctx),
    },
  ],
});
