import { expect } from '@playwright/test';
import { confirmBuy, PHONE, pageWidth, phonePage } from '../support/flows.ts';
import { fundCustomer, merchantWithDraft } from '../support/orders.ts';
import { test } from '../support/test.ts';
import { signIn, text } from '../support/ui.ts';

/**
 * Issue 14, mobile: a merchant on a 390 px phone signs in, finds the screens through the menu drawer, and
 * the order list and the new-order form fit the screen (tables scroll inside themselves, never the page).
 * In both languages.
 *
 * Issue 26: the order list is a card per order, its first order on the first screen, the filters in a drawer.
 *
 * Issue 26: the main merchant flow on the phone too: the saved order rated, its label bought and downloaded.
 *
 * Set-up outside the screens: the merchant is registered and activated, funded, and saves a draft, through
 * the API.
 */

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a merchant works on a phone: the menu is a drawer, the list and the order form fit (${locale})`, async ({
    browser,
    request,
  }) => {
    const { merchant, draft } = await merchantWithDraft(request, `phone-${locale.toLowerCase()}`);
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

    await test.step('the order list fits the phone: its first order is a card on the first screen', async () => {
      await expect(page.getByTestId('order-list-page')).toBeVisible();
      await expect(page.getByTestId('order-list-new')).toBeInViewport();
      const card = page.getByTestId(`order-card-${draft.orderNo}`);
      await expect(card).toBeInViewport();
      await expect(card.getByTestId('order-status')).toHaveText(text(locale, 'orderStatus.0'));
      await expect(card.getByTestId('order-card-recipient')).toContainText('Grace Buyer');
      // The actions are whole buttons: none of them cut off (its text wider than its box) or off the card.
      const copy = card.getByTestId('order-action-copy');
      await expect(copy).toHaveText(text(locale, 'orderAction.copy'));
      await expect(copy).toBeInViewport({ ratio: 1 });
      expect(await copy.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });

    await test.step('the filters open in a drawer', async () => {
      await page.getByTestId('orders-filters-open').click();
      await expect(page.getByTestId('orders-keyword')).toBeVisible();
      await page.getByTestId('orders-keyword').fill(draft.orderNo);
      await page.getByTestId('orders-search').click();
      await expect(page.getByTestId('orders-keyword')).toBeHidden();
      await expect(page.getByTestId('orders-filters-open')).toHaveText(
        text(locale, 'orderList.filtersActive', { count: 1 }),
      );
      await expect(page.getByTestId(`order-card-${draft.orderNo}`)).toBeInViewport();
    });

    await test.step('the new-order form fits the phone and its fields take the whole width', async () => {
      await page.getByTestId('order-list-new').click();
      await expect(page).toHaveURL(/\/shipments\/newOrder/);
      const name = page.getByTestId('from-personName');
      await expect(name).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      const box = await name.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(PHONE.width * 0.7);
      // Issue 26: the Sender and Recipient titles keep their text beside the address book's tools (they had
      // zero width), the tools wrapping below them.
      for (const key of ['newOrder.sender', 'newOrder.recipient']) {
        const title = page.locator('.ant-card-head-title', { hasText: text(locale, key) });
        expect((await title.boundingBox())?.width ?? 0).toBeGreaterThan(24);
      }
    });
    await page.context().close();
  });
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a merchant rates an order, buys its label and downloads it on a phone (${locale})`, async ({
    browser,
    request,
  }) => {
    const { merchant, draft } = await merchantWithDraft(request, `phone-buy-${locale.toLowerCase()}`);
    await fundCustomer(request, merchant.id, '50.00', 'phone flow');
    const page = await phonePage(browser, locale);
    await signIn(page, merchant.email, merchant.password);

    await test.step('the rates fit the phone and name the cheapest', async () => {
      await page.goto(`/shipments/newOrder?orderId=${draft.orderId}`);
      await expect(page.getByTestId('from-personName')).toHaveValue('Ada Sender');
      await page.getByTestId('order-compare').click();
      const rates = page.getByTestId('rates-card');
      await expect(rates.locator('[data-testid$="-cheapest"]')).toHaveCount(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });

    await test.step('the label is bought after confirming its total and balance, and downloaded as a PDF', async () => {
      const rates = page.getByTestId('rates-card');
      const cheapest = await rates.locator('[data-testid$="-cheapest"]').getAttribute('data-testid');
      const serviceId = /rate-(\d+)-cheapest/.exec(cheapest ?? '')?.[1];
      const total = (await rates.getByTestId(`rate-${serviceId}-total`).textContent()) ?? '';
      await rates.getByTestId(`rate-${serviceId}-buy`).click();
      const confirm = page.getByTestId('buy-confirm');
      await expect(confirm.getByTestId('buy-confirm-total')).toHaveText(total);
      await expect(confirm.getByTestId('buy-confirm-balance')).toHaveText('$50.00');
      await confirmBuy(page);
      const result = page.getByTestId('purchase-result');
      await expect(result).toBeVisible();
      await expect(result.getByTestId('purchase-tracking')).toContainText(/\d{4}/);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('purchase-download').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${draft.orderNo}.pdf`);
    });
    await page.context().close();
  });
}
