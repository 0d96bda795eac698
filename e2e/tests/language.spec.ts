import { expect, type Page, test } from '@playwright/test';
import { chooseFromMenu, openMenu } from '../support/overlays.ts';
import { createCustomer, LOCALE_KEY, type Locale, literally, signIn, text } from '../support/ui.ts';

const CJK = /[\u3400-\u9fff\uff00-\uffef]/;

const zh = (key: string, values?: Record<string, string | number>) => text('zh-CN', key, values);
const en = (key: string, values?: Record<string, string | number>) => text('en-US', key, values);

/** The menu titles, breadcrumb, greeting and wallet card of the workplace, in `locale`. */
async function expectShell(page: Page, locale: Locale, fullName: string): Promise<void> {
  const say = (key: string, values?: Record<string, string | number>) => text(locale, key, values);
  const menu = page.getByTestId('side-menu');
  for (const [name, key] of [
    ['dashboard', 'menu.dashboard'],
    ['Workplace', 'menu.dashboard.workplace'],
    ['settings', 'menu.settings'],
    ['docs', 'menu.docs'],
    ['faq', 'menu.faq'],
  ] as const) {
    // Each string really differs between the two languages, so the check cannot pass by accident.
    expect(zh(key)).not.toBe(en(key));
    await expect(menu.getByTestId(`menu-item-${name}`)).toHaveText(say(key));
  }
  await expect(page.getByTestId('breadcrumb-dashboard')).toHaveText(say('menu.dashboard'));
  await expect(page.getByTestId('breadcrumb-Workplace')).toHaveText(say('menu.dashboard.workplace'));
  const greetings = ['workplace.morning', 'workplace.afternoon', 'workplace.evening'].map((key) =>
    say(key, { name: fullName }),
  );
  await expect(page.getByTestId('workplace-greeting')).toHaveText(
    new RegExp(`^(${greetings.map((greeting) => literally(greeting).source).join('|')})$`),
  );
  await expect(page.getByTestId('wallet-USD')).toContainText(say('workplace.wallet', { currency: 'USD' }));
  await expect(page.getByTestId('wallet-USD')).toContainText(say('workplace.balance'));
}

/** Everything the page shows as text (the whole body, menus and cards included; hidden nodes left out). */
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point; textContent would include hidden nodes
const visibleText = (page: Page) => page.locator('body').innerText();

/** Marks the current document; the mark disappears only when the page really reloads. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __beforeSwitch?: boolean }).__beforeSwitch = true;
  });
}
const documentMarked = (page: Page) =>
  page.evaluate(() => Boolean((window as unknown as { __beforeSwitch?: boolean }).__beforeSwitch));

const chooseLanguage = (page: Page, locale: Locale) => chooseFromMenu(page, 'navbar-language', `language-${locale}`);

test('the language switch asks first, reloads the page in the other language and keeps the choice', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, { prefix: 'language' });
  const fullName = `${customer.firstName} ${customer.lastName}`;
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);

  await test.step('the default language is zh-CN', async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expectShell(page, 'zh-CN', fullName);
    await expect(page.getByTestId('app-footer')).toHaveText(zh('footer.text', { year: new Date().getFullYear() }));
    expect(await visibleText(page)).toMatch(CJK);
  });

  await test.step('cancelling the confirmation changes nothing', async () => {
    await markDocument(page);
    await chooseLanguage(page, 'en-US');
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog).toContainText(zh('navbar.language.confirmTitle'));
    await expect(dialog).toContainText(zh('navbar.language.confirmText', { language: 'English' }));
    await page.getByTestId('language-confirm-cancel').click();
    await expect(dialog).toHaveCount(0);
    expect(await documentMarked(page)).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBeNull();
    await expect(page.getByTestId('menu-item-dashboard')).toHaveText(zh('menu.dashboard'));
  });

  await test.step('confirming reloads the page in English: every visible string changes', async () => {
    await chooseLanguage(page, 'en-US');
    await expect(page.locator('.ant-modal-confirm')).toContainText(zh('navbar.language.confirmTitle'));
    await page.getByTestId('language-confirm-ok').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    expect(await documentMarked(page)).toBe(false);
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await expectShell(page, 'en-US', fullName);
    await expect(page.getByTestId('app-footer')).toHaveText(en('footer.text', { year: new Date().getFullYear() }));

    // The navbar's tooltips and the user menu too.
    await page.getByTestId('navbar-settings').hover();
    await expect(page.getByRole('tooltip')).toHaveText(en('navbar.settings'));
    const userMenu = await openMenu(page, 'navbar-user');
    await expect(userMenu.getByTestId('user-menu-logout')).toHaveText(en('navbar.user.logout'));
    await expect(userMenu.getByTestId('user-menu-account')).toHaveText(en('navbar.user.center'));
    await page.keyboard.press('Escape');
    // Not one Chinese character is left on the screen.
    expect(await visibleText(page)).not.toMatch(CJK);
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBe('en-US');
    await page.screenshot({ path: '/tmp/e2e-workplace-en.png' });
  });

  await test.step('the choice survives a reload and a new visit', async () => {
    await page.reload();
    await expect(page.getByTestId('menu-item-dashboard')).toHaveText(en('menu.dashboard'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.goto('/settings/account');
    await expect(page.getByTestId('breadcrumb-account')).toHaveText(en('menu.settings.account'));
    expect(await visibleText(page)).not.toMatch(CJK);
  });

  await test.step('switching back asks in English and restores Chinese', async () => {
    await markDocument(page);
    await chooseLanguage(page, 'zh-CN');
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog).toContainText(en('navbar.language.confirmTitle'));
    await expect(dialog).toContainText(en('navbar.language.confirmText', { language: '简体中文' }));
    await page.getByTestId('language-confirm-ok').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(await documentMarked(page)).toBe(false);
    await expect(page.getByTestId('breadcrumb-account')).toHaveText(zh('menu.settings.account'));
    await expect(page.getByTestId('menu-item-dashboard')).toHaveText(zh('menu.dashboard'));
    expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBe('zh-CN');
  });
});

test('the login page switches language the same way before signing in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: zh('login.title') })).toBeVisible();
  await chooseLanguage(page, 'en-US');
  await expect(page.locator('.ant-modal-confirm')).toContainText(zh('navbar.language.confirmTitle'));
  await page.getByTestId('language-confirm-ok').click();
  await expect(page.getByRole('heading', { name: en('login.title') })).toBeVisible();
  await expect(page.getByTestId('login-submit')).toHaveText(en('login.submit'));
  await expect(page.getByTestId('login-form').getByRole('checkbox', { name: en('login.remember') })).toBeVisible();
  expect(await visibleText(page)).not.toMatch(CJK);
});
