import * as products from '../../../src/modules/products/repo.ts';
import { ex, noSql, repo } from '../examples.ts';
import { MERCHANT, NOW, PAGE } from '../values.ts';

const PRODUCT = {
  sku: 'MUG-01',
  name: 'Mug',
  weight: 12,
  length: 5,
  width: 5,
  height: 5,
  massUnit: 'oz',
  distanceUnit: 'in',
  templateId: null,
  customs: { description: 'Ceramic mug', hsCode: '6912.00', originCountry: 'US', value: 1200 },
} as const;
const SAVED = [[{ id: 20, sku: 'MUG-01', customs: '{}', updated_at: NOW }]];

export default [
  repo('modules/products/repo.ts', products, {
    productOf: noSql("a product's view of its row"),
    listProducts: [
      ex('first page', (db) => products.listProducts(db, MERCHANT, PAGE)),
      ex('by keyword', (db) => products.listProducts(db, MERCHANT, { ...PAGE, keyword: 'mug' })),
    ],
    saveProduct: [
      ex('a new product', (db) => products.saveProduct(db, MERCHANT, PRODUCT), SAVED),
      ex('a changed product', (db) => products.saveProduct(db, MERCHANT, PRODUCT, 20), SAVED),
    ],
    deleteProducts: [ex('two products', (db) => products.deleteProducts(db, MERCHANT, [20, 21]))],
    addSeenProducts: [
      ex('two items', (db) =>
        products.addSeenProducts(db, MERCHANT, [
          { sku: 'MUG-01', name: 'Mug', weight: { value: 12, unit: 'oz' } },
          { sku: 'CAP-02', name: 'Cap' },
        ]),
      ),
    ],
    presetsOf: [ex('two SKUs', (db) => products.presetsOf(db, MERCHANT, ['MUG-01', 'CAP-02']))],
  }),
];
