import { type APIRequestContext, type Browser, expect, type Locator, type Page, type Request } from '@playwright/test';
import { apiLogin } from './api.ts';
import { prepareContext } from './context.ts';

/** Set-up and navigation steps the browser specs share. The behaviour under test stays in the specs. */

/** The sessionStorage key holding the session token (docs/spec.md §4). */
export const TOKEN_KEY = 'token';

/** An API call as `token` (GET without data, POST with it) that must answer code 200; its data. */
export async function call(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const headers = { authorization: `Bearer ${token}` };
  const answer =
    data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  const body = await answer.json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

/**
 * A new browser context (downloads accepted) signed in, on the suite's instance or at `baseURL`, its page on
 * the screen signing in lands on. Its pages start in `locale` unless the page itself already chose one.
 *
 * Set-up, so signed in through the API rather than the login screen (the specs of signing in use the screen:
 * login, register, first-screen…): the session is left as the login screen leaves it, its token in the tab's
 * session storage (apps/web/src/utils/storage.ts), put there from a page of the app's origin that loads no app
 * (the health check), and the app then opened at its root, which takes the tab to the landing screen and keeps
 * the session in its cookie as after a sign-in. The login screen's load, the form and its encryption took a
 * second or two of every such test.
 */
export async function signedInPage(
  browser: Browser,
  username: string,
  password: string,
  locale: 'zh-CN' | 'en-US' = 'en-US',
  /** Another app instance than the suite's (see startSecondInstance). */
  baseURL?: string,
): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true, ...(baseURL ? { baseURL } : {}) });
  await prepareContext(context);
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', value);
  }, locale);
  const token = await apiLogin(context.request, username, password);
  const page = await context.newPage();
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => window.sessionStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/');
  // The landing screen (a group and a screen, e.g. /dashboard/workplace): until the redirect from / has
  // happened, a click in the menu may be undone by it.
  await expect(page).toHaveURL((url) => url.pathname.split('/').filter(Boolean).length >= 2);
  await expect(page.getByTestId('app-layout')).toBeVisible();
  return page;
}

/**
 * Opens a screen from the side menu: its groups (each opened only if it is closed, since a click on an open
 * group closes it), then the item, clicked again until the menu shows it selected: a click that lands while
 * a group is still unfolding, or while the menu is drawn again, is otherwise lost. Name the item's group
 * even when it looks open: the menu may have folded it since (a reload, another screen's group opened).
 */
export async function openFromMenu(page: Page, ...names: [string, ...string[]]): Promise<void> {
  const menu = page.getByTestId('side-menu');
  const testId = (name: string) => page.getByTestId(`menu-item-${name}`);
  for (const group of names.slice(0, -1)) {
    const title = menu.locator('.ant-menu-submenu-title').filter({ has: testId(group) });
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await expect(title).toHaveAttribute('aria-expanded', 'true');
  }
  const item = menu.getByRole('menuitem').filter({ has: testId(names[names.length - 1] ?? '') });
  await expect(async () => {
    await item.click();
    await expect(item).toHaveClass(/ant-menu-item-selected/, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** A phone's screen, as the mobile specs hold it (docs/spec.md §9 sizes its rem base from it). */
export const PHONE = { width: 390, height: 844 };

/** A new page on a phone (touch, mobile viewport) whose app starts in `locale`, nobody signed in. */
export async function phonePage(browser: Browser, locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await prepareContext(context);
  await context.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
  return context.newPage();
}

/** The page's full width: on a phone, wider than the screen means it scrolls sideways. */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Starts the batch-labels dialog's job (apps/web BatchLabelsModal) and answers its progress panel. The start
 * button is clicked again only while the dialog still offers it, idle: a click that landed while the modal was
 * still zooming in is lost, and once the job has started the button is gone (while it is being asked, it
 * spins and takes no click), so no batch is ever started twice.
 */
export async function startBatchJob(page: Page): Promise<Locator> {
  const start = page.getByTestId('batch-labels-start');
  const panel = page.getByTestId('job-progress');
  await expect(async () => {
    const idle = (await start.isVisible()) && !(await start.getAttribute('class'))?.includes('ant-btn-loading');
    if (idle) await start.click({ timeout: 5_000 });
    await expect(panel).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  return panel;
}

/**
 * Clicks `button` until the page has sent the request it makes (its URL holds `path`): again only while none
 * has gone out, so a click that was lost is made again and one that went through never is.
 */
export async function clickUntilSent(button: Locator, path: string): Promise<void> {
  const page = button.page();
  let sent = false;
  const watch = (request: Request) => {
    if (request.url().includes(path)) sent = true;
  };
  page.on('request', watch);
  try {
    await expect(async () => {
      if (!sent) await button.click({ timeout: 5_000 });
      await expect.poll(() => sent, { timeout: 5_000 }).toBe(true);
    }).toPass({ timeout: 90_000 });
  } finally {
    page.off('request', watch);
  }
}

/** Confirms the buy dialog (apps/web useBuyLabel): its OK asks for the label (POST /api/app/order/label/create). */
export const confirmBuy = (page: Page) =>
  clickUntilSent(page.getByTestId('buy-confirm-ok'), '/api/app/order/label/create');
