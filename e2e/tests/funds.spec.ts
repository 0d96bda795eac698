import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { NO_VALUE } from '../../packages/shared/src/constants.ts';
import { ADMIN } from '../playwright.config.ts';
import { adminToken, apiLogin } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { openPopover, pickOption } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer } from '../support/ui.ts';

/**
 * Issue 3 "Done when", in a real browser: a customer submits a recharge with a voucher, staff approve it
 * with a different actual amount, the customer sees the new balance, the ledger row and a message; both
 * xlsx exports download, open, and hold the same rows as the screen. In English, so that the spec's
 * wording ('upload successful', 'The file size cannot exceed 500KB') is what is checked.
 */

const UPLOAD_LIMIT_BYTES = 500 * 1024;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real PNG (a blue checkerboard) the browser can decode, made here so the test needs no fixture file. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      const blue = ((x >> 4) + (y >> 4)) % 2 === 0;
      raw[at] = blue ? 22 : 255;
      raw[at + 1] = blue ? 93 : 255;
      raw[at + 2] = 255;
    }
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The cells' text of every data row of the table, keyed by the row's test id prefix. */
async function tableRows(table: Locator, prefix: string): Promise<string[][]> {
  const rows = table.locator(`tr[data-testid^="${prefix}"]`);
  return rows.evaluateAll((nodes) =>
    nodes.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => (cell.textContent ?? '').trim())),
  );
}

/** Downloads the export behind `button` and reads its first sheet (header row first). */
async function exportedSheet(page: Page, button: Locator, namePattern: RegExp): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(namePattern);
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  expect(sheet).toBeDefined();
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

/** "$1,234.50" or "+¥88.00" on screen → "1234.50" as the export writes it. */
const plain = (text: string) => text.replace(/[+$¥,]/g, '');

