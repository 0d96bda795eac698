import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pushFulfilments } from '../src/modules/stores/push.ts';
import { SHOPIFY_GRAPHQL_ROUTE, type ShopifyStandIn, startShopifyStandIn } from '../standins/shopify.ts';
import { startWooCommerceStandIn, type WooCommerceStandIn } from '../standins/woocommerce.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  fundWallet,
  type Json,
  labelAddress,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

/**
 * Online stores (issue 16, docs/stores.md) against the stand-ins of Shopify's and WooCommerce's documented
 * APIs: Shopify's install with a good, a forged and a replayed callback; orders imported twice, edited in
 * the store, arriving by webhook; tracking pushed back when a label is bought and taken back when it is
 * voided; a store that rate-limits; disconnecting; and other merchants kept out.
 */

const APP = { clientId: 'test-app-client', clientSecret: 'test-app-secret' };
const SHOP = 'demo-store.myshopify.com';

let t: TestApp;
let shopify: ShopifyStandIn;
let woo: WooCommerceStandIn;
let admin: string;

beforeAll(async () => {
  shopify = await startShopifyStandIn(APP);
  woo = await startWooCommerceStandIn();
  t = await startApp({
    publicUrl: 'https://parcelport.test',
    secretKey: Buffer.alloc(32, 9).toString('base64'),
    storeAllowedHosts: ['127.0.0.1'],
    // The push is run by the tests themselves (pushFulfilments), not by the instance's sweep.
    sweepMs: 3_600_000,
  });
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  const saved = await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/config/update',
    payload: {
      shopify: { ...APP, shopOrigin: `${shopify.url}/shops/{shop}` },
    } as Json,
  });
  expect(saved.statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await shopify?.close();
  await woo?.close();
});

/** A merchant with a default sender and (unless told) a package template, as its stores' drafts start from them. */
async function merchant({ template = true } = {}) {
  const customer = await createActiveCustomer(t, admin);
  await call(t.app, customer.token, {
    method: 'POST',
    url: '/api/app/user/address',
    payload: {
      title: 'Warehouse',
      ...labelAddress('90210', 'Beverly Hills', 'CA'),
      phone: '+1 310 555 0100',
      isDefaultSender: true,
    },
  });
  if (template)
    await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/user/packageTemplate',
      payload: { name: 'Box', quantity: 1, length: 10, width: 8, height: 4, weight: 1, unit: 'lb/in' },
    });
  return customer;
}

const storesOf = async (token: string) =>
  (await call(t.app, token, { method: 'GET', url: '/api/app/stores' })).json().data as Json[];

const storeOrders = async (token: string, id: number, query = '') =>
  (await call(t.app, token, { method: 'GET', url: `/api/app/stores/${id}/orders?pageSize=50${query}` })).json().data;

const draftsOf = (userId: number) =>
  t.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** Follows Shopify's install page as the merchant's browser would; answers where the callback sends it. */
