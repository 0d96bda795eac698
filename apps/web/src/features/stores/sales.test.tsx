import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreView } from '../../api/stores';
import { changeLocale } from '../../i18n';
import {
  callsOf,
  envelope,
  inEnglishWithToken,
  inputOf,
  on,
  type StubbedCall,
  sampleUser,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';
import { browser } from '../../utils/navigation';
import { connectingShop, failingWoo, store, storeOrder, withoutWebhooks } from './testFixtures';

/** /settings/sales: the merchant's online stores, connected, synced, looked into and disconnected. */

inEnglishWithToken('merchant-token');
afterEach(() => {
  vi.restoreAllMocks();
});

const KEY = `ck_${'a'.repeat(40)}`;
const SECRET = `cs_${'b'.repeat(40)}`;

function stubStores(
  extra: Parameters<typeof stubFetch>[0] = {},
  stores: StoreView[] = [store(), failingWoo, connectingShop, withoutWebhooks],
) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(storesContracts.listStores)]: envelope(200, stores),
    ...extra,
  });
}

const row = (id: number) => screen.getByTestId(`store-row-${id}`);
const query = (call: StubbedCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://localhost').searchParams);

async function openConnectForm() {
  await screen.findByTestId('store-row-1');
  fireEvent.click(screen.getByTestId('store-connect'));
  return screen.findByTestId('store-form');
}

describe('/settings/sales', () => {
  it('lists the stores of both platforms in each state; the menu leads there', async () => {
    stubStores();
    renderApp('/settings/sales');
    await screen.findByTestId('store-row-1');
    expect(screen.getByTestId('menu-item-sales').textContent).toBe('Online stores');

    const shop = row(1);
    expect(shop.textContent).toContain('Main shop');
    expect(shop.textContent).toContain('main-shop.myshopify.com');
    // Issue 14: the store's account under its name; the list's own columns fit 1440 px with the menu open.
    expectTableFits();
    expect(within(shop).getByTestId('store-platform-tag').textContent).toBe('Shopify');
    expect(within(shop).getByTestId('store-status').textContent).toBe('Active');
    expect(within(shop).getByTestId('store-last-sync').textContent).toBe(
      '2026-11-24 09:303 imported · 1 updated · 1 to complete · 0 failed · Open the new drafts',
    );
    expect(within(shop).getByTestId('store-last-drafts').getAttribute('href')).toBe(
      '/shipments/draft?batchNo=S20261124001',
    );
    expect(within(shop).getByTestId('store-failing').textContent).toBe('2');
    expect(within(shop).getByTestId('store-incomplete').textContent).toBe('1');
    expect((within(shop).getByTestId('store-sync') as HTMLButtonElement).disabled).toBe(false);

    const woo = row(2);
    expect(within(woo).getByTestId('store-platform-tag').textContent).toBe('WooCommerce');
    expect(within(woo).getByTestId('store-status').textContent).toBe('Failing');
    expect(within(woo).getByTestId('store-error').textContent).toBe('Consumer key is invalid (401)');
    expect(woo.textContent).toContain('The store needs connecting again:');
    expect(within(woo).getByTestId('store-last-sync').textContent).toBe('Not synced yet');
    expect(within(woo).getByTestId('store-failing').textContent).toBe('0');
    expect((within(woo).getByTestId('store-sync') as HTMLButtonElement).disabled).toBe(true);

    const pending = row(3);
    expect(within(pending).getByTestId('store-status').textContent).toBe('Connecting');
    expect(within(pending).getByTestId('store-connecting-hint').textContent).toContain('Waiting for your approval');
    expect(within(pending).queryByTestId('store-reconnect')).toBeNull();
    expect((within(pending).getByTestId('store-sync') as HTMLButtonElement).disabled).toBe(true);

    // An active store still says what the store last refused, without asking to reconnect.
    const quiet = row(4);
    expect(within(quiet).getByTestId('store-status').textContent).toBe('Active');
    expect(within(quiet).getByTestId('store-error').textContent).toBe(
      'Shopify refused the webhooks: orders come in with Sync now only',
    );
    expect(within(quiet).queryByTestId('store-reconnect')).toBeNull();

    // Reconnecting the failing store starts from its platform, name and site.
    fireEvent.click(within(woo).getByTestId('store-reconnect'));
    await screen.findByText('Reconnect “Woo site”');
    await waitFor(() => expect(inputOf('store-site-url').value).toBe('https://woo.example.com'));
    expect(inputOf('store-name').value).toBe('Woo site');
    expect(inputOf('store-consumer-key').value).toBe('');
  });

  it('explains what connecting does while there is no store', async () => {
    stubStores({}, []);
    renderApp('/settings/sales');
    expect((await screen.findByTestId('stores-empty')).textContent).toContain(
      'its unfulfilled orders come in as drafts ready to ship',
    );
  });

  it('connects a Shopify store: the shop domain is checked, then the browser goes to Shopify', async () => {
    const load = vi.spyOn(browser, 'load').mockImplementation(() => undefined);
    const authorizeUrl = 'https://my-shop.myshopify.com/admin/oauth/authorize?client_id=abc&state=xyz';
    const { calls } = stubStores({ [on(storesContracts.connectShopify)]: envelope(200, { authorizeUrl }) });
    renderApp('/settings/sales');
    await openConnectForm();
    expect(screen.getByText("Your shop's myshopify.com domain, such as my-shop.myshopify.com")).toBeTruthy();
    typeInto('store-name', 'My shop');
    typeInto('store-shop', 'my shop!');
    expect(await screen.findByText('Enter the Shopify shop domain, such as my-shop.myshopify.com')).toBeTruthy();
    fireEvent.click(screen.getByTestId('store-form-submit'));
    await waitFor(() =>
      expect(screen.getAllByText('Enter the Shopify shop domain, such as my-shop.myshopify.com')).toHaveLength(1),
    );
    expect(callsOf(calls, storesContracts.connectShopify)).toHaveLength(0);

    typeInto('store-shop', 'my-shop.myshopify.com');
    expect(screen.getByTestId('store-form-submit').textContent).toBe('Continue to Shopify');
    fireEvent.click(screen.getByTestId('store-form-submit'));
    await waitFor(() => expect(load).toHaveBeenCalledWith(authorizeUrl));
    expect(callsOf(calls, storesContracts.connectShopify)[0]?.body).toEqual({
      name: 'My shop',
      shop: 'my-shop.myshopify.com',
    });
  });

  it('checks the WooCommerce keys before sending, and shows the server’s refusal on its field', async () => {
    const { calls } = stubStores({
      [on(storesContracts.connectWooCommerce)]: [
        envelope(400, { fields: { consumerKey: 'The store refused these keys' } }, 'Invalid input'),
        envelope(200, store({ id: 4, platform: 'woocommerce', name: 'Woo two', account: 'https://two.example.com' })),
      ],
    });
    renderApp('/settings/sales');
    await openConnectForm();
    fireEvent.click(screen.getByTestId('store-platform-woocommerce'));
    await screen.findByTestId('store-site-url');
    expect(screen.getByTestId('store-keys-help').textContent).toContain('WooCommerce › Settings › Advanced › REST API');
    expect(screen.getByTestId('store-form-submit').textContent).toBe('Connect');
    expect(inputOf('store-consumer-secret').type).toBe('password');

    fireEvent.click(screen.getByTestId('store-form-submit'));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(4));
    typeInto('store-name', 'Woo two');
    typeInto('store-site-url', 'two.example.com');
    typeInto('store-consumer-key', 'ck_short');
    typeInto('store-consumer-secret', 'secret');
    expect(await screen.findByText('Enter an address starting with http:// or https://')).toBeTruthy();
    expect(await screen.findByText('A consumer key is ck_ followed by 40 hexadecimal characters')).toBeTruthy();
    expect(await screen.findByText('A consumer secret is cs_ followed by 40 hexadecimal characters')).toBeTruthy();
    fireEvent.click(screen.getByTestId('store-form-submit'));
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
    expect(callsOf(calls, storesContracts.connectWooCommerce)).toHaveLength(0);

    typeInto('store-site-url', 'https://two.example.com/');
    typeInto('store-consumer-key', KEY);
    typeInto('store-consumer-secret', SECRET);
    fireEvent.click(screen.getByTestId('store-form-submit'));
    expect(await screen.findByText('The store refused these keys')).toBeTruthy();
    expect(callsOf(calls, storesContracts.connectWooCommerce)[0]?.body).toEqual({
      name: 'Woo two',
      siteUrl: 'https://two.example.com/',
      consumerKey: KEY,
      consumerSecret: SECRET,
    });

    typeInto('store-consumer-key', `ck_${'c'.repeat(40)}`);
    fireEvent.click(screen.getByTestId('store-form-submit'));
    expect((await screen.findByTestId('store-connected')).textContent).toBe('“Woo two” connected');
    await waitFor(() => expect(callsOf(calls, storesContracts.listStores).length).toBeGreaterThan(1));
  });

  it('syncs an active store now and says what the sync did', async () => {
    const { calls } = stubStores({
      [on(storesContracts.syncStore, { id: 1 })]: envelope(200, {
        imported: 3,
        updated: 1,
        incomplete: 2,
        unchanged: 5,
        failed: 0,
        batchNo: 'S20261125002',
      }),
    });
    const { router } = renderApp('/settings/sales');
    await screen.findByTestId('store-row-1');
    fireEvent.click(within(row(1)).getByTestId('store-sync'));
    expect((await screen.findByTestId('store-synced')).textContent).toBe(
      '“Main shop” synced: 3 imported · 1 updated · 2 to complete · 5 unchanged · 0 failedOpen the new drafts',
    );
    expect(callsOf(calls, storesContracts.syncStore, { id: 1 })).toHaveLength(1);
    await waitFor(() => expect(callsOf(calls, storesContracts.listStores).length).toBeGreaterThan(1));
    fireEvent.click(screen.getByTestId('store-synced-drafts'));
    await waitFor(() => expect(pathOf(router)).toBe('/shipments/draft?batchNo=S20261125002'));
  });

  it('syncs without a link when nothing new came in', async () => {
    stubStores({
      [on(storesContracts.syncStore, { id: 1 })]: envelope(200, {
        imported: 0,
        updated: 0,
        incomplete: 0,
        unchanged: 2,
        failed: 0,
        batchNo: null,
      }),
    });
    renderApp('/settings/sales');
    await screen.findByTestId('store-row-1');
    fireEvent.click(within(row(1)).getByTestId('store-sync'));
    expect((await screen.findByTestId('store-synced')).textContent).toBe(
      '“Main shop” synced: 0 imported · 0 updated · 0 to complete · 2 unchanged · 0 failed',
    );
    expect(screen.queryByTestId('store-synced-drafts')).toBeNull();
  });

  it('disconnects a store only once the merchant confirms what that does', async () => {
    const { calls } = stubStores({
      [on(storesContracts.disconnectStore, { id: 1 })]: envelope(200, store({ status: 'disconnected' })),
    });
    renderApp('/settings/sales');
    await screen.findByTestId('store-row-1');
    fireEvent.click(within(row(1)).getByTestId('store-disconnect'));
    expect(await screen.findByText('Disconnect “Main shop”?')).toBeTruthy();
    expect(
      screen.getByText(
        'Its webhooks are removed and its access token is revoked in Shopify; the drafts already imported are kept.',
      ),
    ).toBeTruthy();
    expect(callsOf(calls, storesContracts.disconnectStore, { id: 1 })).toHaveLength(0);
    fireEvent.click(screen.getByTestId('popconfirm-ok'));
    expect((await screen.findByTestId('store-disconnected')).textContent).toBe('“Main shop” disconnected');
    expect(callsOf(calls, storesContracts.disconnectStore, { id: 1 })[0]?.method).toBe('DELETE');
    await waitFor(() => expect(callsOf(calls, storesContracts.listStores).length).toBeGreaterThan(1));
  });

  it("lists a store's orders in the drawer, all or the failing ones only", async () => {
    const failed = storeOrder({
      id: 501,
      externalName: '#1002',
      orderId: null,
      orderNo: null,
      error: 'The address has no ZIP code',
    });
    const pushed = storeOrder({
      id: 502,
      externalName: '#1003',
      orderId: 57,
      orderStatus: 1,
      trackingNumber: '9400111111111111111111',
      fulfilment: 'pushed',
    });
    const page = (list: unknown[]) => envelope(200, { list, total: list.length, page: 1, pageSize: 50 });
    const { calls } = stubStores({
      [on(storesContracts.listStoreOrders, { id: 1 })]: (call: StubbedCall) =>
        query(call).failingOnly === 'true' ? page([failed]) : page([storeOrder(), failed, pushed]),
    });
    renderApp('/settings/sales');
    await screen.findByTestId('store-row-1');
    fireEvent.click(within(row(1)).getByTestId('store-orders'));
    await screen.findByTestId('store-order-row-500');
    expect(screen.getByText('Orders of “Main shop”')).toBeTruthy();
    expect(query(callsOf(calls, storesContracts.listStoreOrders, { id: 1 })[0])).toEqual({ page: '1', pageSize: '50' });

    const draft = screen.getByTestId('store-order-row-500');
    expect(draft.textContent).toContain('#1001');
    expect(within(draft).getByTestId('store-order-link').getAttribute('href')).toBe('/shipments/newOrder?orderId=55');
    expect(within(draft).getByTestId('store-order-fulfilment').textContent).toBe('Not pushed');
    const notImported = screen.getByTestId('store-order-row-501');
    expect(notImported.textContent).toContain('Not imported');
    expect(notImported.textContent).toContain('The address has no ZIP code');
    const done = screen.getByTestId('store-order-row-502');
    expect(done.textContent).toContain('9400111111111111111111');
    expect(within(done).getByTestId('store-order-fulfilment').textContent).toBe('Pushed');
    // A bought label opens in its detail, a draft in the order form.
    expect(within(done).getByTestId('store-order-link').getAttribute('href')).toBe('/shipments/detail/57');

    fireEvent.click(screen.getByTestId('store-orders-failing'));
    await waitFor(() => expect(screen.queryByTestId('store-order-row-500')).toBeNull());
    expect(screen.getByTestId('store-order-row-501')).toBeTruthy();
    expect(query(callsOf(calls, storesContracts.listStoreOrders, { id: 1 }).at(-1))).toEqual({
      page: '1',
      pageSize: '50',
      failingOnly: 'true',
    });
  });

  it('opens the failing orders from the failing count', async () => {
    const { calls } = stubStores({
      [on(storesContracts.listStoreOrders, { id: 1 })]: envelope(200, {
        list: [storeOrder({ fulfilment: 'failed', trackingNumber: '9400', error: 'Shopify refused the fulfilment' })],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/settings/sales');
    await screen.findByTestId('store-row-1');
    fireEvent.click(within(row(1)).getByTestId('store-failing'));
    const order = await screen.findByTestId('store-order-row-500');
    expect(within(order).getByTestId('store-order-fulfilment').textContent).toBe('Push failed');
    expect(screen.getByTestId('store-orders-failing').getAttribute('aria-checked')).toBe('true');
    expect(query(callsOf(calls, storesContracts.listStoreOrders, { id: 1 })[0]).failingOnly).toBe('true');
  });

  it("names what a store's draft lacks as the order form does, why, and where to mend it, in English and Chinese", async () => {
    const sizeless = storeOrder({
      missing: ['length', 'width', 'height'].map((side) => ({ path: `parcels.0.${side}`, cause: 'noPackageTemplate' })),
    });
    stubStores({
      [on(storesContracts.listStoreOrders, { id: 1 })]: envelope(200, {
        list: [sizeless],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/settings/sales');
    await screen.findByTestId('store-row-1');
    fireEvent.click(within(row(1)).getByTestId('store-incomplete'));
    const order = await screen.findByTestId('store-order-row-500');
    expect(within(order).getByTestId('store-order-gap').textContent).toBe(
      'Parcel 1: Length, Width, Height — no default package template',
    );
    expect(within(order).getByTestId('store-order-fix').textContent).toBe('Add a package template');
    expect(within(order).getByTestId('store-order-fix').getAttribute('href')).toBe('/settings/packageTemplate');
    expect(within(order).getByTestId('store-order-complete').getAttribute('href')).toBe(
      '/shipments/newOrder?orderId=55',
    );

    await act(async () => {
      await changeLocale('zh-CN');
    });
    expect(within(order).getByTestId('store-order-gap').textContent).toBe('包裹 1：长、宽、高 — 没有默认包裹模板');
    expect(within(order).getByTestId('store-order-fix').textContent).toBe('添加包裹模板');
    await act(async () => {
      await changeLocale('en-US');
    });
  });

  it('reads in Chinese', async () => {
    stubStores();
    renderApp('/settings/sales');
    await screen.findByTestId('store-row-1');
    await act(async () => {
      await changeLocale('zh-CN');
    });
    expect(screen.getByTestId('menu-item-sales').textContent).toBe('网店');
    expect(within(row(1)).getByTestId('store-status').textContent).toBe('正常');
    expect(within(row(1)).getByTestId('store-last-sync').textContent).toContain('导入 3 · 更新 1 · 待补全 1 · 失败 0');
    expect(within(row(2)).getByTestId('store-status').textContent).toBe('异常');
    expect(within(row(3)).getByTestId('store-status').textContent).toBe('连接中');
    expect(screen.getByTestId('store-connect').textContent).toBe('连接网店');
    await act(async () => {
      await changeLocale('en-US');
    });
  });
});