test('a recharge with a voucher is approved with another amount; balances, ledger, message and exports agree', async ({
  browser,
  request,
}) => {
  const customer = await createCustomer(request, {
    prefix: 'funds',
    phone: '+1 415 555 0100',
    company: 'Analytical Engines',
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  const customerToken = await apiLogin(request, customer.email, customer.password);
  // A second record that stays pending, so the exports have more than one row to compare.
  await call(request, customerToken, '/api/app/user/recharge', {
    currency: 'CNY',
    paymentMethod: 'alipay',
    amount: '1000.00',
    remark: 'Alipay transfer',
  });

  const page = await signedInPage(browser, customer.email, customer.password);
  let rechargeId = 0;

  await test.step('the customer fills the recharge form; an oversize voucher is refused, an image is taken', async () => {
    await openFromMenu(page, 'postage', 'recharge');
    await expect(page).toHaveURL(/\/postage\/recharge$/);
    await expect(page.getByTestId('summary-balance-USD')).toHaveText('$0.00');
    await expect(page.getByTestId('summary-wallet-CNY').getByTestId('exchange-rate')).toHaveText(
      /1 USD = \d+(\.\d+)? CNY/,
    );

    const fileInput = page.getByTestId('voucher-upload').locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'too-big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 1),
    });
    await expectMessage(page, 'upload-refused', 'The file size cannot exceed 500KB');
    await expect(page.getByTestId('voucher-preview-local')).toHaveCount(0);

    await fileInput.setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: png(320, 200) });
    await expect(page.getByTestId('upload-success')).toHaveText('upload successful');
    await expect(page.getByTestId('voucher-name')).toHaveText('transfer.png');
    await expect(page.getByTestId('voucher-thumbnail')).toBeVisible();

    await pickOption(page, 'recharge-payment-method', 'ACH and wire');
    await page.getByTestId('recharge-amount').fill('500.00');
    await page.getByTestId('recharge-remark').fill('ACH ref 7781');
    await page.getByTestId('recharge-submit').click();
    await expectMessage(page, 'recharge-submitted');
    await expect(page).toHaveURL(/\/postage\/rechargeRecord$/);
  });

  await test.step('the record is pending, with the voucher viewable', async () => {
    const table = page.getByTestId('recharge-table-mine');
    const rows = table.locator('tr[data-testid^="recharge-row-"]');
    await expect(rows).toHaveCount(2);
    const newest = rows.first();
    rechargeId = Number(await newest.getAttribute('data-id'));
    await expect(newest.getByTestId('recharge-status')).toHaveText('Pending review');
    await expect(newest).toContainText('ACH and wire');
    await expect(newest).toContainText('$500.00');
    await newest.getByTestId('voucher-link').click();
    const image = page.getByTestId('voucher-preview-image');
    await expect(image).toBeVisible();
    expect(await image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBe(320);
    await page.keyboard.press('Escape');
  });

  await test.step('staff approve it with a different actual amount', async () => {
    const staff = await signedInPage(browser, ADMIN.username, ADMIN.password);
    await openFromMenu(staff, 'adminSettings', 'customer', 'userRechargeRecords');
    await expect(staff).toHaveURL(/\/adminSettings\/customer\/userRechargeRecords$/);
    await staff.getByTestId('filter-keyword').fill(customer.email);
    await staff.getByTestId('filter-submit').click();
    const row = staff.getByTestId(`recharge-row-${rechargeId}`);
    await expect(row.getByTestId('recharge-status')).toHaveText('Pending review');
    await expect(staff.locator('tr[data-testid^="recharge-row-"]')).toHaveCount(2);

    // Staff see the voucher too.
    await row.getByTestId('voucher-link').click();
    await expect(staff.getByTestId('voucher-preview-image')).toBeVisible();
    await staff.keyboard.press('Escape');

    await row.getByTestId('recharge-approve').click();
    const amount = staff.getByTestId('approve-actual-amount');
    await expect(amount).toHaveValue('500.00');
    await amount.fill('498.75');
    await staff.getByTestId('approve-remark').fill('bank fee 1.25');
    await staff.getByTestId('approve-ok').click();
    await expect(staff.getByTestId('recharge-approved')).toBeVisible();
    await expect(row.getByTestId('recharge-status')).toHaveText('Approved');
    await expect(row.getByTestId('recharge-actual')).toHaveText('$498.75');
    // Approved once: no second approval is offered.
    await expect(row.getByTestId('recharge-approve')).toHaveCount(0);
    await staff.context().close();
  });

  await test.step('the customer sees the new balance, the ledger row and a message', async () => {
    const balances = await openPopover(page, 'navbar-balances', 'navbar-balances-panel');
    await expect(balances.getByTestId('summary-balance-USD')).toHaveText('$498.75');
    await expect(page.getByTestId('navbar-balance-USD')).toHaveText('$498.75');
    await page.keyboard.press('Escape');

    await page.reload();
    const row = page.getByTestId(`recharge-row-${rechargeId}`);
    await expect(row.getByTestId('recharge-status')).toHaveText('Approved');
    await expect(row.getByTestId('recharge-actual')).toHaveText('$498.75');
    await expect(row).toContainText('bank fee 1.25');

    await openFromMenu(page, 'postage', 'fundDetails');
    await expect(page).toHaveURL(/\/postage\/fundDetails$/);
    const ledger = page.locator('tr[data-testid^="ledger-row-"]');
    await expect(ledger).toHaveCount(1);
    await expect(ledger.first().getByTestId('fund-type')).toHaveText('Recharge');
    await expect(ledger.first().getByTestId('signed-amount')).toHaveText('+$498.75');
    await expect(ledger.first().getByTestId('balance-after')).toHaveText('$498.75');
    await expect(page.getByTestId('totals-income')).toHaveText('$498.75');

    await expect(page.getByTestId('message-box-badge').locator('.ant-badge-count')).toBeVisible();
    const box = await openPopover(page, 'navbar-alerts', 'message-box');
    await box.getByTestId('message-box-tab-notice').click();
    await expect(box).toContainText('Recharge credited');
    await expect(box).toContainText('498.75');
    await page.keyboard.press('Escape');
  });

  await test.step('the recharge-record export holds the rows of the screen', async () => {
    await openFromMenu(page, 'postage', 'rechargeRecord');
    const table = page.getByTestId('recharge-table-mine');
    await expect(table.locator('tr[data-testid^="recharge-row-"]')).toHaveCount(2);
    const screenRows = await tableRows(table, 'recharge-row-');
    const sheet = await exportedSheet(page, page.getByTestId('recharge-export'), /^recharge-records-.*\.xlsx$/);
    expect(sheet[0]).toEqual([
      'ID',
      'Email',
      'Wallet',
      'Payment method',
      'Forecast amount',
      'Actual amount',
      'Status',
      'Remark',
      'Review remark',
      'Submitted',
      'Funds arrived',
      'Reviewed',
    ]);
    const fileRows = sheet.slice(1);
    expect(fileRows).toHaveLength(screenRows.length);
    // Screen columns: id, wallet, payment method, forecast, actual, status, voucher, remark, review remark, …
    for (const [index, cells] of screenRows.entries()) {
      const file = fileRows[index] ?? [];
      expect(file[0]).toBe(cells[0]);
      expect(file[1]).toBe(customer.email);
      expect(file[2]).toBe(cells[1]);
      expect(file[3]).toBe(cells[2]);
      expect(file[4]).toBe(plain(cells[3] ?? ''));
      expect(file[5] || NO_VALUE).toBe(cells[4] === NO_VALUE ? NO_VALUE : plain(cells[4] ?? ''));
      expect(file[6]).toBe(cells[5]);
      expect(file[7] || NO_VALUE).toBe(cells[7]);
      expect(file[8] || NO_VALUE).toBe(cells[8]);
    }
    expect(fileRows[0]?.[5]).toBe('498.75');
  });

  await test.step('the fund-details export holds the rows of the screen', async () => {
    // A staff adjustment (set-up through the API) gives the ledger a second row.
    await call(request, await adminToken(request), '/api/admin/balance/adjust', {
      userId: customer.id,
      currency: 'USD',
      amount: '-20.00',
      remark: 'Manual correction',
    });
    await openFromMenu(page, 'postage', 'fundDetails');
    const table = page.getByTestId('ledger-table');
    await page.getByTestId('filter-submit').click();
    await expect(table.locator('tr[data-testid^="ledger-row-"]')).toHaveCount(2);
    await expect(page.getByTestId('totals-net')).toHaveText('$478.75');
    const screenRows = await tableRows(table, 'ledger-row-');
    const sheet = await exportedSheet(page, page.getByTestId('ledger-export'), /^fund-details-.*\.xlsx$/);
    expect(sheet[0]).toEqual([
      'ID',
      'User ID',
      'Email',
      'Wallet',
      'Change type',
      'Change amount',
      'Balance after',
      'Reference',
      'Remark',
      'Time',
    ]);
    const fileRows = sheet.slice(1);
    expect(fileRows).toHaveLength(screenRows.length);
    // Screen columns: id, wallet, change type, amount, balance after, reference, remark, time.
    for (const [index, cells] of screenRows.entries()) {
      const file = fileRows[index] ?? [];
      expect(file[0]).toBe(cells[0]);
      expect(file[1]).toBe(String(customer.id));
      expect(file[3]).toBe(cells[1]);
      expect(file[4]).toBe(cells[2]);
      expect(file[5]).toBe(plain(cells[3] ?? ''));
      expect(file[6]).toBe(plain(cells[4] ?? ''));
      expect(file[7] || NO_VALUE).toBe(cells[5]);
      expect(file[8] || NO_VALUE).toBe(cells[6]);
    }
    expect(fileRows.map((row) => row[4])).toEqual(['Staff adjustment', 'Recharge']);
    await page.context().close();
  });
});
