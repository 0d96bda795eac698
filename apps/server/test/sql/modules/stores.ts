import * as push from '../../../src/modules/stores/push-repo.ts';
import * as stores from '../../../src/modules/stores/repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, NOW, OWN, OWNED, PAGE } from '../values.ts';

const STORE = 4;
const STORE_ORDER = {
  external_name: '#1001',
  external_updated_at: '2023-11-14T22:00:00Z',
  order_id: 1001,
  error: null,
  synced_at: NOW,
};

export default [
  repo('modules/stores/repo.ts', stores, {
    insertStore: [
      ex(
        'a store connecting',
        (db) =>
          stores.insertStore(
            db,
            {
              userId: MERCHANT,
              platform: 'shopify',
              name: 'Mugs',
              account: 'mugs.myshopify.com',
              status: 'connecting',
            },
            { oauth_state: 'state-1' },
          ),
        [[{ id: STORE }]],
      ),
    ],
    updateStore: [ex('its status', (db) => stores.updateStore(db, STORE, { status: 'active', oauth_state: null }))],
    storeById: [ex('by id', (db) => stores.storeById(db, STORE))],
    ownStore: [ex('by id', (db) => stores.ownStore(db, MERCHANT, STORE))],
    liveStoreAt: [ex('a shop', (db) => stores.liveStoreAt(db, 'shopify', 'mugs.myshopify.com'))],
    storeByOauthState: [ex('a state', (db) => stores.storeByOauthState(db, 'state-1'))],
    storesOf: [ex('a merchant with a store', (db) => stores.storesOf(db, MERCHANT), [[{ id: STORE }]])],
    staffStores: [
      ex('any account', (db) => stores.staffStores(db, ANY_ACCOUNT, PAGE), [[{ id: STORE }]]),
      ex('own, every filter', (db) =>
        stores.staffStores(db, OWN, { ...PAGE, keyword: 'mugs', platform: 'shopify', status: 'failing' }),
      ),
      ex('owned accounts', (db) => stores.staffStores(db, OWNED, PAGE)),
    ],
    storeOrderOf: [ex('an external order', (db) => stores.storeOrderOf(db, STORE, 'gid://shopify/Order/1'))],
    storeOrdersPage: [
      ex('every order', (db) => stores.storeOrdersPage(db, STORE, PAGE)),
      ex('failing only', (db) => stores.storeOrdersPage(db, STORE, { ...PAGE, failingOnly: true })),
    ],
    setStoreOrder: [ex('fulfilled', (db) => stores.setStoreOrder(db, 12, { fulfilment: 'fulfilled', synced_at: NOW }))],
    insertStoreOrder: [
      ex('an order', (db) =>
        stores.insertStoreOrder(db, {
          ...STORE_ORDER,
          store_id: STORE,
          external_id: 'gid://shopify/Order/1',
          created_at: NOW,
        }),
      ),
    ],
    keepStoreOrderFailure: [
      ex('a failure', (db) =>
        stores.keepStoreOrderFailure(
          db,
          { ...STORE_ORDER, order_id: null, error: '{"key":"storeDraftIncomplete"}' },
          { store_id: STORE, external_id: 'gid://shopify/Order/1', created_at: NOW },
        ),
      ),
    ],
    firstPackageTemplate: [ex('a merchant', (db) => stores.firstPackageTemplate(db, MERCHANT))],
  }),
  repo('modules/stores/push-repo.ts', push, {
    dueStoreOrders: [
      ex('to fulfil, every store', (db) => push.dueStoreOrders(db, 'fulfil', ['pending', 'failed'], undefined, 50)),
      ex('to cancel, one store', (db) => push.dueStoreOrders(db, 'cancel', ['fulfilled'], STORE, 50)),
    ],
    claimStoreOrder: [ex('an order', (db) => push.claimStoreOrder(db, 12, ['pending'], NOW, NOW + 60_000))],
    markAlreadyFulfilled: [ex('an order', (db) => push.markAlreadyFulfilled(db, 12, 'fulfilled in the store'))],
  }),
];
