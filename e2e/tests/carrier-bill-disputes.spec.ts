import { expect } from '@playwright/test';
import { readerName } from '../../packages/shared/src/demo-names.ts';
import { ADMIN } from '../playwright.config.ts';
import { adminToken, apiLogin } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from '../support/orders.ts';
import { pickOption } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, text } from '../support/ui.ts';

/**
 * Issue 15, a disputed carrier adjustment (docs/bills.md): a merchant's label is billed 2.00 more for a weight
 * correction and posted (set up through the API, the import itself is carrier-bills.spec.ts); the merchant
 * sees it on the fund details, declared beside measured, and disputes it with a reason; staff find the
 * dispute on /maintenance/supplementaryAmount and accept it; the merchant is given back what was taken, and
 * the channel's reconciliation has nothing left unexplained. In both languages.
 */

// The seeded demo channel of a fresh install (named in zh-CN, the install's default language).
const DEMO_USPS = '演示 USPS';

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a merchant disputes a carrier adjustment and staff accept it (${locale})`, async ({ browser, request }) => {
    const customer = await createCustomer(request, { prefix: `dispute-${locale.toLowerCase()}` });
    await fundCustomer(request, customer.id, '50.00', 'e2e disputes');
    const token = await apiLogin(request, customer.email, customer.password);
    const { trackingNo } = await buyLabelThroughApi(request, token, domesticShipment('Dispute Shop'), DEMO_USPS);

    await test.step('the carrier bills the label 2.00 more for a weight correction; staff post it', async () => {
      const admin = await adminToken(request);
      const channels = (await call(request, admin, '/api/admin/channel/getAllChannel')) as {
        id: number;
        name: string;
      }[];
      const channel = channels.find((item) => item.name === DEMO_USPS);
      const preview = await request.post('/api/admin/bills/preview', {
        headers: { authorization: `Bearer ${admin}` },
        multipart: {
          channelId: String(channel?.id),
          preset: 'generic',
          file: {
            name: `dispute-${locale}.csv`,
            mimeType: 'text/csv',
            buffer: Buffer.from(
              `Tracking number,Amount,Reason,Billed weight\n${trackingNo},2.00,Weight correction,3\n`,
            ),
          },
        },
      });
      const bill = (await preview.json()).data as { id: number; counts: { adjustment: number } };
      expect(bill.counts.adjustment).toBe(1);
      await call(request, admin, `/api/admin/bills/${bill.id}/post`, {});
    });

    await test.step('the merchant sees the adjustment with its evidence and disputes it', async () => {
      const merchant = await signedInPage(browser, customer.email, customer.password, locale);
      await openFromMenu(merchant, 'postage', 'fundDetails');
      const row = merchant.getByTestId('bill-deductions').getByTestId('my-bill-line');
      await expect(row).toContainText(trackingNo);
      // 1 lb declared, 3 lb measured; 2.20 charged (the 10 % markup) and the 5.00 penalty.
      await expect(row).toContainText('1 lb → 3 lb');
      await expect(row.getByTestId('my-bill-line-change')).toHaveText('$2.20');
      await row.getByTestId('bill-dispute').click();
      await merchant.getByTestId('bill-dispute-reason').fill('It weighed 1 lb at the counter: photo attached');
      await merchant.getByTestId('bill-dispute-send').click();
      await expect(merchant.getByTestId('bill-dispute-sent')).toBeVisible();
      await expect(row.getByTestId('my-bill-line-dispute')).toHaveText(text(locale, 'bills.dispute.open'));
      await merchant.context().close();
    });

    await test.step('staff accept the dispute; the reconciliation has nothing unexplained', async () => {
      const page = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
      await openFromMenu(page, 'maintenance', 'supplementaryAmount');
      await page.getByRole('tab', { name: text(locale, 'bills.tabs.disputes') }).click();
      const dispute = page.getByTestId('bill-dispute-row').filter({ hasText: trackingNo });
      await expect(dispute).toContainText('It weighed 1 lb at the counter');
      await dispute.getByTestId('dispute-accept').click();
      await page.getByTestId('dispute-answer').fill('The photo shows 1 lb');
      await page.getByTestId('dispute-decide').click();
      await expect(page.getByText(text(locale, 'billDisputes.accepted'))).toBeVisible();
      await expect(page.getByTestId('bill-dispute-row').filter({ hasText: trackingNo })).toHaveCount(0);

      await page.getByRole('tab', { name: text(locale, 'bills.tabs.reconciliation') }).click();
      await pickOption(page, 'reconciliation-channel', readerName(DEMO_USPS, locale));
      await expect(page.getByTestId('reconciliation-explained')).toBeVisible();
      await keepPicture(page, `bill-disputes-${locale}-reconciliation`);
      await page.context().close();
    });

    await test.step('the merchant was given back what the line took, and sees the dispute accepted', async () => {
      const merchant = await signedInPage(browser, customer.email, customer.password, locale);
      await openFromMenu(merchant, 'postage', 'fundDetails');
      const row = merchant.getByTestId('bill-deductions').getByTestId('my-bill-line');
      await expect(row.getByTestId('my-bill-line-dispute')).toHaveText(text(locale, 'bills.dispute.accepted'));
      const refund = merchant
        .locator('tr[data-testid^="ledger-row-"]')
        .filter({ has: merchant.getByTestId('fund-type').getByText(text(locale, 'funds.type.2'), { exact: true }) });
      await expect(refund.getByTestId('signed-amount')).toHaveText('+$7.20');
      await keepPicture(merchant, `bill-disputes-${locale}-merchant`);
      await merchant.context().close();
    });
  });
}
