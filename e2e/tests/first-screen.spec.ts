/**
 * Issue 26, the first screens: /login's document carries the form drawn at build time, in the visitor's
 * language and theme, and the app takes it over when its script starts (apps/web/src/prerender); a signed-in
 * visit's document asks for the user's details (and an order list's first page) itself, and the app uses those
 * answers (packages/shared first-calls.ts). The app's entry script is held back here, so that what the document
 * does is seen before the app runs, as a visitor on a slow connection would.
 */
import { DRAWN_FILL_WAIT_MS, SESSION_COOKIE } from '@parcelport/shared';
import { expect, type Page } from '@playwright/test';
import { apiLogin } from '../support/api.ts';
import { call, signedInPage } from '../support/flows.ts';
import { domesticShipment, merchantWithDraft, usAddress } from '../support/orders.ts';
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
      await expect(page.locator('#root h1')).toHaveText(text(locale, 'login.title'));
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
      await expect(page.locator('#root h1')).toHaveText(text(locale, 'login.title'));

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

test('a press on the drawn sign-in button, released once the app has taken the form over, signs in', async ({
  page,
}) => {
  const errors = errorsOf(page);
  const release = await openDrawn(page, 'en-US');
  await page.getByTestId('login-username').fill(customer.email);
  await page.getByTestId('login-password').fill(customer.password);
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/admin/login') signIns.push(request.method());
  });
  const button = await page.getByTestId('login-submit').boundingBox();
  if (!button) throw new Error('the drawn sign-in button has no box');
  await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
  await page.mouse.down();

  release();
  await expect(drawnForm(page)).toHaveCount(0);
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.mouse.up();
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  expect(signIns).toEqual(['POST']);
  expect(errors).toEqual([]);
});

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

test.describe('a signed-in visit', () => {
  /** The API calls the page makes, by path. */
  function callsOf(page: Page): string[] {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
    });
    return calls;
  }

  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`the order list's document asks for the user and the rows before the app runs, the app not again (${locale})`, async ({
      page,
      request,
    }) => {
      const token = await apiLogin(request, customer.email, customer.password);
      await page.context().addInitScript(
        ({ value, key, language }) => {
          window.sessionStorage.setItem('token', value);
          window.localStorage.setItem(key, language);
        },
        { value: token, key: LOCALE_KEY, language: locale },
      );
      const errors = errorsOf(page);
      const calls = callsOf(page);
      const release = await holdAppScript(page);
      const asked = Promise.all([
        page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/user/info'),
        page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/app/order/orders'),
      ]);
      await page.goto('/shipments/allWaybills', { waitUntil: 'commit' });
      const [user, list] = await asked; // answered while the app's script is still held
      expect(await user.request().headerValue('accept-language')).toBe(locale);
      expect((await list.json()).code).toBe(200);

      release();
      await expect(page.getByTestId('app-layout')).toBeVisible();
      await expect(page.locator('.ant-table-tbody')).toBeVisible();
      await expect(page.locator('.ant-table-placeholder, .ant-table-row').first()).toBeVisible();
      expect(calls.filter((call) => call === '/api/user/info')).toHaveLength(1);
      expect(calls.filter((call) => call.startsWith('/api/app/order/orders'))).toEqual([
        '/api/app/order/orders?page=1&pageSize=50',
      ]);
      expect(errors).toEqual([]);
    });
  }

  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`signed in through the form, the order list's document brings its rows: drawn with no call made, the app asking neither (${locale})`, async ({
      browser,
      request,
    }) => {
      const { merchant, draft } = await merchantWithDraft(request, `brought-${locale.toLowerCase()}`);
      const page = await signedInPage(browser, merchant.email, merchant.password, locale);
      try {
        // the session cookie the app keeps, from which the server answers the document's first calls
        expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
        // Leave the workplace first: its calls, which may still start on a busy machine, are no call of the
        // order list's document (the tab's session storage and cookie stay).
        await page.goto('about:blank');
        const errors = errorsOf(page);
        const calls = callsOf(page);
        const release = await holdAppScript(page);
        await page.goto('/shipments/allWaybills', { waitUntil: 'commit' });
        const drawnRow = page.locator('#drawn-screen .ant-table-tbody tr.ant-table-row');
        await expect(drawnRow).toContainText(draft.orderNo);
        await expect(drawnRow.locator('.ant-tag')).toHaveText(text(locale, 'orderStatus.0'));
        expect(calls).toEqual([]); // the rows and the user came with the document

        release();
        await expect(page.getByTestId(`order-row-${draft.orderNo}`)).toBeVisible();
        await expect(page.getByTestId('app-layout')).toBeVisible();
        expect(calls.filter((made) => made === '/api/user/info' || made.startsWith('/api/app/order/orders'))).toEqual(
          [],
        );
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }

  test("the order list and the workplace take antd's styles from the build's stylesheet, in both themes", async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, customer.email, customer.password);
    const errors = errorsOf(page);
    // The style elements antd's CSS-in-JS inserts with a component's rules at its first render (declarations
    // of properties), as opposed to those of the theme's variables (custom properties alone), which it still
    // inserts for the reader's theme.
    const generated = () =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll('style[data-css-hash]')).filter((style) =>
            /[{;](?!--)[a-z-]+:/.test(style.textContent ?? ''),
          ).length,
      );
    for (const theme of ['light', 'dark'] as const) {
      // (the dark theme's script, added second, runs after the light one's)
      await page.context().addInitScript(
        ({ value, stored }) => {
          window.sessionStorage.setItem('token', value);
          window.localStorage.setItem('settings', stored);
        },
        { value: token, stored: JSON.stringify({ theme }) },
      );
      await page.goto('/shipments/allWaybills');
      await expect(page.locator('.ant-table-placeholder, .ant-table-row').first()).toBeVisible();
      await expect(page.locator('link[data-antd-styles]')).toHaveCount(1);
      expect(await generated()).toBe(0);
      // the theme's colours still apply: the primary button in the theme's primary colour (#165DFF in light),
      // the layout dark in dark
      const newOrder = page.getByTestId('order-list-new');
      const background = await newOrder.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background).toBe(theme === 'light' ? 'rgb(22, 93, 255)' : await primaryOf(page));
      const layout = await page
        .getByTestId('app-layout')
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(layout).toBe(theme === 'light' ? 'rgb(245, 245, 245)' : 'rgb(0, 0, 0)');
      await page.goto('/dashboard/workplace');
      await expect(page.getByTestId('workplace-greeting')).toBeVisible();
      expect(await generated()).toBe(0);
    }
    expect(errors).toEqual([]);
  });
});

