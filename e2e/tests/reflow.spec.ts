import { expect, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { screenSettled } from '../support/axe.ts';
import { PHONE, pageWidth } from '../support/flows.ts';
import { isStaffScreen, merchantWithRecords, screens, visit } from '../support/screens.ts';
import { test } from '../support/test.ts';
import { type Customer, signIn, startInLocale } from '../support/ui.ts';

/**
 * Every signed-in screen on a phone (390 px, in English, whose texts are the longer) is no wider than the
 * phone (WCAG 2.1 1.4.10, reflow): a wide table scrolls sideways inside its card, and nothing else of the
 * page is pushed off screen with it. At 390 px the address book, API settings, members, change history and
 * two maintenance screens were wider (up to 1,165 px), their cards' texts and buttons cut at the right.
 *
 * Set-up outside the screens: a merchant with a label and a work order, through the API (support/screens.ts).
 */

let ids: Record<string, number>;
let merchant: Customer;

test.beforeAll(async ({ request }) => {
  ({ merchant, ids } = await merchantWithRecords(request, 'reflow', 'Reflowing Parcels'));
});

/** Opens each screen on `page` and checks, softly so that one run names every screen, that it fits. */
async function sweep(page: Page, staff: boolean): Promise<void> {
  for (const { url } of screens(ids).filter((screen) => isStaffScreen(screen) === staff)) {
    await test.step(url, async () => {
      await visit(page, url);
      await screenSettled(page);
      expect.soft(await pageWidth(page), `${url} is no wider than the phone`).toBeLessThanOrEqual(PHONE.width);
    });
  }
}

for (const role of ['merchant', 'staff'] as const) {
  test(`every ${role} screen fits a phone's width, its wide tables scrolling inside their cards`, async ({
    browser,
  }) => {
    test.slow();
    const context = await browser.newContext({ viewport: PHONE });
    await startInLocale(context, 'en-US');
    const page = await context.newPage();
    if (role === 'merchant') await signIn(page, merchant.email, merchant.password);
    else await signIn(page, ADMIN.username, ADMIN.password);
    await sweep(page, role === 'staff');
    await context.close();
  });
}
