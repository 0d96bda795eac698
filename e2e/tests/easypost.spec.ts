import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { ADMIN, EASYPOST_STANDIN } from '../playwright.config.ts';
import { adminToken } from '../support/api.ts';
import { call, confirmBuy, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { confirmPopup, pickOption, pickUser } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, type Locale, text } from '../support/ui.ts';

/**
 * Issue 12, as a new operator would: an EasyPost channel added through its settings form (a test key,
 * against the EasyPost stand-in), a service under it, allotted to a merchant; the merchant compares the
 * demo and EasyPost rates, buys the EasyPost label, downloads the carrier's own label and cancels it;
 * staff approve the cancellation and see every call to EasyPost in the API log. In both languages.
 */

async function easypostFlow(browser: Browser, request: APIRequestContext, locale: Locale) {
  const suffix = `${locale}-${Date.now() % 1_000_000}`;
  const channelName = `EasyPost ${suffix}`;
  const serviceName = `USPS Priority via EasyPost ${suffix}`;
  const shot = (page: Page, name: string) => keepPicture(page, `easypost-${locale}-${name}`);
  const customer = await createCustomer(request, {
    prefix: 'easypost',
    phone: '+1 310 555 0100',
    company: 'Shop Co',
    firstName: 'Ada',
    lastName: 'Shipper',
  });
  const staff = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
  let serviceId = 0;

  await test.step('add an EasyPost channel through its settings form: the key is asked for, then kept secret', async () => {
    await staff.goto('/adminSettings/permission/carrierService');
    await staff.getByTestId('channel-new').click();
    await staff.getByTestId('channel-name').fill(channelName);
    await pickOption(staff, 'channel-platform', 'EasyPost');
    await pickOption(staff, 'channel-carrier', 'USPS');
    // The form is EasyPost's: its API key is required before anything is sent.
    await expect(staff.getByText(text(locale, 'carriers.setting.easypostApiKey'))).toBeVisible();
    await expect(staff.getByTestId('channel-mailer-id')).toHaveCount(0);
    await staff.getByTestId('channel-save').click();
    const keyItem = staff.locator('.ant-form-item', { has: staff.getByTestId('channel-setting-apiKey') });
    await expect(keyItem).toContainText(text(locale, 'carriers.required'));
    await staff.getByTestId('channel-setting-apiKey').fill(EASYPOST_STANDIN.apiKey);
    await staff.getByTestId('channel-setting-baseUrl').fill(EASYPOST_STANDIN.url);
    await shot(staff, 'channel-form');
    await staff.getByTestId('channel-save').click();
    await expectMessage(staff, 'channel-saved');
    await expect(staff.getByTestId(`channel-row-${channelName}`)).toBeVisible();

    // The key never comes back to a screen: the channel list has it blank, named as set.
    const admin = await adminToken(request);
    const channels = (await call(request, admin, '/api/admin/channel/getAllChannel')) as {
      name: string;
      settings: Record<string, unknown>;
      secretsSet: string[];
    }[];
    const saved = channels.find((channel) => channel.name === channelName);
    expect(saved).toMatchObject({ settings: { apiKey: '', labelFormat: 'PDF' }, secretsSet: ['apiKey'] });
  });

  await test.step("add a service with EasyPost's carrier and service names; it has no rate table", async () => {
    await staff.getByTestId(`channel-row-${channelName}`).getByTestId('channel-add-service').click();
    await staff.getByTestId('service-code').fill(`EP_PRIORITY_${suffix.replace(/\W/g, '_')}`);
    await staff.getByTestId('service-name').fill(serviceName);
    await staff.getByTestId('service-setting-carrier').fill('USPS');
    await staff.getByTestId('service-setting-service').fill('Priority');
    await expect(staff.getByTestId('service-rates-upstream')).toBeVisible();
    await staff.getByTestId('service-save').click();
    await expectMessage(staff, 'service-saved');
    await expect(staff).toHaveURL(/carrierServiceNew\?serviceId=\d+$/);
    serviceId = Number(new URL(staff.url()).searchParams.get('serviceId'));
  });

  await test.step('allot the channel to the merchant, and fund the merchant', async () => {
    await staff.goto('/maintenance/userChannel');
    await pickUser(staff, 'user-picker', customer.email);
    const row = staff.getByTestId(`allot-row-${channelName}`);
    await row.getByRole('checkbox').check();
    await staff.getByTestId('allot-save').click();
    await expectMessage(staff, 'allot-saved');
    await call(request, await adminToken(request), '/api/admin/balance/adjust', {
      userId: customer.id,
      currency: 'USD',
      amount: '100.00',
      remark: 'e2e top-up',
    });
  });

  const page = await signedInPage(browser, customer.email, customer.password, locale);
  let orderNo = '';
  let orderId = 0;

  await test.step('the merchant compares the demo and EasyPost rates and buys the EasyPost label', async () => {
    await page.goto('/shipments/newOrder');
    for (const [party, name, zip, line, city] of [
      ['from', 'Ada Shipper', '90210', '9450 Wilshire Blvd', 'Beverly Hills'],
      ['to', 'Grace Buyer', '10118', '350 5th Ave', 'New York'],
    ] as const) {
      await page.getByTestId(`${party}-personName`).fill(name);
      await page.getByTestId(`${party}-zipCode`).fill(zip);
      await page.getByTestId(`${party}-addressLine1`).fill(line);
      await expect(page.getByTestId(`${party}-city`)).toHaveValue(city);
    }
    await page.getByTestId('parcel-0-length').fill('10');
    await page.getByTestId('parcel-0-width').fill('8');
    await page.getByTestId('parcel-0-height').fill('4');
    await page.getByTestId('order-compare').click();
    const rates = page.getByTestId('rates-card');
    await expect(rates.getByTestId(`rate-row-${serviceId}`)).toContainText(serviceName);
    // The demo services are quoted beside it.
    expect(await rates.locator('tr[data-testid^="rate-row-"]').count()).toBeGreaterThanOrEqual(2);
    orderId = Number(/orderId=(\d+)/.exec(page.url())?.[1]);
    orderNo = (await page.getByTestId('order-no-tag').textContent()) ?? '';
    await shot(page, 'rates');
    await rates.getByTestId(`rate-${serviceId}-buy`).click();
    await confirmBuy(page);
    await expectMessage(page, 'label-created');
    await expect(page.getByTestId('purchase-result')).toBeVisible();
  });

  await test.step("the label downloaded is the carrier's own 4x6 label", async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('purchase-download').click(),
    ]);
    const path = await download.path();
    const document = await PDFDocument.load(await readFile(path));
    expect(document.getPageCount()).toBe(1);
    expect(document.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const words = execFileSync('pdftotext', [path, '-']).toString();
    // The stand-in prints the reference it was sent: this order's number.
    expect(words).toContain(`REF ${orderNo}`);
    await page.goto(`/shipments/detail/${orderId}`);
    const tracking = ((await page.getByTestId('parcel-tracking').first().textContent()) ?? '').replace(/\s/g, '');
    expect(words.replace(/\s/g, '')).toContain(tracking);
  });

  await test.step('the merchant cancels it; staff approve the cancellation', async () => {
    await page.getByTestId('order-action-cancel').click();
    await confirmPopup(page);
    await expectMessage(page, 'order-action-done');
    await staff.goto('/adminSettings/allWaybills');
    await staff.getByTestId('waybills-keyword').fill(orderNo);
    await staff.getByTestId('waybills-search').click();
    const row = staff.getByTestId(`order-row-${orderNo}`);
    await row.getByTestId('action-audit').click();
    await staff.getByTestId('audit-approve').click();
    await staff.getByTestId('audit-ok').click();
    await expectMessage(staff, 'audit-done');
  });

  await test.step('staff see every call to EasyPost for the order in the API log, the key redacted', async () => {
    await staff.goto('/maintenance/apiLog');
    await staff.getByTestId('api-log-order-no').fill(orderNo);
    await staff.getByTestId('filter-submit').click();
    const rows = staff.locator('tr[data-testid^="api-log-row-"]');
    // Making the shipment, buying it, fetching its label, and refunding it.
    await expect(rows).toHaveCount(4);
    const operations = staff.getByTestId('api-log-page');
    await expect(operations).toContainText(text(locale, 'apiLog.operations.purchase'));
    await expect(operations).toContainText(text(locale, 'apiLog.operations.void'));
    await rows.last().click();
    await expect(staff.getByTestId('api-log-request-headers')).toContainText('[redacted]');
    await expect(staff.getByTestId('api-log-detail')).not.toContainText(EASYPOST_STANDIN.apiKey);
    await shot(staff, 'api-log');
  });
  await page.context().close();
  await staff.context().close();
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`an operator adds an EasyPost channel; a merchant buys, downloads and cancels its label (${locale})`, async ({
    browser,
    request,
  }) => {
    await easypostFlow(browser, request, locale);
  });
}
