import { expect, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { expectMessage } from '../support/messages.ts';
import { chooseFromMenu } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import {
  browserStorage,
  type Customer,
  createCustomer,
  rememberBox,
  sessionToken,
  signIn,
  startInLocale,
} from '../support/ui.ts';

/** The validation message under a login field (not one leaving in its animation). */
const fieldError = (page: Page, testId: string) =>
  page
    .locator('.ant-form-item', { has: page.getByTestId(testId) })
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

/** Counts the sign-in calls the page makes. */
function countLoginCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/admin/login')) calls++;
  });
  return () => calls;
}

let customer: Customer;

test.beforeAll(async ({ request }) => {
  customer = await createCustomer(request, { prefix: 'login' });
});

test.describe('in English', () => {
  test.beforeEach(async ({ context }) => {
    await startInLocale(context, 'en-US');
  });

  test('empty username and password get the messages docs/spec.md gives and no call', async ({ page }) => {
    const loginCalls = countLoginCalls(page);
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(fieldError(page, 'login-username')).toHaveText('Username cannot be empty');
    await expect(fieldError(page, 'login-password')).toHaveText('Password cannot be empty');

    // Blanks are no username either.
    await page.getByTestId('login-username').fill('   ');
    await page.getByTestId('login-password').fill('something');
    await page.getByTestId('login-submit').click();
    await expect(fieldError(page, 'login-username')).toHaveText('Username cannot be empty');
    await expect(fieldError(page, 'login-password')).toHaveCount(0);
    expect(loginCalls()).toBe(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password gets a clear message and no session', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-username').fill(ADMIN.username);
    await page.getByTestId('login-password').fill('Not-the-password-1');
    await rememberBox(page).check();
    await page.getByTestId('login-submit').click();
    await expectMessage(page, 'message-error', 'Incorrect username or password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    expect(await sessionToken(page)).toBeNull();
    const storage = await browserStorage(page);
    expect(storage.local).not.toHaveProperty('rememberedToken');
    expect(storage.local).not.toHaveProperty('rememberedUsername');
    // An unknown user gets the same words: nothing tells which part was wrong.
    await page.getByTestId('login-username').fill('nobody.here@shop.test');
    await page.getByTestId('login-submit').click();
    await expectMessage(page, 'message-error', 'Incorrect username or password');
    expect(await sessionToken(page)).toBeNull();
    await page.screenshot({ path: '/tmp/e2e-login-wrong-password.png' });
  });

  test("'remember password' keeps the username and the session, never the password", async ({ page, context }) => {
    await page.goto('/login');
    await expect(rememberBox(page)).not.toBeChecked();
    await signIn(page, customer.email, customer.password, { remember: true, open: false });
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);

    const storage = await browserStorage(page);
    expect(storage.local.rememberedUsername).toBe(customer.email);
    expect(storage.local.rememberedToken).toBe(storage.session.token);
    const everything = [
      ...Object.entries(storage.local),
      ...Object.entries(storage.session),
      ...(await context.cookies()).map((cookie) => [cookie.name, cookie.value]),
    ].join('\n');
    expect(everything).not.toContain(customer.password);
    const keys = [...Object.keys(storage.local), ...Object.keys(storage.session)];
    expect(keys.filter((key) => /pass(word)?|pwd/i.test(key))).toEqual([]);

    // A new tab (a new session storage) is still signed in.
    const second = await context.newPage();
    await second.goto('/settings/account');
    await expect(second.getByTestId('profile-username')).toHaveText(customer.email);
    await second.close();

    // After signing out the form offers the username, with an empty password.
    await chooseFromMenu(page, 'navbar-user', 'user-menu-logout');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-username')).toHaveValue(customer.email);
    await expect(page.getByTestId('login-password')).toHaveValue('');
    await expect(rememberBox(page)).toBeChecked();
    expect((await browserStorage(page)).local).not.toHaveProperty('rememberedToken');

    // Signing in without it forgets the username.
    await signIn(page, customer.email, customer.password, { remember: false, open: false });
    const after = await browserStorage(page);
    expect(after.local).not.toHaveProperty('rememberedUsername');
    expect(after.local).not.toHaveProperty('rememberedToken');
    expect(JSON.stringify(after)).not.toContain(customer.password);
  });

  test('a deep link while signed out goes to /login with redirect and returns there after sign-in', async ({
    page,
  }) => {
    await page.goto('/settings/account?from=mail');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%2Faccount%3Ffrom%3Dmail$/);
    await expect(page.getByTestId('app-layout')).toHaveCount(0);
    await signIn(page, customer.email, customer.password, { open: false });
    await expect(page).toHaveURL(/\/settings\/account\?from=mail$/);
    await expect(page.getByTestId('account-page')).toBeVisible();
    await expect(page.getByTestId('profile-username')).toHaveText(customer.email);
  });

  test('a redirect to another site is ignored: sign-in lands on the workplace', async ({ page }) => {
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fphish');
    await signIn(page, customer.email, customer.password, { open: false });
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard\/workplace$/);
  });

  test('public routes: / and /register go to login, an unknown address shows not-found', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByTestId('login-register').click();
    await expect(page).toHaveURL(/\/registerForm$/);
    await expect(page.getByTestId('register-page')).toBeVisible();
    await page.goto('/no/such/screen');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await page.getByTestId('not-found-back').click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('in the default language (zh-CN) the empty-field messages are in Chinese', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-submit').click();
  await expect(fieldError(page, 'login-username')).toHaveText('用户名不能为空');
  await expect(fieldError(page, 'login-password')).toHaveText('密码不能为空');
  await page.getByTestId('login-username').fill(ADMIN.username);
  await page.getByTestId('login-password').fill('Not-the-password-1');
  await page.getByTestId('login-submit').click();
  await expectMessage(page, 'message-error', '用户名或密码错误');
  expect(await sessionToken(page)).toBeNull();
});
