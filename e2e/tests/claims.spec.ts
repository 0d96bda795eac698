import { expect } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { apiLogin } from '../support/api.ts';
import { openFromMenu, signedInPage } from '../support/flows.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer, scannedLongAgo } from '../support/orders.ts';
import { confirmPopup } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { type Customer, createCustomer, text } from '../support/ui.ts';

/**
 * Issue 28 claims in a real browser: a merchant (in Chinese) files a lost-parcel claim with a photo from an
 * insured order's detail; staff (in English) find it in the claims queue, see the photo, review, approve and
 * pay it; the merchant's order then shows the payout and the postage in its money lines, and the claims list
 * shows it paid. A merchant switches the automatic void of unused labels off (in English).
 */

/** A 1×1 GIF, the smallest image the upload accepts. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
let customer: Customer;
let order: { orderId: number; orderNo: string };

test.beforeAll(async ({ request }) => {
  customer = await createCustomer(request, { prefix: 'claims' });
  await fundCustomer(request, customer.id, '200.00', 'claims e2e');
  const token = await apiLogin(request, customer.email, customer.password);
  const shipment = domesticShipment('Ada Claims');
  order = await buyLabelThroughApi(request, token, {
    ...shipment,
    parcels: shipment.parcels.map((parcel) => ({ ...parcel, insuredValue: '400.00' })),
  });
  scannedLongAgo(order.orderId);
});

test('a lost insured parcel is claimed, reviewed, approved and paid once', async ({ browser }) => {
  const merchant = await signedInPage(browser, customer.email, customer.password, 'zh-CN');

  await test.step('the merchant files a lost-parcel claim with a photo from the order detail', async () => {
    await merchant.goto(`/shipments/detail/${order.orderId}`);
    await merchant.getByTestId('order-claim-new').click();
    await expect(merchant.getByTestId('claim-window-lost')).toContainText(
      text('zh-CN', 'claims.window.lost', { opens: 15, closes: 90 }),
    );
    await merchant.getByTestId('claim-type-lost').click();
    await merchant.getByTestId('claim-amount').fill('300');
    await expect(merchant.getByTestId('claim-payout-preview')).toContainText('$270.00');
    await merchant.getByTestId('claim-description').fill('二十天没有扫描记录');
    await merchant
      .getByTestId('claim-file-upload')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'parcel.gif', mimeType: 'image/gif', buffer: PIXEL });
    await expect(merchant.getByTestId('claim-file-name')).toHaveText('parcel.gif');
    await merchant.getByTestId('claim-form-save').click();
    await expect(merchant.getByTestId('order-claims').getByTestId('claim-status')).toHaveText(
      text('zh-CN', 'claims.status.submitted'),
    );
  });

  await test.step('staff find it in the queue, see the photo, review, approve and pay it', async () => {
    const staff = await signedInPage(browser, ADMIN.username, ADMIN.password);
    await openFromMenu(staff, 'adminSettings', 'claimQueue');
    await staff.getByTestId('claim-table-staff').getByRole('link', { name: order.orderNo }).click();
    await expect(staff).toHaveURL(/\/adminSettings\/claims\/\d+$/);
    await expect(staff.getByTestId('claim-amount-value')).toHaveText('$300.00');
    await staff.getByTestId('claim-evidence').getByRole('button', { name: 'parcel.gif' }).click();
    await expect(staff.locator('img[alt="parcel.gif"]')).toBeVisible();
    await staff.keyboard.press('Escape');
    await staff.getByTestId('claim-review').click();
    await staff.getByTestId('claim-decide-save').click();
    await expect(staff.getByTestId('claim-payout-value')).toHaveText('$270.00');
    await staff.getByTestId('claim-pay').click();
    await confirmPopup(staff);
    await expect(staff.getByTestId('claim-closed')).toBeVisible();
    await expect(staff.getByTestId('claim-status')).toHaveText('Paid');
  });

  await test.step("the merchant's order shows the payout in its money lines", async () => {
    await merchant.reload();
    await expect(merchant.getByTestId('order-claims').getByTestId('claim-status')).toHaveText(
      text('zh-CN', 'claims.status.paid'),
    );
    await expect(merchant.getByTestId('order-detail-claimPayout')).toHaveText('-$270.00');
    await expect(merchant.getByTestId('order-detail-claimRefund')).toBeVisible();
  });

  await test.step('the merchant finds the claim paid under Shipments → Claims', async () => {
    await openFromMenu(merchant, 'shipments', 'claims');
    const row = merchant.getByTestId('claim-table-merchant').getByRole('row', { name: new RegExp(order.orderNo) });
    await expect(row.getByTestId('claim-status')).toHaveText(text('zh-CN', 'claims.status.paid'));
    await expect(row).toContainText('$270.00');
  });
});

test('a merchant switches the automatic void of unused labels off, and it stays off', async ({ browser }) => {
  const merchant = await signedInPage(browser, customer.email, customer.password, 'en-US');
  await openFromMenu(merchant, 'settings', 'unusedLabels');
  const toggle = merchant.getByTestId('unused-labels-switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(merchant.getByTestId('unused-labels-page')).toContainText('USPS labels after 28 days');
  await toggle.click();
  await expect(merchant.getByTestId('unused-labels-saved')).toBeVisible();
  await merchant.reload();
  await expect(merchant.getByTestId('unused-labels-switch')).toHaveAttribute('aria-checked', 'false');
});
