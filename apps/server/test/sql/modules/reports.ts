import * as reports from '../../../src/modules/reports/repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, DAY, NOW, OWN, OWNED, STAFF } from '../values.ts';

const MONTH = { from: NOW - 30 * DAY, to: NOW, currency: 'USD' } as const;
const TEST_KEY = { ...OWN, test: true };

export default [
  repo('modules/reports/repo.ts', reports, {
    totals: [
      ex('any account', (db) => reports.totals(db, ANY_ACCOUNT, MONTH)),
      ex('own, with a test key', (db) => reports.totals(db, TEST_KEY, MONTH)),
      ex('owned accounts', (db) => reports.totals(db, OWNED, MONTH)),
    ],
    perDay: [
      ex('any account', (db) => reports.perDay(db, ANY_ACCOUNT, MONTH)),
      ex('own', (db) => reports.perDay(db, OWN, MONTH)),
    ],
    perDayAndSeller: [
      ex('two sellers', (db) => reports.perDayAndSeller(db, ANY_ACCOUNT, MONTH), [
        [
          { day: 19_675, owner_id: STAFF, labels: 3, sales: 2550 },
          { day: 19_675, owner_id: null, labels: 1, sales: 850 },
        ],
      ]),
    ],
    perDayAndCustomerOf: [
      ex("a seller's customers", (db) => reports.perDayAndCustomerOf(db, ANY_ACCOUNT, MONTH, STAFF)),
    ],
    sellerFigures: [
      ex('every seller', (db) => reports.sellerFigures(db, ANY_ACCOUNT, MONTH), [[{ id: STAFF, username: 'seller' }]]),
      ex('the seller asking', (db) => reports.sellerFigures(db, OWNED, MONTH), [[{ id: STAFF, username: 'seller' }]]),
    ],
    ordersInFlight: [
      ex('any account', (db) => reports.ordersInFlight(db, ANY_ACCOUNT)),
      ex('own, with a test key', (db) => reports.ordersInFlight(db, TEST_KEY)),
      ex('owned accounts', (db) => reports.ordersInFlight(db, OWNED)),
    ],
    openWorkOrders: [
      ex('any account', (db) => reports.openWorkOrders(db, ANY_ACCOUNT)),
      ex('owned accounts', (db) => reports.openWorkOrders(db, OWNED)),
    ],
  }),
];
