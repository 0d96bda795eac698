import type { ModuleDeclaration } from '../../declaration.ts';
import { chargeOnFirstScan } from './first-scan.ts';
import { sweepLapsedReturns } from './lapse.ts';
import { returnRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [returnRoutes(ctx)],
  // A pay-on-use return is charged at its first scan, in the transaction that records the scan.
  hooks: {
    parcelNews: {
      recorded: (trx, news) => (news.scanned ? chargeOnFirstScan(trx, news.orderId) : Promise.resolve()),
    },
  },
  sweeps: [{ name: 'voided pay-on-use returns that lapsed unused', run: (ctx) => sweepLapsedReturns(ctx) }],
});
