import { expect, type Page, type TestInfo } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { describeFinding, expectAccessible, type Finding } from '../support/axe.ts';
import { signedInPage } from '../support/flows.ts';
import { isStaffScreen, merchantWithRecords, screens, visit } from '../support/screens.ts';
import { test } from '../support/test.ts';
import { signIn, startInLocale } from '../support/ui.ts';

/**
 * Issue 26, accessibility measured: every screen of the app's route table, in Chinese, has no finding of
 * axe-core's WCAG 2.0/2.1 A and AA rules or of its best practices, of any impact (e2e/support/axe.ts) — the
 * merchant's screens as a merchant, the staff screens as the administrator, the sign-in, registration and
 * public pages signed out, and the sign-in page and an order list in the dark theme. In English, whose texts
 * are longer but whose components and colours are the same, the public pages and the screens each role opens
 * first and most (EN_SCREENS). One page per role and language, opened by URL.
 *
 * Set-up outside the screens: the merchant is registered, activated and funded, buys one label and opens a
 * work order about it through the API, so the lists have a row and the detail screens something to show.
 */

const locale = 'zh-CN';

/**
 * The signed-in screens also swept in English (by route name): where each role lands and works most, and the
 * forms with the most fields. The other screens share their components and colours.
 */
const EN_SCREENS = new Set([
  'Workplace',
  'allWaybills',
  'newOrder',
  'orderDetail',
  'importOrders',
  'recharge',
  'account',
  'addressbook',
  'management',
  'userManagement',
  'adminAllWaybills',
  'carrierServiceNew',
  'financialCostChart',
  'sysConfig',
]);

/** The pages outside the back office (apps/web/src/router/routes.tsx); /register redirects to /login. */
const PUBLIC_PATHS = [
  '/login',
  '/registerForm',
  '/resetPassword',
  '/home',
  '/contactUs',
  '/helpCenter',
  '/wordView?slug=roles',
  '/privacyPolicy',
  '/termsOfUse',
  '/authAccepted',
  '/authDeclined',
  '/authSuccess',
  '/not-found',
];

/**
 * Opens each URL on `page` (loaded once, then by the app's router) and checks it; the tally of every
 * finding by impact is attached to the test.
 */
async function sweep(page: Page, urls: string[], testInfo: TestInfo): Promise<void> {
  const findings: Finding[] = [];
  for (const url of urls) {
    await test.step(url, async () => {
      await visit(page, url);
      findings.push(...(await expectAccessible(page, url)));
    });
  }
  const tally: Record<string, Record<string, number>> = {};
  for (const finding of findings) {
    const impact = tally[finding.impact] ?? {};
    impact[finding.rule] = (impact[finding.rule] ?? 0) + 1;
    tally[finding.impact] = impact;
  }
  testInfo.annotations.push({
    type: 'axe',
    description: `${urls.length} screens; nodes by impact and rule: ${JSON.stringify(tally)}`,
  });
  // Every finding, one a line (each has failed the test already).
  await testInfo.attach('axe-findings', { body: findings.map(describeFinding).join('\n'), contentType: 'text/plain' });
}

/** A dialog or drawer a screen opens, by its screen's route name and the test id of the control that opens it. */
interface Dialog {
  screen: string;
  opener: string;
}

/** The dialogs and drawers people fill in most, merchant's and staff's (the sweep above sees screens closed). */
const MERCHANT_DIALOGS: Dialog[] = [
  { screen: 'allWaybills', opener: 'navbar-settings' },
  { screen: 'orderDetail', opener: 'create-return' },
  { screen: 'api', opener: 'api-key-new' },
  { screen: 'api', opener: 'webhook-new' },
  { screen: 'management', opener: 'work-order-new' },
  { screen: 'rules', opener: 'rule-new' },
];
const STAFF_DIALOGS: Dialog[] = [
  { screen: 'adminAllWaybills', opener: 'order-open-detail' },
  { screen: 'carrierService', opener: 'channel-new' },
  { screen: 'roleManagement', opener: 'role-new' },
  { screen: 'msgConfig', opener: 'msg-new' },
  { screen: 'rateCalculation', opener: 'rule-new' },
  { screen: 'helpArticles', opener: 'article-new' },
];

