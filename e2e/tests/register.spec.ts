import { expect, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { uniqueEmail } from '../support/api.ts';
import { prepareContext } from '../support/context.ts';
import { expectMessage } from '../support/messages.ts';
import { confirmPopup, popconfirm } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import {
  adminRouteNames,
  literally,
  registrationCode,
  sessionToken,
  sideMenuNames,
  signIn,
  text,
} from '../support/ui.ts';

const zh = (key: string, values?: Record<string, string | number>) => text('zh-CN', key, values);

/** The validation message of the form item around a field (not one leaving in its animation). */
const fieldError = (page: Page, testId: string) =>
  page
    .locator('.ant-form-item', { has: page.getByTestId(testId) })
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

/**
 * Issue 2 "Done when": register → the administrator activates the account from the user management screen →
 * the customer signs in to the workplace and sees only the customer menu. In the default language, zh-CN.
 */
test('a new customer registers, is activated by an administrator and sees only the customer menu', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('register');
  const suffix = /\.(\d+)@/.exec(email)?.[1];
  const password = 'Parcel#2026x';
  const person = { firstName: 'Grace', lastName: `Hopper${suffix}`, company: `Cobol Freight ${suffix}` };

  await test.step('fill every field of the registration form and get a code by mail', async () => {
    await page.goto('/registerForm');
    await expect(page.getByTestId('register-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: zh('register.title') })).toBeVisible();

    // Nothing filled: the required fields of docs/spec.md §5 say so.
    await page.getByTestId('register-submit').click();
    for (const id of [
      'register-email',
      'register-phone',
      'register-first-name',
      'register-last-name',
      'register-company',
      'register-password',
    ]) {
      await expect(fieldError(page, id)).toBeVisible();
    }

    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-phone').fill('+1 212 555 0199');
    await page.getByTestId('register-first-name').fill(person.firstName);
    await page.getByTestId('register-last-name').fill(person.lastName);
    await page.getByTestId('register-company').fill(person.company);
    await page.getByTestId('register-nickname').fill('Amazing Grace');
    await page.getByTestId('register-wechat').fill(`grace_${suffix}`);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm-password').fill(`${password}!`);
    await expect(fieldError(page, 'register-confirm-password')).toHaveText('两次输入的密码不一致');
    await page.getByTestId('register-confirm-password').fill(password);
    await expect(fieldError(page, 'register-confirm-password')).toHaveCount(0);

    await page.getByTestId('register-send-code').click();
    await expectMessage(page, 'register-code-sent', zh('register.codeSent'));
    // The button counts down before another code may be sent.
    await expect(page.getByTestId('register-send-code')).toBeDisabled();
    const resend = zh('register.resendIn', { seconds: 999 }).split('999');
    await expect(page.getByTestId('register-send-code')).toHaveText(
      new RegExp(`^${literally(resend[0] ?? '').source}\\d+${literally(resend[1] ?? '').source}$`),
    );
    await page.getByTestId('register-code').fill(registrationCode(email));
  });

  await test.step('an unknown invitation code is refused on its field; without it the account is made', async () => {
    await page.getByTestId('register-invitation-code').fill('NO-SUCH-SELLER');
    await page.getByTestId('register-submit').click();
    await expect(fieldError(page, 'register-invitation-code')).toHaveText('邀请码无效');
    await expect(page.getByTestId('register-success')).toHaveCount(0);

    await page.getByTestId('register-invitation-code').fill('');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toHaveText(zh('register.success'));
    await expect(page.getByTestId('register-success')).toContainText('管理员');
    await page.screenshot({ path: '/tmp/e2e-register-success.png' });
  });

  await test.step('signing in before activation says the account is not activated', async () => {
    await page.getByTestId('register-back-login').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByTestId('login-username').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await expectMessage(page, 'message-error', /账号尚未激活，请联系管理员激活/);
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionToken(page)).toBeNull();
  });

  await test.step('an administrator finds the user by keyword and activates the account', async () => {
    const adminContext = await browser.newContext();
    await prepareContext(adminContext);
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN.username, ADMIN.password);
    // The administrator's menu holds the admin group the customer must not see.
    const adminMenu = await sideMenuNames(admin);
    expect(adminMenu).toContain('adminSettings');
    expect(adminMenu).toContain('userManagement');
    await admin.getByTestId('menu-item-userManagement').click();
    await expect(admin).toHaveURL(/\/adminSettings\/userManagement$/);
    await expect(admin.getByTestId('user-management-page')).toBeVisible();

    await admin.getByTestId('user-search-keyword').fill(person.lastName);
    await admin.getByTestId('user-search-submit').click();
    const row = admin.getByTestId(`user-row-${email}`);
    await expect(row).toBeVisible();
    await expect(admin.locator('[data-testid^="user-row-"]')).toHaveCount(1);
    await expect(row.getByTestId('account-status')).toHaveText(zh('account.status.0'));
    await expect(row.getByTestId('user-action-act-as')).toBeDisabled();

    await row.getByTestId('user-action-activate').click();
    await expect(popconfirm(admin)).toContainText(zh('users.confirmActivate', { user: email }));
    await confirmPopup(admin);
    await expectMessage(admin, null, literally(zh('users.activated')));
    await expect(row.getByTestId('account-status')).toHaveText(zh('account.status.1'));
    await expect(row.getByTestId('user-action-disable')).toBeVisible();
    await admin.screenshot({ path: '/tmp/e2e-admin-activated.png' });
    await adminContext.close();
  });

  await test.step('the customer signs in to the workplace, greeted with the balances', async () => {
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await expect(page.getByTestId('login-welcome')).toHaveText(zh('login.welcome'));
    const name = `${person.firstName} ${person.lastName}`;
    const greetings = ['workplace.morning', 'workplace.afternoon', 'workplace.evening'].map(
      (key) => literally(zh(key, { name })).source,
    );
    await expect(page.getByTestId('workplace-greeting')).toHaveText(new RegExp(`^(${greetings.join('|')})$`));
    await expect(page.getByTestId('workplace-page')).toContainText(person.company);
    await expect(page.getByTestId('wallet-USD')).toContainText(zh('workplace.wallet', { currency: 'USD' }));
    for (const key of ['balance', 'earnestBalance', 'depositBalance', 'refundAmount', 'creditLimit']) {
      await expect(page.getByTestId('wallet-USD')).toContainText(zh(`workplace.${key}`));
      await expect(page.getByTestId(`balance-USD-${key}`)).toHaveText('$0.00');
    }
    expect(await sessionToken(page)).toBeTruthy();
  });

  await test.step('the customer sees only the customer menu', async () => {
    const names = await sideMenuNames(page);
    // The customer's own screens and the two external links are there…
    for (const name of ['dashboard', 'Workplace', 'settings', 'account', 'docs', 'faq']) expect(names).toContain(name);
    // …and nothing of the admin area, whatever screens it holds.
    const adminNames = adminRouteNames();
    expect(adminNames).toContain('userManagement');
    expect(names.filter((name) => adminNames.includes(name))).toEqual([]);

    const menu = page.getByTestId('side-menu');
    await expect(menu.getByTestId('menu-item-dashboard')).toHaveText(zh('menu.dashboard'));
    await expect(menu.getByTestId('menu-item-Workplace')).toHaveText(zh('menu.dashboard.workplace'));
    await expect(menu.getByTestId('menu-item-settings')).toHaveText(zh('menu.settings'));
    await expect(menu.getByTestId('menu-item-account')).toHaveText(zh('menu.settings.account'));
    await expect(menu.getByTestId('menu-item-docs')).toHaveText(zh('menu.docs'));
    await expect(menu.getByTestId('menu-item-faq')).toHaveText(zh('menu.faq'));
    await expect(menu.getByTestId('menu-item-adminSettings')).toHaveCount(0);
    await expect(menu.getByTestId('menu-item-userManagement')).toHaveCount(0);
    await expect(menu).not.toContainText(zh('menu.adminSettings'));
    await expect(menu).not.toContainText(zh('menu.adminSettings.userManagement'));
    // The two external links are menu items that open in a new tab.
    await expect(menu.getByTestId('menu-item-docs')).toHaveAttribute('target', '_blank');
    await expect(menu.getByTestId('menu-item-faq')).toHaveAttribute('target', '_blank');
    await page.screenshot({ path: '/tmp/e2e-customer-workplace.png' });
  });

  await test.step('the admin screen opened directly goes to the first permitted route', async () => {
    await page.goto('/adminSettings/userManagement');
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await expect(page.getByTestId('workplace-page')).toBeVisible();
    await expect(page.getByTestId('user-management-page')).toHaveCount(0);
    await page.goto('/adminSettings');
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await expect(page.getByTestId('user-management-page')).toHaveCount(0);
  });
});
