import { expect } from '@playwright/test';
import { apiLogin } from '../support/api.ts';
import { openFromMenu, PHONE, pageWidth, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from '../support/orders.ts';
import { test } from '../support/test.ts';
import { createCustomer, type Locale, text } from '../support/ui.ts';

/**
 * Issue 30's pickups in a real browser: the day's label of the demo channel is offered for a pickup with its
 * fee said before booking; the booking answers the carrier's confirmation number and is cancelled again. On a
 * phone the screen does not scroll sideways. Once in each language; the label is bought through the API.
 */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  test(`${locale}: a pickup of the day's labels is booked and cancelled`, async ({ browser, request }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);
    const customer = await createCustomer(request, { prefix: `pickups-${locale.toLowerCase()}` });
    await fundCustomer(request, customer.id, '50.00', 'pickups e2e');
    const token = await apiLogin(request, customer.email, customer.password);
    await buyLabelThroughApi(request, token, domesticShipment('Ada Shipper'));
    const page = await signedInPage(browser, customer.email, customer.password, locale);

    await openFromMenu(page, 'shipments', 'pickups');
    const labels = page.getByTestId('pickup-labels');
    const book = labels.locator('[data-testid^="pickup-book-"]');
    await expect(book).toHaveCount(1);
    // The demo channel charges nothing unless its operator sets a fee: said before booking.
    await expect(labels.getByTestId('pickup-fee-free')).toHaveText(t('pickups.free'));
    await book.click();
    await expect(page.getByTestId('pickup-book-count')).toHaveText('1');
    await page.getByTestId('pickup-instructions').fill('Ring twice');
    await page.getByTestId('pickup-book-confirm').click();
    await expectMessage(page, 'pickup-booked');
    const confirmation = page.locator('[data-testid^="pickup-confirmation-"]');
    await expect(confirmation).toHaveText(/DPU\d{9}/);

    await page.locator('[data-testid^="pickup-cancel-"]').click();
    await page.getByTestId('popconfirm-ok').click();
    await expectMessage(page, 'pickup-cancelled', t('pickups.cancelled'));
    await expect(page.locator('[data-testid^="pickup-status-"]')).toHaveText(t('pickups.statuses.cancelled'));

    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('pickups-table')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
}
