import { expect, type Page } from '@playwright/test';
import { apiLogin } from '../support/api.ts';
import { signedInPage } from '../support/flows.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from '../support/orders.ts';
import { openPopover, pickOption } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer, text } from '../support/ui.ts';

/**
 * Issue 14, wide tables: a merchant arranges the order list (hides a column, shows one the list keeps hidden
 * to fit 1440 px, moves one, pins one, picks the smallest font size, numbers the rows), finds it so after a reload and in another browser, and restores the
 * list's own; in both languages.
 *
 * Set-up outside the screens: the merchant registers, is activated, funded and buys a label through the API.
 */

const headers = (page: Page) => page.getByTestId('order-list-page').locator('.ant-table-thead th').allInnerTexts();

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a merchant arranges the order list's columns and density, kept across browsers (${locale})`, async ({
    browser,
    request,
  }) => {
    const customer = await createCustomer(request, { prefix: `columns-${locale.toLowerCase()}` });
    await fundCustomer(request, customer.id, '50.00', 'e2e columns');
    await buyLabelThroughApi(
      request,
      await apiLogin(request, customer.email, customer.password),
      domesticShipment('Columns Shop'),
    );
    const t = (key: string) => text(locale, key);

    const page = await signedInPage(browser, customer.email, customer.password, locale);
    await page.goto('/shipments/allWaybills');
    await expect(page.locator('[data-testid^="order-row-"]')).toHaveCount(1);
    // The list's own columns fit the screen: the sender and the tracking number's own column wait in the settings.
    expect(await headers(page)).toContain(t('orderList.service'));
    expect(await headers(page)).not.toContain(t('orderList.sender'));
    expect(await headers(page)).not.toContain(t('orderList.trackingNo'));

    const panel = await openPopover(page, 'table-settings', 'table-settings-panel');
    // The order number always shows; the service is hidden, the tracking number's column shown; the
    // creation time moves up to second place.
    await expect(panel.getByTestId('table-column-orderNo').getByRole('checkbox')).toBeDisabled();
    await panel.getByTestId('table-column-serviceName').getByRole('checkbox').click();
    await expect(page.getByTestId('order-list-page').locator('.ant-table-thead')).not.toContainText(
      t('orderList.service'),
    );
    await panel.getByTestId('table-column-tackNo').getByRole('checkbox').click();
    await expect(page.getByTestId('order-list-page').locator('.ant-table-thead')).toContainText(
      t('orderList.trackingNo'),
    );
    const placeInPanel = () =>
      panel.locator('[data-column]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-column')));
    while ((await placeInPanel()).indexOf('createdAt') > 2) {
      const before = (await placeInPanel()).indexOf('createdAt');
      await panel.getByTestId('table-column-createdAt-up').click();
      await expect.poll(async () => (await placeInPanel()).indexOf('createdAt')).toBe(before - 1);
    }
    await pickOption(page, 'table-column-tackNo-pin', t('tableSettings.pin.left'));
    await panel.getByTestId('table-density-mini').click();
    await panel.getByRole('checkbox', { name: t('tableSettings.index') }).click();

    const arranged = async (target: Page) => {
      const table = target.getByTestId('order-list-page').locator('.ant-table-wrapper');
      await expect(table.locator('.ant-table')).toBeVisible();
      await expect(target.getByTestId('order-list-page').locator('.pp-table-mini')).toBeVisible();
      const texts = await headers(target);
      expect(texts).not.toContain(t('orderList.service'));
      // Selection, row numbers, then the pinned order and tracking numbers, then the creation time.
      const at = (key: string) => texts.indexOf(t(key));
      expect(at('tableSettings.indexColumn')).toBeGreaterThan(-1);
      expect(at('tableSettings.indexColumn')).toBeLessThan(at('orderList.orderNo'));
      expect(at('orderList.orderNo')).toBeLessThan(at('orderList.trackingNo'));
      expect(at('orderList.trackingNo')).toBeLessThan(at('orderList.createdAt'));
      expect(at('orderList.createdAt')).toBeLessThan(at('orderList.recipient'));
      await expect(target.locator('[data-testid^="order-row-"] td', { hasText: /^1$/ })).toHaveCount(1);
    };
    await expect.poll(() => headers(page)).toContain(t('tableSettings.indexColumn'));
    await arranged(page);

    await test.step('kept after a reload and in another browser', async () => {
      await page.reload();
      await arranged(page);
      const elsewhere = await signedInPage(browser, customer.email, customer.password, locale);
      await elsewhere.goto('/shipments/allWaybills');
      await arranged(elsewhere);
      await elsewhere.context().close();
    });

    await test.step("restoring the list's own brings every column back in its place", async () => {
      const panel = await openPopover(page, 'table-settings', 'table-settings-panel');
      await panel.getByTestId('table-settings-reset').click();
      await expect.poll(() => headers(page)).toContain(t('orderList.service'));
      const texts = await headers(page);
      expect(texts).not.toContain(t('tableSettings.indexColumn'));
      expect(texts).not.toContain(t('orderList.trackingNo'));
      expect(texts.indexOf(t('orderList.service'))).toBeLessThan(texts.indexOf(t('orderList.createdAt')));
      await expect(page.getByTestId('order-list-page').locator('.pp-table-medium')).toBeVisible();
    });
    await page.context().close();
  });
}
