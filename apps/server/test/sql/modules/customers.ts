import * as customers from '../../../src/modules/customers/repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, DAY, MERCHANT, NOW, OWNED, PAGE, STAFF } from '../values.ts';

const MONTH = { from: NOW - 30 * DAY, to: NOW };

export default [
  repo('modules/customers/repo.ts', customers, {
    proxyFigures: [
      ex('all time', (db) => customers.proxyFigures(db, [STAFF, STAFF + 1], {})),
      ex('a month', (db) => customers.proxyFigures(db, [STAFF, STAFF + 1], MONTH)),
    ],
    proxyCustomerFigures: [
      ex('all time', (db) => customers.proxyCustomerFigures(db, STAFF, [MERCHANT, MERCHANT + 1], {})),
      ex('a month', (db) => customers.proxyCustomerFigures(db, STAFF, [MERCHANT, MERCHANT + 1], MONTH)),
    ],
    warehouseFigures: [
      ex('all time', (db) => customers.warehouseFigures(db, [MERCHANT, MERCHANT + 1], {})),
      ex('a month', (db) => customers.warehouseFigures(db, [MERCHANT, MERCHANT + 1], MONTH)),
    ],
    warehouseMerchants: [
      ex('all time', (db) => customers.warehouseMerchants(db, MERCHANT, {})),
      ex('a month', (db) => customers.warehouseMerchants(db, MERCHANT, MONTH)),
    ],
    proxyPage: [
      ex('any account', (db) => customers.proxyPage(db, ANY_ACCOUNT, PAGE)),
      ex('owned accounts, by keyword', (db) => customers.proxyPage(db, OWNED, { ...PAGE, keyword: 'ada' })),
    ],
  }),
];
