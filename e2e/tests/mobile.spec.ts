import { expect } from '@playwright/test';
import { PHONE, pageWidth, phonePage } from '../support/flows.ts';
import { test } from '../support/test.ts';
import { createCustomer, signIn } from '../support/ui.ts';

/**
 * Issue 14, mobile: a merchant on a 390 px phone signs in, finds the screens through the menu drawer, and
 * the order list and the new-order form fit the screen (tables scroll inside themselves, never the page).
 * In both languages.
 *
 * Set-up outside the screens: the merchant is registered and activated through the API.
 */

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a merchant works on a phone: the menu is a drawer, the list and the order form fit (${locale})`, async ({
    browser,
    request,
  }) => {
    const merchant = await createCustomer(request, { prefix: `phone-${locale.toLowerCase()}` });
    const page = await phonePage(browser, locale);
    await signIn(page, merchant.email, merchant.password);

    await test.step('no side menu: the menu button opens the drawer, which a chosen screen closes', async () => {
      await expect(page.getByTestId('side-menu-sider')).toHaveCount(0);
      // docs/spec.md §9: the rem base is a tenth of the viewport's width (the phone's, give or take the few
      // pixels a page's layout viewport may grow by on a phone).
      const remBase = () => page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
      await expect.poll(remBase).toBeGreaterThan(PHONE.width / 10 - 1);
      expect(await remBase()).toBeLessThan(PHONE.width / 10 + 1);
      await page.getByTestId('navbar-menu').click();
      const drawer = page.getByTestId('menu-drawer');
      await expect(drawer).toBeVisible();
      await drawer.getByTestId('menu-item-shipments').click();
      await drawer.getByTestId('menu-item-allWaybills').click();
      await expect(page).toHaveURL(/\/shipments\/allWaybills$/);
      await expect(drawer).toBeHidden();
    });

    await test.step('the order list fits the phone; its table scrolls inside itself', async () => {
      await expect(page.getByTestId('order-list-page')).toBeVisible();
      await expect(page.getByTestId('order-list-new')).toBeInViewport();
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });

    await test.step('the new-order form fits the phone and its fields take the whole width', async () => {
      await page.getByTestId('order-list-new').click();
      await expect(page).toHaveURL(/\/shipments\/newOrder/);
      const name = page.getByTestId('from-personName');
      await expect(name).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      const box = await name.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(PHONE.width * 0.7);
    });
    await page.context().close();
  });
}
