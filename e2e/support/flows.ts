import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { adminToken, latestMail, uniqueEmail } from './api.ts';

/** Set-up and navigation steps the browser specs share. The behaviour under test stays in the specs. */

/** An API call as `token` (GET without data, POST with it) that must answer code 200; its data. */
export async function call(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const headers = { authorization: `Bearer ${token}` };
  const answer =
    data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  const body = await answer.json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

export interface CustomerProfile {
  /** Start of the unique email address. */
  prefix: string;
  phone: string;
  company: string;
  firstName: string;
  lastName: string;
}

/**
 * Set-up outside the screens under test: registers a customer through the API (the code read from the
 * outbox) and activates the account as the administrator.
 */
export async function createCustomer(
  request: APIRequestContext,
  { prefix, ...profile }: CustomerProfile,
): Promise<{ id: number; email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const password = 'Parcel#2026x';
  expect((await (await request.post('/api/user/code/send', { data: { email } })).json()).code).toBe(200);
  const code = /\b(\d{6})\b/.exec((await latestMail(request, email)).body)?.[1];
  const registered = await request.post('/api/user/register', {
    data: { email, ...profile, code, password, confirmPassword: password },
  });
  expect((await registered.json()).code).toBe(200);
  const admin = await adminToken(request);
  const list = await call(request, admin, `/api/admin/list?keyword=${encodeURIComponent(email)}`);
  const id = list.list.find((row: { username: string }) => row.username === email).id as number;
  await call(request, admin, `/api/admin/updateStatus/${id}`, { status: 1 });
  return { id, email, password };
}

/**
 * A new browser context (downloads accepted) signed in through the login screen. Its pages start in
 * `locale` unless the page itself already chose one.
 */
export async function signedInPage(
  browser: Browser,
  username: string,
  password: string,
  locale: 'zh-CN' | 'en-US' = 'en-US',
): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', value);
  }, locale);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('app-layout')).toBeVisible();
  return page;
}

/** Opens a screen from the side menu: its group, then the item. */
export async function openFromMenu(page: Page, ...names: string[]): Promise<void> {
  const menu = page.getByTestId('side-menu');
  for (const name of names) await menu.getByTestId(`menu-item-${name}`).click();
}