/**
 * Opens each dialog from its screen (by the app's router, as the sweep does), checks the page with it open,
 * and closes it with Escape, as a keyboard user would.
 */
async function sweepDialogs(page: Page, dialogs: Dialog[], testInfo: TestInfo): Promise<void> {
  const urls = new Map(screens(ids).map((screen) => [screen.name, screen.url]));
  const findings: Finding[] = [];
  for (const dialog of dialogs) {
    await test.step(`${dialog.screen}: ${dialog.opener}`, async () => {
      const url = urls.get(dialog.screen) as string;
      await visit(page, url);
      // antd's modals and drawers are dialogs to assistive technology; a closed one is hidden from it. A screen
      // may show one of its own (the merchant's first-run checklist), so the count is what tells.
      const shown = await page.getByRole('dialog').count();
      await page.getByTestId(dialog.opener).first().click();
      await expect(page.getByRole('dialog')).toHaveCount(shown + 1);
      findings.push(...(await expectAccessible(page, `${url} (${dialog.opener})`)));
      // The pointer leaves the opener first, so that its tooltip (a layer above the dialog) is not the one the
      // key closes.
      await page.mouse.move(0, 0);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(shown);
    });
  }
  testInfo.annotations.push({ type: 'axe', description: `${dialogs.length} dialogs; ${findings.length} findings` });
}

let ids: Record<string, number>;
let merchant: { email: string; password: string };

test.beforeAll(async ({ request }) => {
  ({ merchant, ids } = await merchantWithRecords(request, 'a11y', 'Accessible Parcels'));
});

test('the sign-in, registration and public pages pass axe signed out (zh-CN)', async ({ page, context }, testInfo) => {
  await startInLocale(context, locale);
  await sweep(page, PUBLIC_PATHS, testInfo);
});

test('every merchant screen passes axe (zh-CN)', async ({ browser }, testInfo) => {
  test.slow();
  const page = await signedInPage(browser, merchant.email, merchant.password, locale);
  const urls = screens(ids)
    .filter((screen) => !isStaffScreen(screen))
    .map((screen) => screen.url);
  await sweep(page, urls, testInfo);
  await page.context().close();
});

test('every staff screen passes axe as the administrator (zh-CN)', async ({ browser }, testInfo) => {
  test.slow();
  const page = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
  await sweep(
    page,
    screens(ids)
      .filter(isStaffScreen)
      .map((screen) => screen.url),
    testInfo,
  );
  await page.context().close();
});

test("the public pages and each role's main screens pass axe in English", async ({ browser }, testInfo) => {
  test.slow();
  const signedOut = await browser.newContext();
  await startInLocale(signedOut, 'en-US');
  await sweep(await signedOut.newPage(), PUBLIC_PATHS, testInfo);
  await signedOut.close();
  const main = screens(ids).filter((screen) => EN_SCREENS.has(screen.name));
  for (const [user, staff] of [
    [merchant, false],
    [{ email: ADMIN.username, password: ADMIN.password }, true],
  ] as const) {
    const page = await signedInPage(browser, user.email, user.password, 'en-US');
    await sweep(
      page,
      main.filter((screen) => isStaffScreen(screen) === staff).map((screen) => screen.url),
      testInfo,
    );
    await page.context().close();
  }
});

test('the sign-in page and an order list pass axe in the dark theme (zh-CN)', async ({ page, context }, testInfo) => {
  await startInLocale(context, locale);
  await context.addInitScript(() => window.localStorage.setItem('settings', JSON.stringify({ theme: 'dark' })));
  await sweep(page, ['/login'], testInfo);
  await signIn(page, merchant.email, merchant.password, { open: false });
  await sweep(page, ['/shipments/allWaybills', '/settings/account'], testInfo);
});

test("the merchant's and staff's main dialogs and drawers pass axe while open (zh-CN)", async ({
  browser,
}, testInfo) => {
  test.slow();
  for (const [user, dialogs] of [
    [merchant, MERCHANT_DIALOGS],
    [{ email: ADMIN.username, password: ADMIN.password }, STAFF_DIALOGS],
  ] as const) {
    const page = await signedInPage(browser, user.email, user.password, locale);
    await sweepDialogs(page, dialogs, testInfo);
    await page.context().close();
  }
});
