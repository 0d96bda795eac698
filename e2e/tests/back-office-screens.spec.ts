import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN } from '../playwright.config.ts';
import { adminToken, apiLogin } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from '../support/orders.ts';
import { confirmPopup, popconfirm } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, type Locale, text } from '../support/ui.ts';

/**
 * Issue 13, the rest of the back office as an administrator sees it: the overseas-warehouse users
 * (/adminSettings/overseasWarehouseUser: a warehouse account's sender addresses, volume and the merchants it
 * shipped for, and the xlsx export /admin/overSeasDown), the account disabled on the user management screen
 * and shown so among the warehouses; the user log (/maintenance/userLogs) filtered to that account, with the
 * disable and a change made acting as the warehouse, and its xlsx export; the resource screens of
 * /roleSettings (the codes grouped by category, each with the screens it guards). In Chinese; the resource
 * screen once more in English for its wording.
 *
 * Set-up outside the screens: the warehouse registers, is activated, given the overseasWarehouse role and
 * funded, buys two labels for two merchants (senders) on the demo USPS channel, and the administrator, acting
 * as it, saves a sender address, all through the API.
 */

// The seeded demo channel of a fresh install (named in zh-CN, the install's default language).
const DEMO_USPS = '演示 USPS';
const MERCHANTS = ['Maple Crafts', 'Harbor Books'] as const;

/** A warehouse account that bought a label for each merchant and, through an administrator acting as it, has a sender address. */
async function warehouseAccount(request: APIRequestContext) {
  const warehouse = await createCustomer(request, { prefix: 'ow', company: 'Bay Fulfilment' });
  const admin = await adminToken(request);
  const roles = (await call(request, admin, '/api/role/list')) as { id: number; code: string }[];
  const roleId = (code: string) => roles.find((role) => role.code === code)?.id;
  await call(request, admin, '/api/admin/role/update', {
    userId: warehouse.id,
    roleIds: [roleId('customer'), roleId('overseasWarehouse')],
  });
  await fundCustomer(request, warehouse.id, '100.00', 'e2e warehouse');
  const token = await apiLogin(request, warehouse.email, warehouse.password);
  let spentCents = 0;
  for (const merchant of MERCHANTS) {
    const label = await buyLabelThroughApi(request, token, domesticShipment(merchant), DEMO_USPS);
    spentCents += Math.round(Number(label.price) * 100);
  }
  const actingToken = (await call(request, admin, `/api/admin/token/build/${warehouse.id}`, {})) as string;
  await call(request, actingToken, '/api/app/user/address', {
    title: 'Oakland dock',
    personName: 'Bay Fulfilment',
    phone: '+1 510 555 0100',
    countryCode: 'US',
    stateCode: 'CA',
    city: 'Oakland',
    addressLine1: '1 Embarcadero West',
    zipCode: '94607',
    isDefaultSender: true,
  });
  return { ...warehouse, spend: `$${(spentCents / 100).toFixed(2)}` };
}

/** The cells' text of each row of `rows`, spaces trimmed. */
const cellsOf = (rows: Locator) =>
  rows.evaluateAll((nodes) =>
    nodes.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => (cell.textContent ?? '').trim())),
  );

/** Downloads the export behind `button` and reads its first sheet as text, header row first. */
async function exportedSheet(page: Page, button: Locator, namePattern: RegExp): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(namePattern);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    // Empty cells are holes in `values`: Array.from makes them undefined, read as ''.
    rows.push(
      Array.from(row.values as unknown[])
        .slice(1)
        .map((value) => (value == null ? '' : String(value))),
    );
  });
  return rows;
}

/** The resource screen's row of `code`: its category, its name and code, and a screen it guards. */
async function expectResource(page: Page, locale: Locale, code: string, category: string, route: string) {
  const row = page.getByTestId(`resource-row-${code}`);
  await expect(row.locator('td').nth(0)).toHaveText(text(locale, `roles.category.${category}`));
  await expect(row.locator('td').nth(1)).toHaveText(`${text(locale, `resource.${code}`)}${code}`);
  await expect(row.locator('td').nth(2).locator('.ant-tag', { hasText: route })).toHaveText(route);
}