async function install(authorizeUrl: string, action: 'install' | 'cancel', tamper?: (query: URLSearchParams) => void) {
  const page = await (await fetch(authorizeUrl)).text();
  const href = new RegExp(`id="${action}" href="([^"]+)"`).exec(page)?.[1]?.replaceAll('&amp;', '&');
  expect(href, 'the install page links the choice').toBeTruthy();
  const back = await fetch(href as string, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const callback = new URL(back.headers.get('location') as string);
  expect(`${callback.origin}${callback.pathname}`).toBe('https://parcelport.test/api/app/stores/shopify/callback');
  tamper?.(callback.searchParams);
  const res = await call(t.app, null, { method: 'GET', url: `${callback.pathname}?${callback.searchParams}` });
  expect(res.statusCode).toBe(302);
  return res.headers.location as string;
}

/** Signs a callback query with the app's secret, as Shopify does (the test knows the secret it configured). */
function signed(query: URLSearchParams) {
  query.delete('hmac');
  const message = [...query.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  query.set('hmac', createHmac('sha256', APP.clientSecret).update(message).digest('hex'));
}

async function connectShopify(token: string, shop = SHOP) {
  const res = await call(t.app, token, {
    method: 'POST',
    url: '/api/app/stores/shopify',
    payload: { name: 'Demo store', shop: shop.replace('.myshopify.com', '') },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.authorizeUrl as string;
}

/** A webhook delivery the stand-in built (signed as its platform signs it), sent to this app. */
const deliver = (delivery: { address: string; body: string; headers: Record<string, string> }) =>
  call(t.app, null, {
    method: 'POST',
    url: new URL(delivery.address).pathname,
    headers: delivery.headers,
    payload: delivery.body,
  });

/** Buys the cheapest USPS label for a saved draft of the holder of `token`. */
async function buy(token: string, orderId: number) {
  const lines = (
    await call(t.app, token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } })
  ).json().data as Json[];
  const line = lines.find((l) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
  const bought = await call(t.app, token, {
    method: 'POST',
    url: '/api/app/order/label/create',
    payload: { orderId, serviceId: line.serviceId },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json().data.tackNo as string;
}

async function voidLabel(token: string, orderId: number) {
  await call(t.app, token, { method: 'POST', url: '/api/app/order/cancel', payload: { ids: [orderId] } });
  const audit = await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/order/orders/cancelAudit',
    payload: { id: orderId, approve: true },
  });
  expect(audit.statusCode).toBe(200);
}

describe('Shopify', () => {
  let owner: Awaited<ReturnType<typeof merchant>>;
  let storeId: number;

  test("the install: a forged signature and a wrong state are declined, the merchant's approval connects", async () => {
    shopify.addShop(SHOP, { name: 'Demo Store', weightUnit: 'lb' });
    owner = await merchant();
    const authorizeUrl = await connectShopify(owner.token);
    const asked = new URL(authorizeUrl);
    expect(asked.origin + asked.pathname).toBe(`${shopify.url}/shops/${SHOP}/admin/oauth/authorize`);
    expect(asked.searchParams.get('client_id')).toBe(APP.clientId);
    expect(asked.searchParams.get('redirect_uri')).toBe('https://parcelport.test/api/app/stores/shopify/callback');
    expect(asked.searchParams.get('scope')).toContain('write_merchant_managed_fulfillment_orders');
    const [waiting] = await storesOf(owner.token);
    expect(waiting).toMatchObject({ platform: 'shopify', account: SHOP, status: 'connecting' });
    storeId = waiting.id;

    // A callback whose signature is not the app's: nothing is exchanged, the store waits still.
    expect(await install(authorizeUrl, 'install', (query) => query.set('hmac', '0'.repeat(64)))).toBe(
      '/authDeclined?reason=signature',
    );
    // Signed, but for an install nobody began here.
    expect(
      await install(authorizeUrl, 'install', (query) => {
        query.set('state', 'f'.repeat(32));
        signed(query);
      }),
    ).toBe('/authDeclined?reason=state');
    expect((await storesOf(owner.token))[0].status).toBe('connecting');
    expect(shopify.tokens(SHOP)).toHaveLength(0);

    expect(await install(authorizeUrl, 'install')).toBe('/authSuccess');
    const [connected] = await storesOf(owner.token);
    expect(connected).toMatchObject({ id: storeId, status: 'active', lastError: null });
    const [token] = shopify.tokens(SHOP);
    expect(token?.revoked).toBe(false);
    // Sealed at rest: the database holds no token in clear.
    const row = await t.ctx.db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow();
    expect(row.credentials).not.toContain(token?.token);
    expect(row.credentials.startsWith('v1.')).toBe(true);
    expect(
      shopify
        .webhooks(SHOP)
        .map((hook) => [hook.topic, hook.address])
        .sort(),
    ).toEqual([
      ['app/uninstalled', 'https://parcelport.test/api/app/stores/webhooks/shopify'],
      ['orders/create', 'https://parcelport.test/api/app/stores/webhooks/shopify'],
      ['orders/updated', 'https://parcelport.test/api/app/stores/webhooks/shopify'],
    ]);

    // The same callback again: its state answered once already.
    const replayed = new URL(authorizeUrl);
    replayed.searchParams.set('shop', SHOP);
    signed(replayed.searchParams);
    const again = await call(t.app, null, {
      method: 'GET',
      url: `/api/app/stores/shopify/callback?${replayed.searchParams}`,
    });
    expect(again.headers.location).toBe('/authDeclined?reason=state');
  });

  test('orders are imported as drafts once; an order edited in the store updates its draft', async () => {
    // The first sync after connecting ran in the background; wait for it, then add orders after it.
    await expect.poll(async () => (await storesOf(owner.token))[0].lastSyncAt).not.toBeNull();
    const first = shopify.addOrder(SHOP, { name: '#1001' });
    shopify.addOrder(SHOP, { name: '#1002' });
    shopify.addOrder(SHOP, { name: '#1003', fulfillment_status: 'fulfilled' });
    const sync = () => call(t.app, owner.token, { method: 'POST', url: `/api/app/stores/${storeId}/sync` });
    const once = await sync();
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json().data).toMatchObject({ imported: 2, failed: 0, batchNo: expect.stringMatching(/^B\d{13}$/) });
    expect((await sync()).json().data).toMatchObject({ imported: 0, updated: 0, failed: 0, batchNo: null });
    const drafts = await draftsOf(owner.id);
    expect(drafts.map((order) => order.reference1).sort()).toEqual(['#1001', '#1002']);
    // The sync's new drafts share its batch, to be opened and bought together.
    expect(drafts.map((order) => order.batch_no)).toEqual([once.json().data.batchNo, once.json().data.batchNo]);
    expect((await storesOf(owner.token))[0].lastSync).toEqual({
      imported: 0,
      updated: 0,
      incomplete: 0,
      failed: 0,
      batchNo: null,
    });

    const draft = drafts.find((order) => order.reference1 === '#1001');
    const to = JSON.parse(draft?.to_address ?? '{}');
    const address = first.shipping_address;
    expect(to).toMatchObject({ zipCode: address?.zip, city: address?.city, addressLine1: address?.address1 });
    expect(JSON.parse(draft?.from_address ?? '{}')).toMatchObject({ zipCode: '90210' });
    expect(JSON.parse(draft?.extra ?? '{}').description).toContain(first.line_items[0]?.title);
    const parcel = await t.ctx.db
      .selectFrom('parcels')
      .selectAll()
      .where('order_id', '=', Number(draft?.id))
      .executeTakeFirstOrThrow();
    const grams = first.line_items.reduce((sum, item) => sum + item.grams * item.quantity, 0);
    expect(parcel).toMatchObject({ length: 10, width: 8, height: 4, mass_unit: 'lb' });
    expect(parcel.weight).toBeCloseTo(Math.max(0.01, Math.round((grams / 453.59237) * 100) / 100), 2);

    shopify.updateOrder(SHOP, first.id, {
      shipping_address: {
        ...address,
        address1: '1 Infinite Loop',
        city: 'Cupertino',
        zip: '95014',
        province_code: 'CA',
      },
    } as Json);
    expect((await sync()).json().data).toMatchObject({ imported: 0, updated: 1 });
    const updated = await t.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', Number(draft?.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(updated.to_address)).toMatchObject({ addressLine1: '1 Infinite Loop', zipCode: '95014' });
    expect((await draftsOf(owner.id)).length).toBe(2);
  });

  test('the orders/create webhook imports an order once, and a forged one is refused', async () => {
    const order = shopify.addOrder(SHOP, { name: '#1004' });
    const [forged] = shopify.webhookRequests(SHOP, 'orders/create', order, { forge: true });
    const refused = await deliver(forged as Json);
    expect(refused.statusCode).toBe(400);
    expect((await draftsOf(owner.id)).some((draft) => draft.reference1 === '#1004')).toBe(false);

    const [delivery] = shopify.webhookRequests(SHOP, 'orders/create', order);
    expect((await deliver(delivery as Json)).statusCode).toBe(200);
    expect((await deliver(delivery as Json)).statusCode).toBe(200);
    expect((await draftsOf(owner.id)).filter((draft) => draft.reference1 === '#1004')).toHaveLength(1);
  });

  test('a bought label is fulfilled in the shop with its tracking number; voiding it cancels the fulfilment', async () => {
    await fundWallet(t.app, admin, owner.id, '100.00');
    const draft = (await draftsOf(owner.id)).find((order) => order.reference1 === '#1002');
    const tracking = await buy(owner.token, Number(draft?.id));
    // The sweep of every instance pushes too: whichever claims the row first pushes it, and only once.
    await pushFulfilments(t.ctx);
    await expect.poll(() => shopify.fulfillments(SHOP).length).toBe(1);
    await pushFulfilments(t.ctx);
    const fulfilments = shopify.fulfillments(SHOP);
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]).toMatchObject({
      status: 'success',
      tracking_number: tracking,
      tracking_company: 'USPS',
      notify_customer: true,
    });
    expect(fulfilments[0]?.tracking_url).toContain(tracking);
    const row1002 = async () =>
      ((await storeOrders(owner.token, storeId)).list as Json[]).find((row) => row.externalName === '#1002');
    await expect.poll(async () => (await row1002())?.fulfilment).toBe('pushed');
    expect(await row1002()).toMatchObject({
      fulfilment: 'pushed',
      trackingNumber: tracking,
      orderStatus: 1,
      error: null,
    });

    await voidLabel(owner.token, Number(draft?.id));
    await pushFulfilments(t.ctx);
    await expect.poll(() => shopify.fulfillments(SHOP)[0]?.status).toBe('cancelled');
    await expect.poll(async () => (await row1002())?.fulfilment).toBe('cancelled');
  });

  test('an order the store cancels: its draft is cancelled; one whose label was bought is withdrawn, never pushed', async () => {
    const drafted = shopify.addOrder(SHOP, { name: '#1006' });
    const bought = shopify.addOrder(SHOP, { name: '#1007' });
    await call(t.app, owner.token, { method: 'POST', url: `/api/app/stores/${storeId}/sync` });
    const ours = async (name: string) => (await draftsOf(owner.id)).find((order) => order.reference1 === name) as Json;
    await buy(owner.token, Number((await ours('#1007')).id));
    const cancelledAt = new Date().toISOString();
    for (const order of [drafted, bought]) {
      const cancelled = shopify.updateOrder(SHOP, order.id, { cancelled_at: cancelledAt });
      const [delivery] = shopify.webhookRequests(SHOP, 'orders/updated', cancelled);
      expect((await deliver(delivery as Json)).statusCode).toBe(200);
    }
    expect((await ours('#1006')).status).toBe(4);
    expect((await ours('#1007')).status).toBe(1);
    const pushedBefore = shopify.fulfillments(SHOP).length;
    await pushFulfilments(t.ctx);
    await call(t.app, owner.token, { method: 'POST', url: `/api/app/stores/${storeId}/sync` });
    expect(shopify.fulfillments(SHOP).length).toBe(pushedBefore);
    const listed = (await storeOrders(owner.token, storeId)).list as Json[];
    expect(listed.find((row) => row.externalName === '#1007')).toMatchObject({
      fulfilment: 'failed',
      error: 'The store cancelled this order after its label was bought: void the label unless it ships',
    });
    expect(listed.find((row) => row.externalName === '#1006')).toMatchObject({ fulfilment: 'none', error: null });
  });

  test('a shop that rate-limits is waited for as its Retry-After says, and the API log names the store', async () => {
    shopify.addOrder(SHOP, { name: '#1005' });
    shopify.fail(SHOPIFY_GRAPHQL_ROUTE, { kind: 'status', status: 429, retryAfter: '1.0' }, 1);
    const res = await call(t.app, owner.token, { method: 'POST', url: `/api/app/stores/${storeId}/sync` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.imported).toBe(1);
    const logged = await t.ctx.db
      .selectFrom('api_logs')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('outcome', '=', 'rateLimited')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.channel_id).toBeNull();
    const page = (
      await call(t.app, admin, { method: 'GET', url: '/api/admin/maintenance/apiLog?operation=storeOrders' })
    ).json().data;
    expect(page.list.some((entry: Json) => entry.storeName === 'Demo store' && entry.outcome === 'rateLimited')).toBe(
      true,
    );
    // The token never reaches the log.
    const [token] = shopify.tokens(SHOP);
    expect(JSON.stringify(logged)).not.toContain(token?.token);
  });

  test('another merchant can neither take the shop nor touch the store; staff see it with its owner', async () => {
    const other = await merchant();
    const taken = await call(t.app, other.token, {
      method: 'POST',
      url: '/api/app/stores/shopify',
      payload: { name: 'Mine now', shop: SHOP },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().data.fields.shop).toBe('This store is already connected to another account');
    for (const [method, url] of [
      ['POST', `/api/app/stores/${storeId}/sync`],
      ['GET', `/api/app/stores/${storeId}/orders`],
      ['DELETE', `/api/app/stores/${storeId}`],
    ] as const)
      expect((await call(t.app, other.token, { method, url })).statusCode, `${method} ${url}`).toBe(404);
    expect(await storesOf(other.token)).toEqual([]);
    expect((await storesOf(owner.token))[0].status).toBe('active');

    const staff = (await call(t.app, admin, { method: 'GET', url: `/api/admin/stores?keyword=${owner.email}` })).json()
      .data;
    expect(staff.list).toEqual([
      expect.objectContaining({ id: storeId, userEmail: owner.email, platform: 'shopify', status: 'active' }),
    ]);
    expect((await call(t.app, other.token, { method: 'GET', url: '/api/admin/stores' })).statusCode).toBe(403);
  });

  test('disconnecting removes the webhooks and revokes the token; the drafts stay', async () => {
    const drafts = (await draftsOf(owner.id)).length;
    const res = await call(t.app, owner.token, { method: 'DELETE', url: `/api/app/stores/${storeId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('disconnected');
    expect(shopify.webhooks(SHOP)).toEqual([]);
    expect(shopify.tokens(SHOP).every((token) => token.revoked)).toBe(true);
    const row = await t.ctx.db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow();
    expect(row.credentials).toBe('');
    expect((await draftsOf(owner.id)).length).toBe(drafts);
    const sync = await call(t.app, owner.token, { method: 'POST', url: `/api/app/stores/${storeId}/sync` });
    expect(sync.statusCode).toBe(409);
  });

  test('a merchant removing the app in Shopify disconnects the store (app/uninstalled, signed)', async () => {
    const shop = 'third-shop.myshopify.com';
    shopify.addShop(shop);
    const customer = await merchant();
    expect(await install(await connectShopify(customer.token, shop), 'install')).toBe('/authSuccess');
    const [delivery] = shopify.webhookRequests(shop, 'app/uninstalled');
    const res = await deliver(delivery as Json);
    expect(res.statusCode).toBe(200);
    const [store] = await storesOf(customer.token);
    expect(store.status).toBe('disconnected');
    const row = await t.ctx.db.selectFrom('stores').selectAll().where('id', '=', store.id).executeTakeFirstOrThrow();
    expect(row.credentials).toBe('');
  });

  test('a draft lacking its size names the fields and why, counted to complete, apart from the orders that failed', async () => {
    const shop = 'bare-shop.myshopify.com';
    shopify.addShop(shop);
    const customer = await merchant({ template: false });
    expect(await install(await connectShopify(customer.token, shop), 'install')).toBe('/authSuccess');
    const [store] = await storesOf(customer.token);
    await expect.poll(async () => (await storesOf(customer.token))[0].lastSyncAt).not.toBeNull();
    shopify.addOrder(shop, { name: '#2001' });
    shopify.addOrder(shop, { name: '#2002', shipping_address: null });
    const sync = await call(t.app, customer.token, { method: 'POST', url: `/api/app/stores/${store.id}/sync` });
    expect(sync.json().data).toMatchObject({ imported: 1, incomplete: 1, failed: 1 });

    const orders = (await storeOrders(customer.token, store.id)).list as Json[];
    const sized = orders.find((order) => order.externalName === '#2001');
    // The items weigh something: only the size lacks, for want of a package template.
    expect(sized).toMatchObject({ error: null, orderId: expect.any(Number) });
    expect(sized.missing).toEqual(
      ['length', 'width', 'height'].map((side) => ({ path: `parcels.0.${side}`, cause: 'noPackageTemplate' })),
    );
    const unaddressed = orders.find((order) => order.externalName === '#2002');
    expect(unaddressed).toMatchObject({ orderId: null, missing: null, error: expect.stringContaining('address') });

    // The row counts as the sync did: one draft to complete, one order that failed.
    const [counted] = await storesOf(customer.token);
    expect(counted).toMatchObject({ ordersImported: 1, ordersIncomplete: 1, ordersFailing: 1 });
    expect(counted.lastSync).toMatchObject({ imported: 1, incomplete: 1, failed: 1 });

    // A row kept before causes were written (its fields one joined string) still reads, causes unknown.
    await t.ctx.db
      .updateTable('store_orders')
      .set({
        error: JSON.stringify({ key: 'storeDraftIncomplete', params: { fields: 'parcels.0.length, to.phone' } }),
      })
      .where('id', '=', sized.id)
      .execute();
    const [kept] = (await storeOrders(customer.token, store.id)).list.filter((order: Json) => order.id === sized.id);
    expect(kept.missing).toEqual([
      { path: 'parcels.0.length', cause: null },
      { path: 'to.phone', cause: null },
    ]);
    expect((await storesOf(customer.token))[0]).toMatchObject({ ordersIncomplete: 1, ordersFailing: 1 });
  });

  test('the merchant declining the install leaves no store connected', async () => {
    const shop = 'other-shop.myshopify.com';
    shopify.addShop(shop);
    const customer = await merchant();
    expect(await install(await connectShopify(customer.token, shop), 'cancel')).toBe('/authDeclined?reason=declined');
    expect((await storesOf(customer.token))[0].status).toBe('disconnected');
    expect(shopify.tokens(shop)).toHaveLength(0);
  });
});

describe('WooCommerce', () => {
  let owner: Awaited<ReturnType<typeof merchant>>;
  let storeId: number;
  let keys: { siteUrl: string; consumerKey: string; consumerSecret: string };

  test('connecting checks the keys and the address before anything is kept', async () => {
    // A US store: WooCommerce's option woocommerce_weight_unit says `lbs`.
    keys = woo.addSite('demo', { weightUnit: 'lbs' });
    owner = await merchant();
    const connect = (body: Record<string, string>) =>
      call(t.app, owner.token, {
        method: 'POST',
        url: '/api/app/stores/woocommerce',
        payload: { name: 'Woo shop', ...body },
      });
    const wrong = await connect({ ...keys, consumerSecret: `cs_${'0'.repeat(40)}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.fields.consumerKey).toContain('refused');
    const malformed = await connect({ ...keys, consumerKey: 'ck_short' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().data.fields)).toEqual(['consumerKey']);
    const internal = await connect({ ...keys, siteUrl: 'http://10.0.0.8/shop' });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().data.fields.siteUrl).toContain('private');
    expect(await storesOf(owner.token)).toEqual([]);

    const res = await connect(keys);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ platform: 'woocommerce', account: keys.siteUrl, status: 'active' });
    storeId = res.json().data.id;
    const row = await t.ctx.db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow();
    expect(row.weight_unit).toBe('lb');
    expect(
      woo
        .webhooks('demo')
        .map((hook) => hook.topic)
        .sort(),
    ).toEqual(['order.created', 'order.updated']);
    expect(woo.webhooks('demo')[0]?.delivery_url).toBe(
      `https://parcelport.test/api/app/stores/webhooks/woocommerce/${storeId}`,
    );
    await expect.poll(async () => (await storesOf(owner.token))[0].lastSyncAt).not.toBeNull();
  });

  test('orders come in weighed from their products, by sync and by signed webhook, once', async () => {
    const order = woo.addOrder('demo');
    const sync = await call(t.app, owner.token, { method: 'POST', url: `/api/app/stores/${storeId}/sync` });
    expect(sync.json().data).toMatchObject({ imported: 1, failed: 0 });
    const [draft] = (await draftsOf(owner.id)).filter((row) => row.reference1 === `#${order.number}`);
    const parcel = await t.ctx.db
      .selectFrom('parcels')
      .selectAll()
      .where('order_id', '=', Number(draft?.id))
      .executeTakeFirstOrThrow();
    const products = new Map(woo.products('demo').map((product) => [product.id, Number(product.weight)]));
    // The products weigh in pounds, as the store's unit says: the parcel weighs what they add up to.
    const pounds = order.line_items.reduce(
      (sum, item) => sum + (products.get(item.product_id) ?? 0) * item.quantity,
      0,
    );
    expect(parcel.weight).toBeCloseTo(Math.round(pounds * 100) / 100, 2);

    const fresh = woo.addOrder('demo');
    const [forged] = woo.webhookRequests('demo', 'order.created', fresh, { forge: true });
    expect((await deliver(forged as Json)).statusCode).toBe(400);
    const [delivery] = woo.webhookRequests('demo', 'order.created', fresh);
    expect((await deliver(delivery as Json)).statusCode).toBe(200);
    expect((await deliver(delivery as Json)).statusCode).toBe(200);
    expect((await draftsOf(owner.id)).filter((row) => row.reference1 === `#${fresh.number}`)).toHaveLength(1);
  });

  test('a bought label completes the order with a note to the customer; voiding it takes both back', async () => {
    await fundWallet(t.app, admin, owner.id, '100.00');
    const order = woo.orders('demo')[0];
    const draft = (await draftsOf(owner.id)).find((row) => row.reference1 === `#${order?.number}`);
    const tracking = await buy(owner.token, Number(draft?.id));
    await pushFulfilments(t.ctx);
    await expect.poll(() => woo.orders('demo')[0]?.status).toBe('completed');
    const notes = woo.notes('demo', Number(order?.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ customer_note: true });
    expect(notes[0]?.note).toContain(tracking);
    expect(woo.orders('demo')[0]?.status).toBe('completed');

    await voidLabel(owner.token, Number(draft?.id));
    await pushFulfilments(t.ctx);
    await expect.poll(() => woo.orders('demo')[0]?.status).toBe('processing');
    expect(woo.notes('demo', Number(order?.id))).toEqual([]);
  });

  test("a site that asks to wait longer than the platform waits: the sync fails with the site's words, kept on the store", async () => {
    woo.fail('GET /wp-json/wc/v3/orders', { kind: 'status', status: 429, retryAfterSeconds: 600 }, 1);
    const drafts = (await draftsOf(owner.id)).length;
    const res = await call(t.app, owner.token, { method: 'POST', url: `/api/app/stores/${storeId}/sync` });
    expect(res.statusCode).toBe(502);
    const [store] = await storesOf(owner.token);
    expect(store.status).toBe('active');
    expect(store.lastError).toBeTruthy();
    expect((await draftsOf(owner.id)).length).toBe(drafts);
  });

  test('a site whose address turns out to be inside later (DNS rebinding) is refused at the next call', async () => {
    const row = await t.ctx.db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow();
    // The same stand-in through a host name that resolves to loopback and is not among the allowed hosts.
    await t.ctx.db
      .updateTable('stores')
      .set({ account: row.account.replace('127.0.0.1', 'localhost') })
      .where('id', '=', storeId)
      .execute();
    const reached = woo.requests.length;
    const res = await call(t.app, owner.token, { method: 'POST', url: `/api/app/stores/${storeId}/sync` });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('private, loopback or link-local');
    expect(woo.requests.length).toBe(reached);
    await t.ctx.db.updateTable('stores').set({ account: row.account }).where('id', '=', storeId).execute();
  });

  test('a webhook registration whose answer was lost leaves no duplicate after a reconnect: one webhook per topic', async () => {
    const site = woo.addSite('lossy');
    const merchantOfSite = await merchant();
    const connect = () =>
      call(t.app, merchantOfSite.token, {
        method: 'POST',
        url: '/api/app/stores/woocommerce',
        payload: { name: 'Lossy shop', ...site },
      });
    // WooCommerce makes the first webhook; its answer is cut off on the way back.
    woo.fail('POST /wp-json/wc/v3/webhooks', { kind: 'malformed' }, 1);
    const first = await connect();
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().data.id;
    expect(woo.webhooks('lossy').map((hook) => hook.topic)).toEqual(['order.created']);
    await expect.poll(async () => (await storesOf(merchantOfSite.token))[0].lastSyncAt).not.toBeNull();

    const again = await connect();
    expect(again.statusCode, again.body).toBe(200);
    const hooks = woo.webhooks('lossy');
    expect(hooks.map((hook) => hook.topic).sort()).toEqual(['order.created', 'order.updated']);
    const row = await t.ctx.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.webhooks ?? '[]').sort()).toEqual(hooks.map((hook) => String(hook.id)).sort());
    // The kept webhook signs with this connection's secret: its deliveries are taken.
    const order = woo.addOrder('lossy');
    const [delivery] = woo.webhookRequests('lossy', 'order.created', order);
    expect((await deliver(delivery as Json)).statusCode).toBe(200);
    expect((await draftsOf(merchantOfSite.id)).filter((draft) => draft.reference1 === `#${order.number}`)).toHaveLength(
      1,
    );
  });

  test('disconnecting removes its webhooks and forgets the keys', async () => {
    const res = await call(t.app, owner.token, { method: 'DELETE', url: `/api/app/stores/${storeId}` });
    expect(res.json().data.status).toBe('disconnected');
    expect(woo.webhooks('demo')).toEqual([]);
    const row = await t.ctx.db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow();
    expect(row.credentials).toBe('');
  });
});
