import { expect, type Page, test } from '@playwright/test';
import { chooseFromMenu } from '../support/overlays.ts';
import { type Customer, createCustomer, sessionToken, signIn, startInLocale, text } from '../support/ui.ts';

const en = (key: string) => text('en-US', key);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let customer: Customer;

test.beforeAll(async ({ request }) => {
  customer = await createCustomer(request, { prefix: 'settings' });
});

test.beforeEach(async ({ page, context }) => {
  await startInLocale(context, 'en-US');
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
});

const drawer = (page: Page) => page.getByTestId('settings-drawer');
const settingSwitch = (page: Page, key: string) => page.getByTestId(`settings-switch-${key}`);
const storedSettings = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>);

async function openDrawer(page: Page): Promise<void> {
  await page.getByTestId('navbar-settings').click();
  await expect(drawer(page)).toBeVisible();
  await expect(page.locator('.ant-drawer-title')).toHaveText(en('settings.title'));
}

test('the navbar switch hides the navbar and only then shows the floating settings button', async ({ page }) => {
  await expect(page.getByTestId('navbar')).toBeVisible();
  await expect(page.getByTestId('settings-float-button')).toHaveCount(0);
  await openDrawer(page);
  // The drawer is 300 px wide (docs/design.md §7).
  const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
  expect(box?.width).toBe(300);
  await expect(settingSwitch(page, 'navbar')).toHaveAttribute('aria-checked', 'true');

  await settingSwitch(page, 'navbar').click();
  await expect(settingSwitch(page, 'navbar')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('navbar')).toHaveCount(0);
  await page.getByTestId('settings-close').click();
  await expect(drawer(page)).toBeHidden();
  await expect(page.getByTestId('settings-float-button')).toBeVisible();
  await page.screenshot({ path: '/tmp/e2e-settings-no-navbar.png' });

  // The floating button is now the way back into the drawer.
  await page.getByTestId('settings-float-button').click();
  await expect(drawer(page)).toBeVisible();
  await settingSwitch(page, 'navbar').click();
  await expect(page.getByTestId('navbar')).toBeVisible();
  await expect(page.getByTestId('settings-float-button')).toHaveCount(0);
  expect((await storedSettings(page)).navbar).toBe(true);
});

test('the content switches show and hide the menu, top menu, footer and tab bar', async ({ page }) => {
  await openDrawer(page);
  await expect(page.getByTestId('app-footer')).toBeVisible();
  await settingSwitch(page, 'footer').click();
  await expect(page.getByTestId('app-footer')).toHaveCount(0);
  await settingSwitch(page, 'footer').click();
  await expect(page.getByTestId('app-footer')).toBeVisible();

  await expect(page.getByTestId('tab-bar')).toHaveCount(0);
  await settingSwitch(page, 'tabBar').click();
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  await expect(page.getByTestId('tab-Workplace')).toHaveText(en('menu.dashboard.workplace'));
  await settingSwitch(page, 'tabBar').click();
  await expect(page.getByTestId('tab-bar')).toHaveCount(0);

  await expect(page.getByTestId('side-menu-sider')).toBeVisible();
  await settingSwitch(page, 'menu').click();
  await expect(page.getByTestId('side-menu-sider')).toHaveCount(0);
  await settingSwitch(page, 'menu').click();
  await expect(page.getByTestId('side-menu-sider')).toBeVisible();

  // topMenu moves the menu into the navbar.
  await settingSwitch(page, 'topMenu').click();
  await expect(page.getByTestId('top-menu')).toBeVisible();
  await expect(page.getByTestId('side-menu-sider')).toHaveCount(0);
  await settingSwitch(page, 'topMenu').click();
  await expect(page.getByTestId('top-menu')).toHaveCount(0);
  await expect(page.getByTestId('side-menu-sider')).toBeVisible();

  // menuFromServer fetches the menu (POST /api/user/menu) and says so.
  const menuCall = page.waitForRequest((call) => call.url().endsWith('/api/user/menu') && call.method() === 'POST');
  await settingSwitch(page, 'menuFromServer').click();
  await menuCall;
  await expect(page.getByTestId('notification-success')).toHaveText(en('menu.server.success'));
  await expect(page.getByTestId('side-menu').getByTestId('menu-item-dashboard')).toHaveText(en('menu.dashboard'));
  await settingSwitch(page, 'menuFromServer').click();
  expect(await storedSettings(page)).toMatchObject({ footer: true, tabBar: false, menu: true, topMenu: false });
});

