import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { adminToken, apiLogin, uniqueEmail } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { test } from '../support/test.ts';
import { keepPicture, type Locale, text } from '../support/ui.ts';

/**
 * Issue 13, roles: an administrator makes a role of two resource codes on /roleSettings/roleManagement; an
 * employee holding it sees the waybills screen and not the customers; the administrator swaps a code, and
 * the employee's menu and calls follow on the next step, without signing in again. In both languages.
 *
 * Set-up outside the screens: the employee is registered with the role through the API.
 */

async function employeeWith(request: APIRequestContext, roleCode: string, locale: Locale) {
  const admin = await adminToken(request);
  const roles = (await call(request, admin, '/api/role/list')) as { id: number; code: string }[];
  const role = roles.find((one) => one.code === roleCode);
  const email = uniqueEmail(`desk-${locale.toLowerCase()}`);
  const password = 'Parcel#2026x';
  await call(request, admin, '/api/staff/register', {
    email,
    password,
    firstName: 'Dee',
    lastName: 'Desk',
    roleIds: [role?.id],
  });
  return { email, password };
}

async function rolesFlow(browser: Browser, request: APIRequestContext, locale: Locale) {
  const code = `desk${locale.replace('-', '')}${Date.now() % 100000}`;
  const admin = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
  const row = admin.getByTestId(`role-row-${code}`);

  await test.step('the administrator makes a role of two resource codes', async () => {
    await openFromMenu(admin, 'roleSettings', 'roleManagement');
    await admin.getByTestId('role-new').click();
    await admin.getByTestId('role-code').fill(code);
    await admin.getByTestId('role-name').fill(`Waybill desk ${locale}`);
    await admin.getByTestId('role-resource-menuSystem').check();
    await admin.getByTestId('role-resource-orderList').check();
    await admin.getByTestId('role-save').click();
    await expectMessage(admin, 'role-saved', text(locale, 'roles.saved'));
    await expect(row).toContainText(text(locale, 'resource.orderList'));
    await keepPicture(admin, `roles-${locale}`);
  });

  const employee = await employeeWith(request, code, locale);
  const desk = await signedInPage(browser, employee.email, employee.password, locale);
  const menu = desk.getByTestId('side-menu');
  const token = await apiLogin(request, employee.email, employee.password);
  const status = async (path: string) =>
    (await request.get(path, { headers: { authorization: `Bearer ${token}` } })).status();

  await test.step('the employee sees the waybills and not the customers', async () => {
    await openFromMenu(desk, 'adminSettings', 'adminAllWaybills');
    await expect(menu.getByTestId('menu-item-userManagement')).toHaveCount(0);
    expect(await status('/api/admin/order/orders')).toBe(200);
    expect(await status('/api/admin/list')).toBe(403);
  });

  await test.step('the administrator swaps the waybills for the customers; the employee follows at once', async () => {
    await row.getByTestId('role-action-edit').click();
    await admin.getByTestId('role-resource-orderList').uncheck();
    await admin.getByTestId('role-resource-adminList').check();
    await admin.getByTestId('role-save').click();
    await expectMessage(admin, 'role-saved', text(locale, 'roles.saved'));
    expect(await status('/api/admin/list')).toBe(200);
    expect(await status('/api/admin/order/orders')).toBe(403);
    await desk.reload();
    await expect(menu.getByTestId('menu-item-adminSettings')).toBeVisible();
    await openFromMenu(desk, 'adminSettings', 'userManagement');
    await expect(menu.getByTestId('menu-item-adminAllWaybills')).toHaveCount(0);
  });
  await desk.context().close();
  await admin.context().close();
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a role made of two codes opens its screens to an employee and follows a change at once (${locale})`, async ({
    browser,
    request,
  }) => {
    await rolesFlow(browser, request, locale);
  });
}
