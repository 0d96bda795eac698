import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { catalogueOf } from '../../apps/web/src/locales/catalogue.ts';
import { ROUTE_TABLE, type RouteMeta } from '../../packages/shared/src/menu.ts';
import { adminToken, latestMail, uniqueEmail } from './api.ts';
import { clickUntilSent, TOKEN_KEY } from './flows.ts';

/** The localStorage key holding the interface language (apps/web/src/utils/storage.ts STORAGE_KEYS.locale). */
export const LOCALE_KEY = 'locale';

export type Locale = 'zh-CN' | 'en-US';

/**
 * Starts every page of the context in `locale` unless the page itself already chose one: the language
 * switch under test still wins after its reload.
 */
export async function startInLocale(context: BrowserContext, locale: Locale): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    { key: LOCALE_KEY, value: locale },
  );
}

export interface Customer {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
}

/** The six-digit code of the newest registration mail to `email`. */
export function registrationCode(email: string): string {
  const mail = latestMail(email);
  const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}: ${mail.body}`);
  return code;
}

/** A customer's id in the administrator's user list (GET /api/admin/list?keyword=). */
export async function customerId(request: APIRequestContext, email: string): Promise<number> {
  const token = await adminToken(request);
  const answer = await request.get(`/api/admin/list?keyword=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const user = (await answer.json()).data.list.find((row: { username: string }) => row.username === email);
  if (!user) throw new Error(`no user ${email} in the admin list`);
  return user.id;
}

/**
 * Set-up outside the screens under test: registers a customer through the API (code read from the
 * outbox) and, unless `active` is false, activates the account as the administrator.
 */
export async function createCustomer(
  request: APIRequestContext,
  {
    active = true,
    prefix = 'customer',
    invitationCode,
    ...profile
  }: { active?: boolean; prefix?: string; invitationCode?: string } & Partial<
    Pick<Customer, 'firstName' | 'lastName' | 'company' | 'phone'>
  > = {},
): Promise<Customer> {
  // The server keeps emails in lower case.
  const email = uniqueEmail(prefix.toLowerCase());
  const suffix = /\.(\d+)@/.exec(email)?.[1] ?? '0';
  const customer = {
    email,
    password: 'Parcel#2026x',
    firstName: 'Ada',
    lastName: `Lovelace${suffix}`,
    company: `Analytical Engines ${suffix}`,
    phone: '+1 415 555 0100',
    ...profile,
  };
  const sent = await request.post('/api/user/code/send', { data: { email } });
  expect((await sent.json()).code).toBe(200);
  const code = registrationCode(email);
  const registered = await request.post('/api/user/register', {
    data: { ...customer, code, confirmPassword: customer.password, ...(invitationCode ? { invitationCode } : {}) },
  });
  expect((await registered.json()).code).toBe(200);
  const id = await customerId(request, email);
  if (active) {
    const token = await adminToken(request);
    const answer = await request.post(`/api/admin/updateStatus/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 1 },
    });
    expect((await answer.json()).code).toBe(200);
  }
  return { id, ...customer };
}

/** The 'remember password' checkbox of the login form. */
export const rememberBox = (page: Page) => page.getByTestId('login-form').getByRole('checkbox');

/** Signs in through the login screen (already on /login or about to open it) and waits to leave it. */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  { remember = false, open = true }: { remember?: boolean; open?: boolean } = {},
): Promise<void> {
  if (open) await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await rememberBox(page).setChecked(remember);
  // The submit's first request is for the sign-in key. A click lost while the app takes the drawn form over
  // (pressed on the drawing, released on the app's button: no click) is made again; one that went through never is.
  await clickUntilSent(page.getByTestId('login-submit'), '/api/admin/publicKey');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('app-layout')).toBeVisible();
}

/** Every data-testid="menu-item-…" name in the side menu, after opening each group. */
export async function sideMenuNames(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  const groups = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let guard = 0; guard < 20 && (await groups.count()) > 0; guard++) {
    await groups.first().click();
  }
  await expect(groups).toHaveCount(0);
  const ids = await menu
    .locator('[data-testid^="menu-item-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')?.replace('menu-item-', '') ?? ''));
  return [...new Set(ids)].sort();
}

/** Both web storages of the page, as key → value. */
export async function browserStorage(
  page: Page,
): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => {
    const dump = (storage: Storage) => {
      const entries: Record<string, string> = {};
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null) entries[key] = storage.getItem(key) ?? '';
      }
      return entries;
    };
    return { local: dump(window.localStorage), session: dump(window.sessionStorage) };
  });
}

export async function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.sessionStorage.getItem(key), TOKEN_KEY);
}

/** The groups of the route table that belong to staff only (docs/spec.md §6 admin area keys). */
export const ADMIN_GROUPS = ['adminSettings', 'maintenance', 'roleSettings'] as const;

/**
 * Every route name under the admin groups, from the app's own route table: a screen added there later is
 * checked too.
 */
export function adminRouteNames(): string[] {
  const names = (routes: readonly RouteMeta[]): string[] =>
    routes.flatMap((route) => [route.name, ...names(route.children ?? [])]);
  return names(ROUTE_TABLE.filter((route) => (ADMIN_GROUPS as readonly string[]).includes(route.name)));
}

const catalogues = new Map<Locale, Record<string, string>>();

/**
 * The app's own wording for an i18n key (apps/web/src/locales/catalogue.ts), with {{name}} filled in. Wording the spec
 * fixes is written out literally in the tests instead.
 */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = catalogueOf(locale);
    catalogues.set(locale, catalogue);
  }
  const template = catalogue[key];
  if (template === undefined) throw new Error(`no ${locale} text for ${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** A regular expression matching `value` literally. */
export const literally = (value: string): RegExp => new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Keeps a picture of `what` (a whole page, or one part of it) as /tmp/e2e-`name`.png, to look at after a run. */
export async function keepPicture(what: Page | Locator, name: string): Promise<void> {
  const path = `/tmp/e2e-${name}.png`;
  await ('goto' in what ? what.screenshot({ path, fullPage: true }) : what.screenshot({ path }));
}
