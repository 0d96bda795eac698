import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { adminToken, apiLogin } from '../support/api.ts';
import { call, signedInPage, startBatchJob } from '../support/flows.ts';
import { createCustomer, keepPicture } from '../support/ui.ts';

/**
 * Issue 5 "Done when", in a real browser: a merchant imports an Excel sheet of 20 orders (two of them bad)
 * through the import screen, reads the error report naming those rows, opens the imported drafts, buys
 * their labels in one batch watching the progress panel reach done, and downloads the labels as a zip that
 * holds one PDF per bought order named by tracking number. Then a zone query on /findZone charges 0.10 USD.
 *
 * Set-up outside the screens: the account is registered, activated and funded through the API.
 */

const ORDERS = 20;
/** Sheet rows (the header is row 1) of the two bad orders, and what is wrong with each. */
const NO_ZIP_ROW = 6;
const BAD_WEIGHT_ROW = 14;

/** Set-up: a registered, activated customer with 1,000 USD in the wallet. */
async function fundedCustomer(request: APIRequestContext) {
  const customer = await createCustomer(request, {
    prefix: 'volume',
    phone: '+1 310 555 0100',
    company: 'Volume Co',
    firstName: 'Vera',
    lastName: 'Volume',
  });
  const admin = await adminToken(request);
  await call(request, admin, '/api/admin/balance/adjust', {
    userId: customer.id,
    currency: 'USD',
    amount: '1000.00',
    remark: 'e2e volume',
  });
  return customer;
}

const DESTINATIONS = [
  ['350 5th Ave', 'New York', 'NY', '10118'],
  ['233 S Wacker Dr', 'Chicago', 'IL', '60606'],
  ['1 Market St', 'San Francisco', 'CA', '94105'],
  ['400 Broad St', 'Seattle', 'WA', '98109'],
  ['100 Congress Ave', 'Austin', 'TX', '78701'],
] as const;

