import { expect, type Page } from '@playwright/test';
import { type ShopifyStandIn, startShopifyStandIn } from '../../apps/server/standins/shopify.ts';
import { E2E_PORT } from '../playwright.config.ts';
import { adminToken } from '../support/api.ts';
import { call, openFromMenu, signedInPage, startBatchJob } from '../support/flows.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, type Locale, sessionToken, text } from '../support/ui.ts';

/**
 * Issue 16 "Done when", in a real browser: a merchant connects a Shopify store (the stand-in of Shopify's
 * documented API, its install page approved in the browser), sees its orders imported as drafts, buys
 * their labels in one batch, and the stand-in receives the fulfilments with the tracking numbers. Once in
 * each language.
 *
 * Set-up outside the screens: the platform's Shopify app is set in sysConfig, and the merchant is
 * registered, funded, and given a default sender and a package template through the API.
 */

const APP = { clientId: 'e2e-shopify-app', clientSecret: 'e2e-shopify-secret' };
let shopify: ShopifyStandIn;

test.beforeAll(async ({ request }) => {
  // Beside the carrier stand-ins (E2E_PORT + 10…13), in this process so the test reads what it received.
  shopify = await startShopifyStandIn({ ...APP, port: E2E_PORT + 20 });
  const admin = await adminToken(request);
  await call(request, admin, '/api/admin/config/update', {
    shopify: { ...APP, shopOrigin: `${shopify.url}/shops/{shop}` },
  });
});

test.afterAll(async () => {
  await shopify?.close();
});