test('menuWidth accepts numbers only and sets the width of the menu', async ({ page }) => {
  await openDrawer(page);
  const input = page.getByTestId('settings-menu-width');
  await expect(input).toHaveValue('210');
  expect((await page.getByTestId('side-menu-sider').boundingBox())?.width).toBe(210);

  await input.fill('');
  await input.pressSequentially('2a6x0');
  await expect(input).toHaveValue('260');
  await expect.poll(async () => (await page.getByTestId('side-menu-sider').boundingBox())?.width).toBe(260);

  await input.fill('wide');
  await expect(input).toHaveValue('');
  await input.press('Tab');
  await expect(input).toHaveValue('260');
  expect((await storedSettings(page)).menuWidth).toBe(260);

  await input.fill('210');
  await expect.poll(async () => (await page.getByTestId('side-menu-sider').boundingBox())?.width).toBe(210);
});

test('colorWeak applies the 80% inversion filter', async ({ page }) => {
  const filter = () => page.evaluate(() => getComputedStyle(document.body).filter);
  expect(await filter()).toBe('none');
  await openDrawer(page);
  await settingSwitch(page, 'colorWeak').click();
  await expect.poll(filter).toBe('invert(0.8)');
  await page.reload();
  await expect(page.getByTestId('workplace-page')).toBeVisible();
  expect(await filter()).toBe('invert(0.8)');
  await openDrawer(page);
  await settingSwitch(page, 'colorWeak').click();
  await expect.poll(filter).toBe('none');
});

test('copy settings copies the whole settings state as JSON and confirms', async ({ page }) => {
  await openDrawer(page);
  await settingSwitch(page, 'footer').click();
  await page.getByTestId('settings-menu-width').fill('240');
  await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));

  await page.getByTestId('settings-copy').click();
  await expect(page.getByTestId('settings-copy-success')).toHaveText(en('settings.copySuccess'));
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
  expect(copied).toMatchObject({
    theme: 'light',
    colorPrimary: '#165DFF',
    navbar: true,
    menu: true,
    topMenu: false,
    footer: false,
    tabBar: false,
    menuFromServer: false,
    colorWeak: false,
    menuWidth: 240,
  });
  // The state only: no store functions.
  expect(Object.values(copied).every((value) => typeof value !== 'function' && value !== null)).toBe(true);
  expect(copied).not.toHaveProperty('update');
  await page.screenshot({ path: '/tmp/e2e-settings-copied.png' });

  await settingSwitch(page, 'footer').click();
  await page.getByTestId('settings-menu-width').fill('210');
});

test('the theme toggle switches between light and dark', async ({ page }) => {
  const look = () =>
    page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      background: getComputedStyle(document.body).backgroundColor,
    }));
  const brightness = (rgb: string) =>
    (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, value) => sum + Number(value), 0);

  const light = await look();
  expect(light.theme).toBe('light');
  expect(brightness(light.background)).toBeGreaterThan(600);
  await expect(page.getByTestId('navbar-theme')).toHaveAttribute('data-theme', 'light');

  await page.getByTestId('navbar-theme').click();
  await expect(page.getByTestId('navbar-theme')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => (await look()).theme).toBe('dark');
  expect(brightness((await look()).background)).toBeLessThan(150);
  await page.screenshot({ path: '/tmp/e2e-dark.png' });
  // The drawer's dark switch agrees, and the choice is kept.
  await openDrawer(page);
  await expect(settingSwitch(page, 'dark')).toHaveAttribute('aria-checked', 'true');
  expect((await storedSettings(page)).theme).toBe('dark');

  await settingSwitch(page, 'dark').click();
  await expect(page.getByTestId('navbar-theme')).toHaveAttribute('data-theme', 'light');
  await expect.poll(async () => (await look()).theme).toBe('light');
  expect(brightness((await look()).background)).toBeGreaterThan(600);
});

test('signing out from the user menu ends the session', async ({ page, request }) => {
  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  await chooseFromMenu(page, 'navbar-user', 'user-menu-logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await sessionToken(page)).toBeNull();
  const stored = await page.evaluate(() => ({
    rememberedToken: localStorage.getItem('rememberedToken'),
    actingAs: localStorage.getItem('actingAs'),
    serverMenu: localStorage.getItem('serverMenu'),
  }));
  expect(stored).toEqual({ rememberedToken: null, actingAs: null, serverMenu: null });
  // The server revoked the session too.
  const answer = await request.get('/api/user/info', { headers: { authorization: `Bearer ${token}` } });
  expect((await answer.json()).code).toBe(401);

  await page.goto('/dashboard/workplace');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fworkplace$/);
  await expect(page.getByTestId('app-layout')).toHaveCount(0);
});