/** The sheet: the English template's headers, one row per order; two rows are wrong. */
async function ordersWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow([
    'Order group',
    'Sender name',
    'Sender phone',
    'Sender address 1',
    'Sender city',
    'Sender state',
    'Sender ZIP',
    'Recipient name',
    'Recipient address 1',
    'Recipient city',
    'Recipient state',
    'Recipient ZIP',
    'Length',
    'Width',
    'Height',
    'Weight',
    'Reference 1',
  ]);
  for (let n = 1; n <= ORDERS; n++) {
    const [street, city, state, zip] = DESTINATIONS[n % DESTINATIONS.length] as readonly string[];
    const row = n + 1;
    sheet.addRow([
      `G${n}`,
      'Vera Volume',
      '310-555-0100',
      '9450 Wilshire Blvd',
      'Beverly Hills',
      'CA',
      '90210',
      `Buyer ${n}`,
      street,
      city,
      state,
      row === NO_ZIP_ROW ? '' : zip,
      10,
      8,
      4,
      row === BAD_WEIGHT_ROW ? 'heavy' : 1 + (n % 4),
      `PO-${1000 + n}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('import 20 orders from Excel, batch-buy their labels with progress, download them as a zip; a paid zone query', async ({
  browser,
  request,
}) => {
  const customer = await fundedCustomer(request);
  const token = await apiLogin(request, customer.email, customer.password);
  const page = await signedInPage(browser, customer.email, customer.password);
  const shot = (name: string) => keepPicture(page, `volume-${name}`);
  let batchNo = '';

  await test.step('import the sheet through the import screen; the error report names the two bad rows', async () => {
    await page.getByTestId('side-menu').getByTestId('menu-item-shipments').click();
    await page.getByTestId('side-menu').getByTestId('menu-item-allWaybills').click();
    await page.getByTestId('order-list-import').click();
    await expect(page).toHaveURL(/\/shipments\/import$/);
    await page
      .getByTestId('import-page')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'orders.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await ordersWorkbook(),
      });
    await expect(page.getByTestId('import-result')).toBeVisible();
    await expect(page.getByTestId('import-summary')).toHaveText('18 of 20 orders created (20 rows)');
    const noZip = page.getByTestId(`import-error-${NO_ZIP_ROW}-toZip`);
    await expect(noZip.locator('td').nth(0)).toHaveText(String(NO_ZIP_ROW));
    await expect(noZip.locator('td').nth(1)).toHaveText('L (Recipient ZIP)');
    await expect(noZip.locator('td').nth(2)).toHaveText('This field is required');
    const badWeight = page.getByTestId(`import-error-${BAD_WEIGHT_ROW}-weight`);
    await expect(badWeight.locator('td').nth(0)).toHaveText(String(BAD_WEIGHT_ROW));
    await expect(badWeight.locator('td').nth(1)).toHaveText('P (Weight)');
    await expect(page.getByTestId('import-errors').locator('tbody tr')).toHaveCount(2);
    await shot('import');

    // The error report exports as CSV, one line per problem.
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-errors-export').click(),
    ]);
    const csv = await readFile((await report.path()) as string, 'utf8');
    expect(csv.trim().split(/\r\n/).slice(1)).toEqual([
      `${NO_ZIP_ROW},L (Recipient ZIP),toZip,This field is required`,
      expect.stringMatching(new RegExp(`^${BAD_WEIGHT_ROW},P \\(Weight\\),weight,`)),
    ]);
    batchNo = (await page.getByTestId('import-batch-link').textContent()) ?? '';
    expect(batchNo).toMatch(/^B\d+/);
  });

  await test.step('open the batch drafts and batch-buy their labels, watching the progress panel', async () => {
    await page.getByTestId('import-batch-link').click();
    await expect(page).toHaveURL(new RegExp(`/shipments/draft\\?batchNo=${batchNo}$`));
    const rows = page.locator('tr[data-testid^="order-row-"]');
    await expect(rows).toHaveCount(18);
    await page.getByTestId('label-name-by-trackingNo').click();
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await expect(page.getByTestId('orders-selected')).toHaveText('18 selected');
    await page.getByTestId('volume-labels').click();
    await expect(page.getByTestId('batch-labels-choose')).toBeVisible();
    await page.getByTestId('batch-strategy-cheapest').click();
    await shot('batch-choose');
    const panel = await startBatchJob(page);
    // A background job buys the 18 labels one after another: longer than one screen's answer.
    await expect(panel.getByTestId('job-status')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    const stat = (testId: string) => panel.getByTestId(testId).locator('.ant-statistic-content-value');
    await expect(stat('job-done')).toHaveText('18');
    await expect(stat('job-failed')).toHaveText('0');
    await expect(stat('job-left')).toHaveText('0');
    await expect(page.getByTestId('job-cancel')).toHaveCount(0);
    await expect(page.getByTestId('labels-summary').locator('tbody tr')).toHaveCount(18);
    await shot('batch-done');
  });

  await test.step('download the labels as a zip: one PDF per bought order, named by tracking number', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-labels-zip').click()]);
    expect(download.suggestedFilename()).toMatch(/^labels-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(await readFile((await download.path()) as string));
    const bought = await call(request, token, `/api/app/order/orders?batchNo=${batchNo}&pageSize=50`);
    expect(bought.total).toBe(18);
    const tracking = (bought.list as { tackNo: string; status: number }[]).map((order) => {
      expect(order.status).toBe(1);
      return `${order.tackNo}.pdf`;
    });
    expect(Object.keys(zip.files).sort()).toEqual(tracking.sort());
    for (const file of Object.values(zip.files)) {
      const bytes = await file.async('uint8array');
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    }
    await page.getByTestId('batch-labels-close').click();
  });

  await test.step('a zone query on /findZone shows the fee first and charges 0.10 USD', async () => {
    const before = (await call(request, token, '/api/user/info')).balance as string;
    await page.getByTestId('side-menu').getByTestId('menu-item-findZone').click();
    await expect(page).toHaveURL(/\/findZone$/);
    await expect(page.getByTestId('zone-fee')).toContainText('$0.10');
    await expect(page.getByTestId('zone-balance')).toContainText(`$${before}`);
    await page.getByTestId('zone-origin').fill('90210');
    await page.getByTestId('zone-destination').fill('10118');
    await page.getByTestId('zone-submit').click();
    await expect(page.getByTestId('zone-result')).toBeVisible();
    await expect(page.getByTestId('zone-value')).toContainText('Zone 8');
    await expect(page.getByTestId('zone-charged')).toHaveText('$0.10');
    const expected = ((Math.round(Number(before) * 100) - 10) / 100).toFixed(2);
    await expect(page.getByTestId('zone-balance-after')).toHaveText(`$${expected}`);
    expect((await call(request, token, '/api/user/info')).balance).toBe(expected);
    const fees = await call(request, token, '/api/app/balance/log/list?type=5&page=1&pageSize=50');
    expect(fees.list.map((row: { amount: string }) => row.amount)).toEqual(['-0.10']);
    await shot('find-zone');
  });

  await page.context().close();
});
