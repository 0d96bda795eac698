import type { ModuleDeclaration } from '../../declaration.ts';
import { addressRoutes } from './address-routes.ts';
import { ORDER_JOB_HANDLERS } from './batch.ts';
import { batchRoutes } from './batch-routes.ts';
import { followCarrierRefunds } from './carrier-refunds.ts';
import { downloadRoutes } from './download-routes.ts';
import { followParcelNews } from './follow-parcels.ts';
import { importRoutes } from './import-routes.ts';
import { sweepLapsedPurchases } from './purchase-recovery.ts';
import { orderRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [orderRoutes(ctx), addressRoutes(ctx), batchRoutes(ctx), downloadRoutes(ctx), importRoutes(ctx)],
  jobs: ORDER_JOB_HANDLERS,
  hooks: { parcelNews: followParcelNews },
  sweeps: [
    { name: 'refunded label purchases whose instance stopped', run: (ctx) => sweepLapsedPurchases(ctx) },
    { name: 'followed the carriers on the refunds of voided labels', run: (ctx) => followCarrierRefunds(ctx) },
  ],
});