test.describe('the signed-in first screens drawn at build time', () => {
  /** A session of `token` in the page's storage, with the reader's language and settings. */
  async function signedIn(page: Page, token: string, locale: Locale, settings: object = {}) {
    await page.context().addInitScript(
      ({ value, key, language, stored }) => {
        window.sessionStorage.setItem('token', value);
        window.localStorage.setItem(key, language);
        window.localStorage.setItem('settings', stored);
      },
      { value: token, key: LOCALE_KEY, language: locale, stored: JSON.stringify(settings) },
    );
  }

  /** The element a click at the middle of `locator` lands on: its id, or its tag. */
  const hitAt = async (page: Page, locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('no box');
    return page.evaluate(
      ({ x, y }) => {
        const hit = document.elementFromPoint(x, y);
        return hit?.id || hit?.tagName;
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
  };

  const ATTACK = '<img src=x onerror="window.__attacked=1">';

  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`the order list's rows are drawn before the app runs, a name as text, then the live table takes over (${locale})`, async ({
      page,
      request,
    }) => {
      const merchant = await createCustomer(request, { prefix: `drawn-list-${locale.toLowerCase()}` });
      const token = await apiLogin(request, merchant.email, merchant.password);
      const shipment = { ...domesticShipment('Ada Sender'), to: usAddress('10118', 'New York', 'NY', ATTACK) };
      const draft = (await call(request, token, '/api/app/order/draft', shipment)) as { orderNo: string };
      await signedIn(page, token, locale);
      const errors = errorsOf(page);
      const release = await holdAppScript(page);
      await page.goto('/shipments/allWaybills', { waitUntil: 'commit' });

      const drawn = page.locator('#drawn-screen');
      const drawnRow = drawn.locator('.ant-table-tbody tr.ant-table-row');
      await expect(drawnRow).toHaveCount(1);
      await expect(drawnRow).toBeVisible();
      await expect(drawnRow).toContainText(draft.orderNo);
      await expect(drawnRow).toContainText(ATTACK); // the name as text
      await expect(drawnRow.locator('.ant-tag')).toHaveText(text(locale, 'orderStatus.0'));
      await expect(drawn.locator('thead')).toContainText(text(locale, 'orderList.recipient'));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect(await page.locator('img[onerror]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __attacked?: number }).__attacked)).toBeUndefined();
      // nothing drawn can be used: its content is inert, and a click on it lands on the cover
      await expect(drawn.locator(':scope > [inert]')).toHaveCount(1);
      expect(await hitAt(page, drawnRow.locator('a').first())).toBe('drawn-screen');
      await expect(page.getByTestId('app-layout')).toHaveCount(0); // the app has not started

      release();
      await expect(drawn).toHaveCount(0);
      const row = page.getByTestId(`order-row-${draft.orderNo}`);
      await expect(row).toBeVisible();
      await expect(row).toContainText(ATTACK);
      expect(await page.locator('img[onerror]').count()).toBe(0);
      // the live table works: its order number opens the order
      await row.getByTestId('order-no').click();
      await expect(page).toHaveURL(/\/shipments\/detail\/\d+$/);
      expect(errors).toEqual([]);
    });
  }

  /**
   * Kept in the page as it loads (performance.now()): when the drawing was put in, when its first row was filled,
   * and when the app first asked for its layout's script (what it does first once it runs).
   */
  async function recordStart(page: Page) {
    await page.context().addInitScript(() => {
      const times: Record<string, number> = {};
      (window as unknown as { __times: typeof times }).__times = times;
      new MutationObserver(() => {
        const drawn = document.getElementById('drawn-screen');
        if (drawn && times.drawn === undefined) times.drawn = performance.now();
        if (drawn?.querySelector('tr[data-row-key]') && times.filled === undefined) times.filled = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
  }
  const startTimes = (page: Page) =>
    page.evaluate(() => ({
      ...(window as unknown as { __times: { drawn?: number; filled?: number } }).__times,
      app: performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname.startsWith('/assets/layout-'))?.startTime,
    }));

  test('the app runs once the drawn rows are filled, its script and stylesheets fetched meanwhile; a slow answer holds it a second at most', async ({
    page,
    request,
  }) => {
    const { token, draft } = await merchantWithDraft(request, 'drawn-start');
    await signedIn(page, token, 'en-US');
    await recordStart(page);
    const errors = errorsOf(page);

    // as it comes: the app's first request after the filled rows (or after the second it waits at most)
    await page.goto('/shipments/allWaybills');
    await expect(page.getByTestId(`order-row-${draft.orderNo}`)).toBeVisible();
    const natural = await startTimes(page);
    expect(natural.drawn).toBeDefined();
    expect(natural.app).toBeDefined();
    const { drawn = 0, filled = Number.POSITIVE_INFINITY, app = 0 } = natural;
    if (filled - drawn < DRAWN_FILL_WAIT_MS - 50) expect(app).toBeGreaterThan(filled);
    else expect(app - drawn).toBeGreaterThanOrEqual(DRAWN_FILL_WAIT_MS - 50);

    // the rows' answer held: the app's script and stylesheets come, and it runs after the second, not before
    // (the session cookie the app wrote taken away, so that the document asks for the rows rather than brings them)
    await page.context().clearCookies({ name: SESSION_COOKIE });
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(/\/api\/app\/order\/orders\?/, async (route) => {
      await held;
      await route.continue();
    });
    const entry = page.waitForResponse((response) => /\/assets\/index-[\w-]+\.js$/.test(response.url()));
    const antd = page.waitForResponse((response) => /\/assets\/antd-[\w-]+\.css$/.test(response.url()));
    await page.goto('/shipments/allWaybills', { waitUntil: 'commit' });
    await Promise.all([entry, antd]);
    await expect(page.getByTestId('app-layout')).toBeVisible();
    const slow = await startTimes(page);
    expect(slow.filled).toBeUndefined();
    expect((slow.app ?? 0) - (slow.drawn ?? 0)).toBeGreaterThanOrEqual(DRAWN_FILL_WAIT_MS - 50);
    answer();
    await expect(page.getByTestId(`order-row-${draft.orderNo}`)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the workplace's greeting is drawn before the app runs, dark for a dark reader, then the app's replaces it", async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, customer.email, customer.password);
    await signedIn(page, token, 'zh-CN', { theme: 'dark' });
    const errors = errorsOf(page);
    const release = await holdAppScript(page);
    await page.goto('/dashboard/workplace', { waitUntil: 'commit' });

    const drawn = page.locator('#drawn-screen');
    const greeting = drawn.getByTestId('workplace-greeting');
    await expect(greeting).toBeVisible();
    const greeted = (await greeting.textContent()) ?? '';
    expect(greeted.length).toBeGreaterThan(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const background = await drawn
      .locator('.ant-layout')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(0, 0, 0)');
    expect(await hitAt(page, greeting)).toBe('drawn-screen');

    release();
    await expect(drawn).toHaveCount(0);
    await expect(page.getByTestId('workplace-greeting')).toHaveCount(1);
    await expect(page.getByTestId('workplace-greeting')).toHaveText(greeted); // the same words, in place
    await expect(page.getByTestId('app-layout')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("once the app has run, the document holds the reader's look alone; a theme changed is the next one's", async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, customer.email, customer.password);
    // the reader's choices as they stood before this visit; changes made in the app are kept
    await page.context().addInitScript(
      ({ value, key }) => {
        window.sessionStorage.setItem('token', value);
        if (window.localStorage.getItem(key) === null) {
          window.localStorage.setItem(key, 'en-US');
          window.localStorage.setItem('settings', JSON.stringify({ theme: 'dark' }));
        }
      },
      { value: token, key: LOCALE_KEY },
    );
    /** The looks drawn in each document the page loads (packages/shared looks.ts), in order. */
    const looks: string[][] = [];
    page.on('response', async (answer) => {
      if (answer.request().resourceType() !== 'document') return;
      const html = await answer.text();
      looks.push(
        [...html.matchAll(/<template data-locale="([\w-]+)" data-theme="(\w+)">/g)].map((m) => `${m[1]}.${m[2]}`),
      );
    });
    const lookCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'look')?.value;
    const errors = errorsOf(page);

    // the first visit: the server cannot know the look, so the document holds all four; the app keeps it
    await page.goto('/dashboard/workplace');
    await expect(page.getByTestId('app-layout')).toBeVisible();
    await expect.poll(lookCookie).toBe('en-US.dark');
    expect(looks).toEqual([['zh-CN.light', 'en-US.light', 'zh-CN.dark', 'en-US.dark']]);

    // the next: the reader's look alone, drawn as before the app runs
    let release = await holdAppScript(page);
    await page.goto('/shipments/allWaybills', { waitUntil: 'commit' });
    await expect(page.locator('#drawn-screen .ant-table-thead')).toContainText(text('en-US', 'orderList.recipient'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => looks.length).toBe(2);
    expect(looks[1]).toEqual(['en-US.dark']);
    release();
    await expect(page.locator('#drawn-screen')).toHaveCount(0);
    await expect(page.getByTestId('app-layout')).toBeVisible();

    // the theme changed in the app: the next document is drawn light
    await page.getByTestId('navbar-theme').click();
    await expect.poll(lookCookie).toBe('en-US.light');
    release = await holdAppScript(page);
    await page.goto('/dashboard/workplace', { waitUntil: 'commit' });
    const greeting = page.locator('#drawn-screen').getByTestId('workplace-greeting');
    await expect(greeting).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect.poll(() => looks.length).toBe(3);
    expect(looks[2]).toEqual(['en-US.light']);
    release();
    await expect(page.locator('#drawn-screen')).toHaveCount(0);
    await expect(page.getByTestId('workplace-greeting')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('a visitor without a session is drawn nothing and goes to the sign-in page', async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto('/shipments/allWaybills');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.locator('#drawn-screen')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a session that has ended: the drawing gives way to the sign-in page', async ({ page }) => {
    await signedIn(page, 'no-such-token', 'en-US');
    await page.goto('/dashboard/workplace');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.locator('#drawn-screen')).toHaveCount(0);
  });
});

/** The primary colour as antd's variable holds it on the page (the dark theme's is antd's darkened one). */
const primaryOf = (page: Page) =>
  page.getByTestId('order-list-new').evaluate((element) => {
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(element).getPropertyValue('--ant-color-primary');
    element.appendChild(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
