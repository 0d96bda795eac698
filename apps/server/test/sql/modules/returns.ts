import * as returns from '../../../src/modules/returns/repo.ts';
import * as returnOrders from '../../../src/modules/returns/return-orders-repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT, NOW, ORDER, STAFF } from '../values.ts';

const RETURN = ORDER + 1;

export default [
  repo('modules/returns/repo.ts', returns, {
    insertReturn: [
      ex('a return of an order', (db) =>
        returns.insertReturn(db, {
          order_id: RETURN,
          user_id: MERCHANT,
          outbound_id: ORDER,
          link_hash: 'c0ffee',
          link_sealed: 'sealed',
        }),
      ),
    ],
    returnOf: [ex('an order', (db) => returns.returnOf(db, RETURN))],
    returnByLinkHash: [ex('a link', (db) => returns.returnByLinkHash(db, 'c0ffee'))],
    returnsOfOutbound: [ex('an order', (db) => returns.returnsOfOutbound(db, ORDER))],
    setPayment: [
      ex('pay on use, before purchase', (db) =>
        returns.setPayment(db, RETURN, { payOnUse: true, validUntil: NOW + 30 * 86_400_000 }, true),
      ),
      ex('paid, after purchase', (db) => returns.setPayment(db, RETURN, { payOnUse: false, validUntil: null }, false)),
    ],
    setDeferredCommission: [
      ex("a proxy's", (db) => returns.setDeferredCommission(db, RETURN, { id: STAFF, commissionCents: 50 })),
      ex('none', (db) => returns.setDeferredCommission(db, RETURN, null)),
    ],
    markUsed: [ex('a return', (db) => returns.markUsed(db, RETURN, NOW))],
    lapsedReturns: [ex('a sweep', (db) => returns.lapsedReturns(db, NOW, 100))],
    markLapsed: [ex('a return', (db) => returns.markLapsed(db, RETURN, NOW))],
    setQrFile: [ex('a return', (db) => returns.setQrFile(db, RETURN, 'qr-1002.png'))],
  }),
  repo('modules/returns/return-orders-repo.ts', returnOrders, {
    channelPlatforms: [ex('two channels', (db) => returnOrders.channelPlatforms(db, [3, 4]))],
    demoFlagOfChannel: [ex('a channel', (db) => returnOrders.demoFlagOfChannel(db, 3))],
    trackedParcelsOf: [ex('an order', (db) => returnOrders.trackedParcelsOf(db, RETURN))],
  }),
];