/** Orders in the shop when it is connected; one more is placed afterwards and comes in with Sync now. */
const FIRST_ORDERS = 3;
const ORDERS = FIRST_ORDERS + 1;

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  test(`a merchant connects a Shopify store, imports its orders, buys their labels and the store gets the tracking numbers (${locale})`, async ({
    browser,
    request,
  }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);
    const shot = (page: Page, name: string) => keepPicture(page, `stores-${locale}-${name}`);
    const shop = `e2e-${locale.toLowerCase()}-${Date.now().toString(36)}.myshopify.com`;
    shopify.addShop(shop, { name: 'Tea & Tins', weightUnit: 'lb' });
    const placed = Array.from({ length: FIRST_ORDERS }, (_, n) => shopify.addOrder(shop, { name: `#${1001 + n}` }));

    const customer = await createCustomer(request, { prefix: 'stores', company: 'Tea & Tins' });
    const admin = await adminToken(request);
    await call(request, admin, '/api/admin/balance/adjust', {
      userId: customer.id,
      currency: 'USD',
      amount: '500.00',
      remark: 'e2e stores',
    });
    const page = await signedInPage(browser, customer.email, customer.password, locale);
    const token = (await sessionToken(page)) ?? '';
    expect(token).not.toBe('');
    await call(request, token, '/api/app/user/address', {
      title: 'Warehouse',
      personName: 'Ada Shipper',
      phone: '+1 310 555 0100',
      countryCode: 'US',
      stateCode: 'CA',
      city: 'Beverly Hills',
      addressLine1: '9450 Wilshire Blvd',
      zipCode: '90210',
      isDefaultSender: true,
    });
    await call(request, token, '/api/app/user/packageTemplate', {
      name: 'Tin box',
      quantity: 1,
      length: 10,
      width: 8,
      height: 4,
      weight: 1,
      unit: 'lb/in',
    });

    await test.step("connect the store through Shopify's install page", async () => {
      await openFromMenu(page, 'settings', 'sales');
      await expect(page).toHaveURL(/\/settings\/sales$/);
      await expect(page.getByTestId('stores-empty')).toBeVisible();
      await page.getByTestId('store-connect').click();
      await page.getByTestId('store-platform-shopify').click();
      await page.getByTestId('store-name').fill('Tea & Tins');
      await page.getByTestId('store-shop').fill(shop.replace('.myshopify.com', ''));
      await page.getByTestId('store-form-submit').click();

      // Shopify's page (the stand-in's), asking the merchant to approve the app.
      await expect(page).toHaveURL(new RegExp(`/shops/${shop.replaceAll('.', '\\.')}/admin/oauth/authorize\\?`));
      await expect(page.getByText('read_orders')).toBeVisible();
      await page.getByText('Install app', { exact: true }).click();

      await expect(page).toHaveURL(/\/authSuccess$/);
      await expect(page.getByTestId('authSuccess-page')).toContainText(t('site.auth.authSuccess.title'));
      await shot(page, 'connected');
      await page.getByTestId('auth-result-continue').click();
      await expect(page).toHaveURL(/\/settings\/sales$/);
      const row = page.locator('tr[data-testid^="store-row-"]');
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('store-status')).toHaveAttribute('data-status', 'active');
    });

    await test.step('the orders come in as drafts; one placed later comes in with Sync now', async () => {
      const row = page.locator('tr[data-testid^="store-row-"]');
      // The first sync runs on its own once the store is connected, its new drafts a batch of their own.
      await expect(row.getByTestId('store-last-drafts')).toBeVisible();
      placed.push(shopify.addOrder(shop, { name: `#${1001 + FIRST_ORDERS}` }));
      await row.getByTestId('store-sync').click();
      await expect(page.getByTestId('store-synced')).toBeVisible();
      await expect(page.getByTestId('store-synced-drafts')).toBeVisible();
      await row.getByTestId('store-orders').click();
      const drawer = page.getByTestId('store-orders-drawer');
      await expect(drawer.locator('tr[data-testid^="store-order-row-"]')).toHaveCount(ORDERS);
      for (const order of placed) await expect(drawer).toContainText(order.name);
      await shot(page, 'orders');
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    });

    await test.step('buy the labels of every store draft in one batch', async () => {
      await openFromMenu(page, 'shipments', 'draft');
      await expect(page).toHaveURL(/\/shipments\/draft$/);
      const rows = page.locator('tr[data-testid^="order-row-"]');
      await expect(rows).toHaveCount(ORDERS);
      await page.locator('.ant-table-thead .ant-checkbox-input').check();
      await page.getByTestId('volume-labels').click();
      await page.getByTestId('batch-strategy-cheapest').click();
      const panel = await startBatchJob(page);
      await expect(panel.getByTestId('job-status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
      await expect(panel.getByTestId('job-done').locator('.ant-statistic-content-value')).toHaveText(String(ORDERS));
      await page.getByTestId('batch-labels-close').click();
    });

    await test.step('the store receives a fulfilment with each tracking number, and the screen says so', async () => {
      const bought = await call(request, token, '/api/app/order/orders?pageSize=50');
      const byReference = new Map(
        (bought.list as { reference1: string; tackNo: string }[]).map((order) => [order.reference1, order.tackNo]),
      );
      expect(byReference.size).toBe(ORDERS);
      // Every instance's sweep pushes what was bought (SWEEP_SECONDS, 15 s by default).
      await expect.poll(() => shopify.fulfillments(shop).length, { timeout: 90_000 }).toBe(ORDERS);
      for (const order of placed) {
        const fulfilment = shopify.fulfillments(shop).find((entry) => entry.order_id === order.id);
        expect(fulfilment).toMatchObject({ status: 'success', tracking_number: byReference.get(order.name) });
        expect(fulfilment?.tracking_company).toBeTruthy();
      }
      expect(shopify.orders(shop).every((order) => order.fulfillment_status === 'fulfilled')).toBe(true);

      await openFromMenu(page, 'settings', 'sales');
      const row = page.locator('tr[data-testid^="store-row-"]');
      await row.getByTestId('store-orders').click();
      const tags = page.getByTestId('store-orders-drawer').getByTestId('store-order-fulfilment');
      await expect(tags).toHaveCount(ORDERS);
      for (const tag of await tags.all()) await expect(tag).toHaveAttribute('data-state', 'pushed');
      await shot(page, 'pushed');
    });

    await page.context().close();
  });
}
