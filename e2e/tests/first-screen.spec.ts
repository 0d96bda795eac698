/**
 * Issue 26, the sign-in page's first screen: /login's document carries the form drawn at build time, in the
 * visitor's language and theme, and the app takes it over when its script starts (apps/web/src/prerender). The
 * app's entry script is held back here, so that the drawn form is used before the app runs, as a visitor on a
 * slow connection would.
 */
import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { type Customer, createCustomer, LOCALE_KEY, type Locale, sessionToken, text } from '../support/ui.ts';

/** Holds the app's entry script (the built index.html's /assets/index-<hash>.js) back until the call returned. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The page's errors: uncaught ones and those logged (a script the Content-Security-Policy refused among them). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Opens /login with the app's script held back, the visitor's stored choices in place; the drawn form is shown. */
async function openDrawn(page: Page, locale: Locale, settings: object = {}): Promise<() => void> {
  await page.context().addInitScript(
    ({ key, value, stored }) => {
      window.localStorage.setItem(key, value);
      window.localStorage.setItem('settings', stored);
    },
    { key: LOCALE_KEY, value: locale, stored: JSON.stringify(settings) },
  );
  const release = await holdAppScript(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(drawnForm(page)).toBeVisible();
  return release;
}

const drawnForm = (page: Page) => page.locator('#root > [data-prerendered] form');

let customer: Customer;
test.beforeAll(async ({ request }) => {
  customer = await createCustomer(request, { prefix: 'first-screen' });
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  test.describe(`in ${locale}`, () => {
    test('what is typed into the drawn form before the app starts is kept, and signing in works', async ({ page }) => {
      const errors = errorsOf(page);
      const release = await openDrawn(page, locale);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('#root h3')).toHaveText(text(locale, 'login.title'));
      await expect(page.getByTestId('login-username')).toHaveAttribute(
        'placeholder',
        text(locale, 'login.usernamePlaceholder'),
      );
      await page.getByTestId('login-remember').check();
      await page.getByTestId('login-username').fill(customer.email);
      await page.getByTestId('login-password').fill(customer.password);
      await expect(drawnForm(page)).toBeVisible(); // still the drawing: the app has not started

      release();
      await expect(drawnForm(page)).toHaveCount(0);
      await expect(page.getByTestId('login-form')).toBeVisible();
      await expect(page.getByTestId('login-username')).toHaveValue(customer.email);
      await expect(page.getByTestId('login-password')).toHaveValue(customer.password);
      await expect(page.getByTestId('login-remember')).toBeChecked();
      await expect(page.getByTestId('login-password')).toBeFocused();
      await expect(page.locator('#root h3')).toHaveText(text(locale, 'login.title'));

      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL(/\/dashboard\/workplace$/);
      await expect(page.getByTestId('app-layout')).toBeVisible();
      expect(await sessionToken(page)).not.toBeNull();
      expect(errors).toEqual([]);
    });

    test('a sign-in submitted on the drawn form goes through once the app starts', async ({ page }) => {
      const errors = errorsOf(page);
      const release = await openDrawn(page, locale);
      await page.getByTestId('login-username').fill(customer.email);
      await page.getByTestId('login-password').fill(customer.password);
      await page.getByTestId('login-password').press('Enter');
      await expect(page).toHaveURL(/\/login$/); // held for the app, not sent as a page load

      release();
      await expect(page).toHaveURL(/\/dashboard\/workplace$/);
      await expect(page.getByTestId('app-layout')).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}

test('a visitor who chose the dark theme gets the form drawn dark, as the app then draws it', async ({ page }) => {
  const errors = errorsOf(page);
  const release = await openDrawn(page, 'en-US', { theme: 'dark' });
  const background = () => page.locator('.pp-auth-page').evaluate((element) => getComputedStyle(element).background);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('navbar-theme')).toHaveAttribute('data-theme', 'dark');
  const drawn = await background();
  expect(drawn).toContain('rgb(0, 0, 0)');

  release();
  await expect(drawnForm(page)).toHaveCount(0);
  await expect(page.getByTestId('navbar-theme')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe(drawn);
  expect(errors).toEqual([]);
});
