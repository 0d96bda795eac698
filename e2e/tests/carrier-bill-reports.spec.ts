import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN, EASYPOST_STANDIN } from '../playwright.config.ts';
import { adminToken, apiLogin } from '../support/api.ts';
import { call, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from '../support/orders.ts';
import { confirmPopup, pickOption, rangeInputs, typeDate } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, type Locale, text } from '../support/ui.ts';

/**
 * Bills asked of the carrier on /maintenance/supplementaryAmount (docs/bills.md "From the carrier"): a
 * merchant buys a label on an EasyPost channel; staff ask EasyPost for its bill of yesterday and today; the
 * list of bills asked shows it being made, then (the stand-in's report made, the list refreshing itself) made
 * into a bill, which opens with the merchant's label matched and nothing charged; staff post it. In both
 * languages.
 *
 * Set-up outside the screens: the channel, its service, the merchant, the funds and the label, through the API.
 * The stand-in's report holds every EasyPost label of the days, the other language's run's too: those are
 * another channel's, so only this run's label is looked at.
 */

/** An EasyPost channel on the stand-in with one service, and a funded merchant of it who bought one label. */
async function easypostLabel(request: APIRequestContext, locale: Locale) {
  const admin = await adminToken(request);
  const suffix = `${locale}-${Date.now() % 1_000_000}`;
  const channelName = `EasyPost bills ${suffix}`;
  const { id: channelId } = (await call(request, admin, '/api/admin/channel/create', {
    name: channelName,
    platformCode: 'easypost',
    carrierCode: 'USPS',
    settings: { apiKey: EASYPOST_STANDIN.apiKey, baseUrl: EASYPOST_STANDIN.url },
  })) as { id: number };
  await call(request, admin, '/api/admin/channel/createNew', {
    channelId,
    code: `EP_BILLS_${suffix.replace(/\W/g, '_')}`,
    name: `USPS Priority via ${channelName}`,
    carrierCode: 'USPS',
    settings: { carrier: 'USPS', service: 'Priority' },
  });
  const customer = await createCustomer(request, { prefix: `bill-reports-${locale.toLowerCase()}` });
  await call(request, admin, '/api/admin/channel/allot-channel', { userId: customer.id, channelIds: [channelId] });
  await fundCustomer(request, customer.id, '100.00', 'e2e bill reports');
  const token = await apiLogin(request, customer.email, customer.password);
  const { trackingNo } = await buyLabelThroughApi(request, token, domesticShipment('Report Shop'), channelName);
  expect(trackingNo).toBeTruthy();
  return { channelName, customer, trackingNo };
}

/** A UTC day `days` before today, as the server and the carrier count them. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * From now on, keeps each status the list of bills asked shows for the channel's reports, as it shows it: the
 * stand-in makes a report within seconds of the ask, sooner than a check of a busy machine's screen may come.
 */
async function recordStatuses(page: Page, channelName: string) {
  await page.evaluate((channel) => {
    const seen = new Set<string>();
    (window as unknown as { __reportStatuses: Set<string> }).__reportStatuses = seen;
    const scan = () => {
      for (const tag of Array.from(document.querySelectorAll('[data-testid="bill-report-status"]'))) {
        if (tag.closest('tr')?.textContent?.includes(channel)) seen.add(tag.textContent ?? '');
      }
    };
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, channelName);
}

/** The statuses recorded since `recordStatuses`. */
const statusesSeen = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { __reportStatuses: Set<string> }).__reportStatuses]);

/** A picture of one part of the screen (the bill's drawer does not scroll with a whole page's picture). */
async function shot(page: Page, locale: Locale, testId: string, name: string) {
  await keepPicture(page.getByTestId(testId), `bill-reports-${locale}-${name}`);
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`staff ask EasyPost for its bill of the days; it is made into a bill matching the label (${locale})`, async ({
    browser,
    request,
  }) => {
    const { channelName, customer, trackingNo } = await easypostLabel(request, locale);
    const page = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
    const from = daysAgo(1);
    const today = daysAgo(0);
    const report = page
      .getByTestId('bill-reports-table')
      .locator('tr[data-testid^="bill-report-row-"]', { hasText: channelName });

    await test.step("staff open the import, choose the EasyPost channel and ask for yesterday's and today's bill", async () => {
      await page.goto('/maintenance/supplementaryAmount');
      await expect(page.getByTestId('bills-page')).toBeVisible();
      await page.getByTestId('bill-import').click();
      await pickOption(page, 'bill-channel', channelName);
      await expect(page.getByTestId('bill-report-offer')).toContainText(text(locale, 'bills.reports.offer'));
      await page.getByTestId('bill-report-ask').click();
      await expect(page.getByTestId('bill-report-channel')).toHaveText(channelName);
      // Yesterday and today: the default span (the week up to today) holds today's label too.
      const span = rangeInputs(page.getByTestId('bill-report-form'));
      await typeDate(span.from, from);
      await typeDate(span.to, today);
      await recordStatuses(page, channelName);
      await page.getByTestId('bill-report-submit').click();
      await expectMessage(page, 'bill-report-asked', text(locale, 'bills.reports.asked'));
      await expect(page.getByTestId('bill-import-form')).toHaveCount(0);
    });

    await test.step('the list of bills asked shows it being made, then made into a bill', async () => {
      await expect(page.getByTestId('bill-reports')).toContainText(text(locale, 'bills.reports.title'));
      await expect(report).toContainText(text(locale, 'bills.reports.spanValue', { from, to: today }));
      // The list asks again by itself while one is being made (the stand-in answers "new" to the task's first
      // read, which reads it again 5 s later).
      await expect(report.getByTestId('bill-report-status')).toHaveText(text(locale, 'bills.reports.status.previewed'));
      expect(await statusesSeen(page)).toEqual([
        text(locale, 'bills.reports.status.requested'),
        text(locale, 'bills.reports.status.previewed'),
      ]);
      await expect(report.getByTestId('bill-report-open')).toHaveText(text(locale, 'bills.reports.openBill'));
      await shot(page, locale, 'bills-list', 'list');
    });

    await test.step("the bill opens with the merchant's label matched, nothing charged; staff post it", async () => {
      await report.getByTestId('bill-report-open').click();
      const panel = page.getByTestId('bill-panel');
      const summary = panel.getByTestId('bill-summary');
      await expect(summary.getByTestId('bill-status')).toHaveText(text(locale, 'bills.status.previewed'));
      await expect(summary.getByTestId('bill-charged')).toContainText('$0.00');
      const line = panel.getByTestId('bill-line-row').filter({ hasText: trackingNo });
      await expect(line).toHaveAttribute('data-kind', 'matches');
      await expect(line.getByTestId('bill-line-kind')).toHaveText(text(locale, 'bills.kind.matches'));
      await expect(line).toContainText(customer.email);
      await shot(page, locale, 'bill-panel', 'bill');
      await panel.getByTestId('bill-post').click();
      await confirmPopup(page);
      await expect(summary.getByTestId('bill-status')).toHaveText(text(locale, 'bills.status.posted'));
      // The carrier billed what was paid: posting charges the merchant nothing.
      await expect(summary.getByTestId('bill-charged')).toContainText('$0.00');
      await expect(summary.getByTestId('bill-refunded')).toContainText('$0.00');
      await expect(panel.getByTestId('bill-post')).toBeDisabled();
    });
    await page.context().close();
  });
}
