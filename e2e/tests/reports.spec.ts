import { type APIRequestContext, expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN } from '../playwright.config.ts';
import { apiLogin } from '../support/api.ts';
import { openFromMenu, signedInPage } from '../support/flows.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from '../support/orders.ts';
import { test } from '../support/test.ts';
import { createCustomer, type Locale, text } from '../support/ui.ts';

/**
 * Issue 13, the workplace and the financial report: a merchant who bought two labels today sees them on its
 * workplace (chart and table), and what waits opens its list; staff read the period's figures on
 * /adminSettings/financialCostChart and download the workbook. In both languages.
 *
 * Set-up outside the screens: the merchant registers, is activated, funded and buys through the API.
 */

const shipment = domesticShipment('Report Shop');
const today = () => new Date().toISOString().slice(0, 10);

/** A funded merchant that bought `labels` labels through the API; what it paid, in cents. */
async function merchantWithLabels(request: APIRequestContext, locale: Locale, labels: number) {
  const customer = await createCustomer(request, { prefix: `reports-${locale.toLowerCase()}` });
  await fundCustomer(request, customer.id, '100.00', 'e2e reports');
  const token = await apiLogin(request, customer.email, customer.password);
  let paid = 0;
  for (let i = 0; i < labels; i += 1) {
    const line = await buyLabelThroughApi(request, token, shipment);
    paid += Math.round(Number(line.price) * 100);
  }
  return { customer, paid };
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a merchant's workplace shows today's labels; staff read and export the financial report (${locale})`, async ({
    browser,
    request,
  }) => {
    const { customer, paid } = await merchantWithLabels(request, locale, 2);

    await test.step("the merchant's workplace: two labels awaiting pickup, today's figures in the chart's table", async () => {
      const page = await signedInPage(browser, customer.email, customer.password, locale);
      await page.goto('/dashboard/workplace');
      await expect(page.getByTestId('workplace-awaitingPickup')).toHaveText('2');
      await expect(page.getByTestId('workplace-drafts')).toHaveText('0');
      // The chart is drawn (SVG, its series named in the page's language).
      const chart = page.getByTestId('workplace-daily-chart');
      await expect(chart.locator('svg')).toBeVisible();
      await expect(chart).toContainText(text(locale, 'charts.labels'));
      await page.getByTestId('workplace-daily-view').getByTitle(text(locale, 'charts.asTable')).click();
      const row = page.getByTestId('workplace-daily-table').locator('tr', { hasText: today() });
      await expect(row).toContainText(`$${(paid / 100).toFixed(2)}`);
      await expect(row.locator('td').nth(1)).toHaveText('2');
      await page.getByTestId('workplace-awaitingPickup').getByRole('link').click();
      await expect(page).toHaveURL(/\/shipments\/transported/);
      await page.context().close();
    });

    await test.step('staff open the financial report from the menu, see the sales, and download the workbook', async () => {
      const page = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
      await openFromMenu(page, 'adminSettings', 'financialCostChart');
      await expect(page.getByTestId('financial-report-page')).toBeVisible();
      // Other tests share the database: at least this merchant's two labels and their price.
      await expect(async () => {
        expect(Number(await page.getByTestId('financial-labels').textContent())).toBeGreaterThanOrEqual(2);
      }).toPass();
      const sales = Number((await page.getByTestId('financial-sales').textContent())?.replace(/[$,]/g, ''));
      expect(Math.round(sales * 100)).toBeGreaterThanOrEqual(paid);
      await expect(page.getByTestId('financial-daily-chart').locator('svg')).toBeVisible();
      const bySeller = page.getByTestId('financial-by-seller');
      await bySeller.getByTestId('financial-by-seller-view').getByTitle(text(locale, 'charts.asTable')).click();
      await expect(
        page.getByTestId('financial-by-seller-table').locator('tr', { hasText: today() }).first(),
      ).toContainText(text(locale, 'financialReport.platformCustomers'));

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('financial-export').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      expect(book.worksheets.map((sheet) => sheet.name)).toEqual(
        locale === 'zh-CN'
          ? ['汇总', '每日', '每日按业务员', '业务员业绩']
          : ['Totals', 'Per day', 'Per day and seller', 'Sellers'],
      );
      const daily = book.worksheets[1];
      // Each row names its wallet (day, wallet, labels, sales): today's USD labels.
      const todayRow = daily
        ?.getRows(2, daily.rowCount - 1)
        ?.find((row) => row.getCell(1).value === today() && row.getCell(2).value === 'USD');
      expect(Number(todayRow?.getCell(3).value)).toBeGreaterThanOrEqual(2);
      await page.context().close();
    });
  });
}
