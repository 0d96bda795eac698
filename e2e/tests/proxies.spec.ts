import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { adminToken, apiLogin, uniqueEmail } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from '../support/orders.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, type Locale, text } from '../support/ui.ts';

/**
 * Issue 13, proxy users: a proxy sets its markup and invitation code on /adminSettings/proxyUser; a customer
 * who registered with the code buys a label at the proxy's price, and the proxy's commission appears on the
 * screen, on the customer's line and in the proxy's wallet. In both languages.
 *
 * Set-up outside the screens: the administrator makes the proxy account and gives it the proxy role, and
 * the customer registers, is activated, funded and buys through the API.
 */

const shipment = domesticShipment('Proxy Shop');

/** A proxy account, made by the administrator: a customer account given the proxy role too. */
async function makeProxy(request: APIRequestContext, locale: Locale) {
  const admin = await adminToken(request);
  const email = uniqueEmail(`proxy-${locale.toLowerCase()}`);
  const password = 'Parcel#2026x';
  const { id } = (await call(request, admin, '/api/admin/register', {
    email,
    password,
    firstName: 'Pat',
    lastName: 'Proxy',
    company: 'Proxy Co',
    phone: '+1 415 555 0101',
  })) as { id: number };
  const roles = (await call(request, admin, '/api/role/list')) as { id: number; code: string }[];
  const roleIds = roles.filter((role) => role.code === 'customer' || role.code === 'proxy').map((role) => role.id);
  await call(request, admin, '/api/admin/role/update', { userId: id, roleIds });
  return { id, email, password };
}

async function proxyFlow(browser: Browser, request: APIRequestContext, locale: Locale) {
  const proxy = await makeProxy(request, locale);
  const code = `PX-${locale}-${Date.now() % 1_000_000}`;
  const page = await signedInPage(browser, proxy.email, proxy.password, locale);
  const row = page.getByTestId(`proxy-row-${proxy.email}`);

  await test.step('the proxy opens its screen and sets its markup and invitation code', async () => {
    await openFromMenu(page, 'adminSettings', 'proxyUser');
    await expect(row.getByTestId('proxy-markup')).toHaveText('0.00% + $0.00');
    // A proxy sees only itself.
    await expect(page.locator('[data-testid^="proxy-row-"]')).toHaveCount(1);
    await row.getByTestId('proxy-action-edit').click();
    await page.getByTestId('proxy-markup-percent').fill('1000.01');
    await page.getByTestId('proxy-save').click();
    await expect(page.getByText(text(locale, 'proxies.markupPercent'))).toBeVisible();
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await page.getByTestId('proxy-markup-percent').fill('10');
    await page.getByTestId('proxy-markup-fixed').fill('0.50');
    await page.getByTestId('proxy-invitation-code').fill(code);
    await page.getByTestId('proxy-save').click();
    await expectMessage(page, 'proxy-saved', text(locale, 'proxies.saved', { code }));
    await expect(row.getByTestId('proxy-markup')).toHaveText('10.00% + $0.50');
  });

  let commission = '';
  await test.step("a customer registered with the proxy's code buys a label at the proxy's price", async () => {
    const customer = await createCustomer(request, { prefix: `proxied-${locale}`, invitationCode: code });
    await fundCustomer(request, customer.id, '50.00', 'e2e proxy');
    const token = await apiLogin(request, customer.email, customer.password);
    const line = await buyLabelThroughApi(request, token, shipment);
    // The proxy's wallet holds the commission: the price less the platform's price for the proxy.
    const info = (await call(request, await apiLogin(request, proxy.email, proxy.password), '/api/user/info')) as {
      balance: string;
    };
    commission = info.balance;
    expect(Number(commission)).toBeGreaterThan(0.5);
    expect(Number(commission)).toBeLessThan(Number(line?.price));
  });

  await test.step("the proxy's screen shows the label and the commission, on the customer's line too", async () => {
    await page.getByTestId('proxy-search-submit').click();
    await expect(row.getByTestId('proxy-commission')).toHaveText(`$${commission}`);
    await expect(row).toContainText('1');
    await row.getByTestId('proxy-action-customers').click();
    const line = page.locator('[data-testid^="proxy-customer-proxied-"]');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(`$${commission}`);
    await keepPicture(page, `proxy-${locale}`);
  });
  await page.context().close();
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a proxy sets its markup; its customer's label credits the proxy's commission (${locale})`, async ({
    browser,
    request,
  }) => {
    await proxyFlow(browser, request, locale);
  });
}
