import type { ModuleDeclaration } from '../../declaration.ts';
import { chargeOnFirstScan } from './first-scan.ts';
import { sweepLapsedReturns } from './lapse.ts';
import { keepQrCode } from './qr-code.ts';
import { setDeferredCommission } from './repo.ts';
import { returnRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [returnRoutes(ctx)],
  hooks: {
    // A pay-on-use return is charged at its first scan, in the transaction that records the scan (an order
    // tracking read as not a return is not read again).
    parcelNews: {
      recorded: (trx, news) =>
        news.scanned && (news.order?.kind ?? 'return') === 'return'
          ? chargeOnFirstScan(trx, news.orderId)
          : Promise.resolve(),
    },
    purchase: {
      // Its proxy's commission is kept unpaid with the return, credited with the charge at the first scan.
      payOnUse: (db, placed) => setDeferredCommission(db, placed.orderId, placed.proxy),
      // The carrier's QR code of a return label, for the return link's page.
      qrCode: (ctx, label) => keepQrCode(ctx, label.orderId, label.bytes),
    },
  },
  sweeps: [{ name: 'voided pay-on-use returns that lapsed unused', run: (ctx) => sweepLapsedReturns(ctx) }],
});