test('an administrator sees a warehouse’s merchants and volume, disables it, finds it in the user log, and reads the resources (zh-CN)', async ({
  browser,
  request,
}) => {
  const locale = 'zh-CN';
  const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);
  const warehouse = await warehouseAccount(request);
  const admin = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
  const row = admin.getByTestId(`warehouse-row-${warehouse.email}`);

  await test.step('the warehouse screen lists the account with its sender address, labels, spend and merchants', async () => {
    await openFromMenu(admin, 'adminSettings', 'overseasWarehouseUser');
    await admin.getByTestId('warehouse-search-keyword').fill(warehouse.email);
    await admin.getByTestId('warehouse-search-submit').click();
    await expect(admin.locator('tr[data-testid^="warehouse-row-"]')).toHaveCount(1);
    await expect(row.getByTestId('account-status')).toHaveText(t('account.status.1'));
    expect((await cellsOf(row)).at(0)?.slice(0, 8)).toEqual([
      warehouse.email,
      'Bay Fulfilment',
      warehouse.phone,
      t('account.status.1'),
      '1',
      '2',
      warehouse.spend,
      '2',
    ]);
  });

  await test.step('its merchants: the two senders it shipped for, a label each', async () => {
    await row.getByTestId('warehouse-action-merchants').click();
    const drawer = admin.getByRole('dialog');
    await expect(drawer.locator('.ant-drawer-title')).toHaveText(
      t('warehouses.merchantsOf', { user: warehouse.email }),
    );
    for (const merchant of MERCHANTS) {
      await expect(drawer.getByTestId(`warehouse-merchant-${merchant}`).locator('td').nth(1)).toHaveText('1');
    }
    await expect(drawer.locator('tr[data-testid^="warehouse-merchant-"]')).toHaveCount(2);
    await keepPicture(admin, `warehouse-merchants-${locale}`);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
  });

  await test.step('the export (overSeasDown) is a workbook with the same row', async () => {
    const sheet = await exportedSheet(admin, admin.getByTestId('warehouses-export'), /^overseas-warehouses.*\.xlsx$/);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]).toEqual([
      String(warehouse.id),
      warehouse.email,
      `${warehouse.firstName} ${warehouse.lastName}`,
      'Bay Fulfilment',
      warehouse.phone,
      t('account.status.1'),
      '1',
      '2',
      warehouse.spend.slice(1),
      '2',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    ]);
  });

  await test.step('disabled on the user management screen, it shows as disabled among the warehouses and cannot sign in', async () => {
    await openFromMenu(admin, 'adminSettings', 'userManagement');
    await admin.getByTestId('user-search-keyword').fill(warehouse.email);
    await admin.getByTestId('user-search-submit').click();
    const user = admin.getByTestId(`user-row-${warehouse.email}`);
    await user.getByTestId('user-action-disable').click();
    await expect(popconfirm(admin)).toContainText(t('users.confirmDisable', { user: warehouse.email }));
    await confirmPopup(admin);
    await expectMessage(admin, null, t('users.disabled'));
    await expect(user.getByTestId('account-status')).toHaveText(t('account.status.2'));
    await openFromMenu(admin, 'adminSettings', 'overseasWarehouseUser');
    await admin.getByTestId('warehouse-search-keyword').fill(warehouse.email);
    await admin.getByTestId('warehouse-search-submit').click();
    await expect(row.getByTestId('account-status')).toHaveText(t('account.status.2'));
    await expect(apiLogin(request, warehouse.email, warehouse.password)).rejects.toThrow(/login failed/);
  });

  await test.step('the user log, filtered to the account, shows the disable and the change made acting as it', async () => {
    await openFromMenu(admin, 'maintenance', 'userLogs');
    await admin.getByTestId('user-logs-subject').fill(String(warehouse.id));
    await admin.getByTestId('user-logs-search').click();
    const rows = admin.locator('tr[data-testid^="user-log-"]');
    // The filter applied: every row is about the warehouse.
    await expect
      .poll(async () => {
        const cells = await cellsOf(rows);
        return cells.length > 0 && cells.every((row) => row[2] === warehouse.email);
      })
      .toBe(true);
    // Newest first: the disable, then the sender address saved while acting as the warehouse.
    await expect(rows.first()).toContainText(`POST /api/admin/updateStatus/${warehouse.id}`);
    const [disable, acting] = await cellsOf(rows);
    expect(disable?.slice(1, 5)).toEqual([
      ADMIN.username,
      warehouse.email,
      `POST /api/admin/updateStatus/${warehouse.id}`,
      '200',
    ]);
    await expect(rows.first().getByTestId('user-log-acting')).toHaveCount(0);
    expect(acting?.slice(1, 5)).toEqual([
      `${ADMIN.username}${t('userLogs.actingAs')}`,
      warehouse.email,
      'POST /api/app/user/address',
      '200',
    ]);
    await expect(rows.nth(1).getByTestId('user-log-acting')).toHaveText(t('userLogs.actingAs'));
    await keepPicture(admin, `user-logs-${locale}`);
  });

  await test.step('the export is a workbook with those rows, acting as marked', async () => {
    const sheet = await exportedSheet(admin, admin.getByTestId('user-logs-export'), /^user-log.*\.xlsx$/);
    expect(sheet[1]?.slice(1)).toEqual([
      ADMIN.username,
      warehouse.email,
      '',
      // No API key made these calls: the key-mode column is empty.
      '',
      `POST /api/admin/updateStatus/${warehouse.id}`,
      '200',
      expect.any(String),
    ]);
    expect(sheet[2]?.slice(1, 6)).toEqual([ADMIN.username, warehouse.email, '✓', '', 'POST /api/app/user/address']);
    for (const line of sheet.slice(1)) expect(line[2]).toBe(warehouse.email);
  });

  await test.step('the resource screens: codes grouped by category, each with the screens it guards', async () => {
    await openFromMenu(admin, 'roleSettings', 'resourceCategory');
    await expect(admin.getByTestId('resource-category-page')).toBeVisible();
    await expectResource(admin, locale, 'adminList', 'admin', '/adminSettings/overseasWarehouseUser');
    // Grouped: each category's codes in one run.
    const categories = (await cellsOf(admin.locator('tr[data-testid^="resource-row-"]'))).map((cells) => cells[0]);
    const runs = categories.filter((category, i) => i === 0 || category !== categories[i - 1]);
    expect(runs).toEqual([t('roles.category.admin'), t('roles.category.customer')]);
    await openFromMenu(admin, 'roleSettings', 'resourceManagement');
    await expect(admin.getByTestId('resource-management-page')).toBeVisible();
    await expectResource(admin, locale, 'appSysMessageList', 'customer', '/sys/center');
    await keepPicture(admin, `resources-${locale}`);
  });
  await admin.context().close();
});

test('the resource screen in English: a code’s category, name and the screen it guards (en-US)', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, ADMIN.username, ADMIN.password, 'en-US');
  await openFromMenu(admin, 'roleSettings', 'resourceManagement');
  await expectResource(admin, 'en-US', 'adminList', 'admin', '/adminSettings/overseasWarehouseUser');
  await expect(admin.getByTestId('resource-management-page').locator('thead')).toContainText(
    text('en-US', 'roles.screens'),
  );
  await admin.context().close();
});
