import { expect } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { apiLogin, uniqueEmail } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { openPopover, pickOption, pickUser } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, text } from '../support/ui.ts';

/**
 * Issue 13, employees and system messages, in Chinese: an administrator registers an employee on
 * /adminSettings/employeeManagement and gives it the finance role there, and the employee signs in to the
 * finance screens' menu; staff send a system message on /adminSettings/msgConfig to one merchant, who sees it
 * counted in the navbar message box and on /sys/center, and marks all read.
 *
 * Set-up outside the screens: the merchant is registered and activated through the API.
 */

const locale = 'zh-CN';
const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);

test('an administrator registers an employee and gives it a role; the employee sees that role’s menu (zh-CN)', async ({
  browser,
}) => {
  const email = uniqueEmail('clerk');
  const password = 'Parcel#2026x';
  const admin = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
  const row = admin.getByTestId(`user-row-${email}`);

  await test.step('the administrator registers the employee', async () => {
    await openFromMenu(admin, 'adminSettings', 'employeeManagement');
    await admin.getByTestId('employee-new').click();
    const form = admin.getByTestId('employee-form');
    await form.getByTestId('employee-email').fill(email);
    await form.getByTestId('employee-password').fill(password);
    await form.getByTestId('employee-firstName').fill('Fay');
    await form.getByTestId('employee-lastName').fill('Finance');
    await admin.getByTestId('employee-save').click();
    await expectMessage(admin, null, t('employees.created'));
    await admin.getByTestId('user-search-keyword').fill(email);
    await admin.getByTestId('user-search-submit').click();
    await expect(row).toBeVisible();
  });

  await test.step('and gives it the finance role on the same screen', async () => {
    await row.getByTestId('user-action-roles').click();
    await admin.getByTestId('role-option-finance').check();
    await admin.getByTestId('roles-save').click();
    await expectMessage(admin, null, t('users.rolesSaved'));
    await expect(row).toContainText(t('role.finance'));
  });

  await test.step('the employee signs in to the finance menu and nothing more', async () => {
    const clerk = await signedInPage(browser, email, password, locale);
    const menu = clerk.getByTestId('side-menu');
    await openFromMenu(clerk, 'adminSettings', 'customer', 'customerRecharge');
    await expect(clerk).toHaveURL(/\/adminSettings\/customer\/customerRecharge$/);
    await expect(menu.getByTestId('menu-item-fundDetailsAdmin')).toBeVisible();
    await expect(menu.getByTestId('menu-item-employeeManagement')).toHaveCount(0);
    await expect(menu.getByTestId('menu-item-sysConfig')).toHaveCount(0);
    await keepPicture(clerk, `employee-${locale}`);
    await clerk.context().close();
  });
  await admin.context().close();
});

test('staff send a system message to a merchant, who sees it counted and marks all read (zh-CN)', async ({
  browser,
  request,
}) => {
  const merchant = await createCustomer(request, { prefix: 'notified', company: 'Notice Co' });
  const token = await apiLogin(request, merchant.email, merchant.password);
  const boxUnread = ((await call(request, token, '/api/user/messages')) as { status: number }[]).filter(
    (message) => message.status === 0,
  ).length;
  const title = `Holiday cut-off ${Date.now()}`;
  const admin = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);

  await test.step('staff write the message to the merchant alone on msgConfig', async () => {
    await openFromMenu(admin, 'adminSettings', 'msgConfig');
    await admin.getByTestId('msg-new').click();
    await admin.getByTestId('msg-title').fill(title);
    await admin.getByTestId('msg-content').fill('最后一次取件为 23 日。');
    await pickOption(admin, 'msg-audience', t('msgConfig.audience.users'));
    await pickUser(admin, 'msg-users', merchant.email);
    await admin.getByTestId('msg-send').click();
    await expectMessage(admin, 'msg-sent', t('msgConfig.sent'));
  });

  const page = await signedInPage(browser, merchant.email, merchant.password, locale);
  const link = page.getByTestId('message-box-sys-center');

  await test.step('the merchant sees it counted in the navbar message box', async () => {
    await expect(page.getByTestId('message-box-badge')).toContainText(String(boxUnread + 1));
    await openPopover(page, 'navbar-alerts', 'message-box');
    await expect(link).toHaveText(`${t('messageBox.systemMessages')} (1)`);
  });

  await test.step('opens it on /sys/center and marks all read', async () => {
    await link.click();
    await expect(page).toHaveURL(/\/sys\/center$/);
    const item = page.locator('.ant-list-item', { hasText: title });
    await expect(item.getByTestId('sys-message-unread')).toBeVisible();
    await expect(page.getByTestId('sys-center-unread')).toContainText('1');
    await page.getByTestId('sys-center-read-all').click();
    await expect(item.getByTestId('sys-message-unread')).toHaveCount(0);
    await expect(page.getByTestId('sys-center-read-all')).toBeDisabled();
    await openPopover(page, 'navbar-alerts', 'message-box');
    await expect(link).toHaveText(t('messageBox.systemMessages'));
    await keepPicture(page, `sys-messages-${locale}`);
  });
  await page.context().close();
  await admin.context().close();
});
