import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { adminToken, uniqueEmail } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { test } from '../support/test.ts';
import { keepPicture, type Locale } from '../support/ui.ts';

/**
 * Issue 13, sellers: a seller opens the customer management screen from the menu and sees the customers
 * registered under it and nobody else's; a search for another seller's customer finds nothing. In both
 * languages.
 *
 * Set-up outside the screens: the administrator makes two seller employees and registers customers under
 * each through the API.
 */

const PASSWORD = 'Parcel#2026x';

/** A seller employee made by the administrator, with `customers` customer accounts registered under it. */
async function sellerWithCustomers(request: APIRequestContext, name: string, customers: number) {
  const admin = await adminToken(request);
  const roles = (await call(request, admin, '/api/role/list')) as { id: number; code: string }[];
  const email = uniqueEmail(name);
  const { id } = (await call(request, admin, '/api/staff/register', {
    email,
    password: PASSWORD,
    firstName: 'Sam',
    lastName: 'Seller',
    roleIds: roles.filter((role) => role.code === 'seller').map((role) => role.id),
  })) as { id: number };
  const customerEmails: string[] = [];
  for (let n = 1; n <= customers; n++) {
    const customer = uniqueEmail(`${name}-customer${n}`);
    await call(request, admin, '/api/admin/register', {
      email: customer,
      password: PASSWORD,
      firstName: 'Cy',
      lastName: `Customer${n}`,
      company: `${name} client ${n}`,
      phone: '+1 415 555 0102',
      ownerId: id,
    });
    customerEmails.push(customer);
  }
  return { email, customers: customerEmails };
}

async function sellerFlow(browser: Browser, request: APIRequestContext, locale: Locale) {
  const tag = locale.toLowerCase();
  const seller = await sellerWithCustomers(request, `seller-${tag}`, 2);
  const other = await sellerWithCustomers(request, `rival-${tag}`, 1);
  const page = await signedInPage(browser, seller.email, PASSWORD, locale);
  const table = page.getByTestId('users-admin');
  const rows = table.locator('[data-testid^="user-row-"]');

  await test.step('the seller opens customer management and sees its own customers only', async () => {
    await openFromMenu(page, 'adminSettings', 'userManagement');
    await expect(page.getByTestId('user-management-page')).toBeVisible();
    for (const email of seller.customers) await expect(table.getByTestId(`user-row-${email}`)).toBeVisible();
    await expect(rows).toHaveCount(seller.customers.length);
    await expect(table.getByTestId(`user-row-${other.customers[0]}`)).toHaveCount(0);
  });

  await test.step("a search for the other seller's customer finds nothing, one for its own finds it", async () => {
    const search = async (email: string) => {
      await table.getByTestId('user-search-keyword').fill(email);
      // The list's answer to this search, so that an empty table is not one still waiting for it.
      const answered = page.waitForResponse(
        (answer) => answer.url().includes('/api/admin/list?') && decodeURIComponent(answer.url()).includes(email),
      );
      await table.getByTestId('user-search-submit').click();
      return (await (await answered).json()).data.list as unknown[];
    };
    expect(await search(other.customers[0] ?? '')).toHaveLength(0);
    await expect(table.locator('.ant-empty')).toBeVisible();
    await expect(rows).toHaveCount(0);
    expect(await search(seller.customers[1] ?? '')).toHaveLength(1);
    await expect(rows).toHaveCount(1);
    await expect(table.getByTestId(`user-row-${seller.customers[1]}`)).toBeVisible();
    await keepPicture(page, `seller-${locale}`);
  });
  await page.context().close();
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a seller sees only their customers (${locale})`, async ({ browser, request }) => {
    await sellerFlow(browser, request, locale);
  });
}
