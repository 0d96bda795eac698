import { expect } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { pickByTyping, pickOption } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { type Customer, createCustomer } from '../support/ui.ts';

/**
 * docs/spec.md §2 /settings/management, reply, /adminSettings/serviceManagement, replyService and /settings/api in
 * a real browser: a merchant opens a work order with a file, customer service answers it in the admin
 * area, the merchant reads the answer and closes the work order after confirming; and a merchant's API
 * key works for a program until it is revoked. In English.
 */

/** A 1×1 GIF, the smallest image the upload accepts. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let customer: Customer;

test.beforeAll(async ({ request }) => {
  customer = await createCustomer(request, { prefix: 'workorders' });
});

test('a merchant opens a work order, customer service answers it, the merchant closes it after confirming', async ({
  browser,
}) => {
  const subject = `Parcel stuck ${Date.now()}`;
  const merchant = await signedInPage(browser, customer.email, customer.password);
  let ticketNo = '';

  await test.step('the merchant opens a work order from Settings → Work orders (type and subject required)', async () => {
    await openFromMenu(merchant, 'settings', 'management');
    await expect(merchant).toHaveURL(/\/settings\/management$/);
    await merchant.getByTestId('work-order-new').click();
    await merchant.getByTestId('new-work-order-save').click();
    await expect(merchant.getByText('Please choose the type')).toBeVisible();
    await expect(merchant.getByText('Please enter the subject')).toBeVisible();

    await pickOption(merchant, 'new-type', 'Tracking & delivery');
    await merchant.getByTestId('new-subject').fill(subject);
    await merchant.getByTestId('new-description').fill('No scan for five days since the label was printed.');
    await merchant
      .getByTestId('new-attachment-upload')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'screenshot.gif', mimeType: 'image/gif', buffer: PIXEL });
    await expect(merchant.getByTestId('new-attachment-name')).toHaveText('screenshot.gif');
    await merchant.getByTestId('new-work-order-save').click();

    await expect(merchant).toHaveURL(/\/settings\/management\/\d+$/);
    await expect(merchant.getByTestId('work-order-title')).toHaveText(subject);
    await expect(merchant.getByTestId('work-order-status')).toHaveText('Being processed');
    ticketNo = ((await merchant.getByTestId('work-order-ticket').textContent()) ?? '').trim();
    expect(ticketNo).toMatch(/^WO\d{6}\d{5}$/);
    await expect(merchant.getByTestId('work-order-message')).toHaveCount(1);
    await expect(merchant.getByTestId('work-order-cancel')).toBeVisible();
  });

  await test.step('customer service finds it in the queue being processed and answers it', async () => {
    const staff = await signedInPage(browser, ADMIN.username, ADMIN.password);
    await openFromMenu(staff, 'adminSettings', 'serviceManagement');
    await expect(staff).toHaveURL(/\/adminSettings\/serviceManagement$/);
    await staff.getByTestId('filter-keyword').fill(ticketNo);
    await staff.getByTestId('filter-submit').click();
    const row = staff.locator('[data-testid^="work-order-row-"]').filter({ hasText: ticketNo });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('work-order-merchant')).toContainText(customer.email);
    await expect(row.getByTestId('work-order-status')).toHaveText('Being processed');
    await row.getByTestId('work-order-open').click();

    await expect(staff).toHaveURL(/\/adminSettings\/serviceManagement\/\d+$/);
    await expect(staff.getByTestId('work-order-title')).toHaveText(subject);
    // Customer service may not cancel a merchant's work order.
    await expect(staff.getByTestId('work-order-cancel')).toHaveCount(0);
    // The merchant's file opens for customer service.
    await staff.getByTestId('work-order-attachment-link').click();
    await expect(staff.getByTestId('work-order-attachment-preview-image')).toBeVisible();
    await staff.keyboard.press('Escape');

    await staff.getByTestId('reply-content').fill('We asked the carrier for a trace; it will be delivered tomorrow.');
    await staff.getByTestId('reply-send').click();
    await expectMessage(staff, 'reply-sent');
    await expect(staff.getByTestId('work-order-message')).toHaveCount(2);
    await staff.screenshot({ path: '/tmp/e2e-work-order-staff.png', fullPage: true });
    await staff.context().close();
  });

  await test.step('the merchant sees the answer, labelled as customer service, and closes after confirming', async () => {
    await merchant.reload();
    const answer = merchant.getByTestId('work-order-message').last();
    await expect(answer).toHaveAttribute('data-side', 'service');
    await expect(answer.getByTestId('work-order-service-label')).toHaveText('Customer service');
    await expect(answer.getByTestId('work-order-message-content')).toHaveText(
      'We asked the carrier for a trace; it will be delivered tomorrow.',
    );

    await merchant.getByTestId('work-order-close').click();
    await expect(merchant.locator('.ant-modal-confirm-title')).toHaveText('Close this work order?');
    await merchant.getByTestId('work-order-close-ok').click();
    await expectMessage(merchant, 'work-order-close-done');
    await expect(merchant.getByTestId('work-order-status')).toHaveText('Closed');
    await expect(merchant.getByTestId('reply-form')).toHaveCount(0);
    await expect(merchant.getByTestId('work-order-reopen')).toBeVisible();
    await merchant.screenshot({ path: '/tmp/e2e-work-order-merchant.png', fullPage: true });

    await merchant.getByTestId('work-order-back').click();
    const row = merchant.locator('[data-testid^="work-order-row-"]').filter({ hasText: ticketNo });
    await expect(row.getByTestId('work-order-status')).toHaveText('Closed');
    await expect(row.getByTestId('work-order-last')).toContainText('Customer service:');
  });
  await merchant.context().close();
});

test('a merchant creates a test API key, sees it once with its mode, calls the API with it, and revokes it', async ({
  browser,
  request,
}) => {
  const page = await signedInPage(browser, customer.email, customer.password);
  await openFromMenu(page, 'settings', 'api');
  await expect(page).toHaveURL(/\/settings\/api$/);
  await expect(page.getByTestId('api-keys-intro')).toContainText('Authorization: Bearer');
  await expect(page.getByTestId('api-docs-link')).toHaveAttribute('href', '/api/docs');

  await page.getByTestId('api-key-new').click();
  await page.getByTestId('api-key-name-input').fill('Warehouse system');
  await pickOption(page, 'api-key-lifetime', 'In 90 days');
  await page.getByTestId('api-key-mode-test').click();
  await page.getByTestId('api-key-form-save').click();
  await expect(page.getByTestId('api-key-once-warning')).toContainText('it will not be shown again');
  await expect(page.getByTestId('api-key-created').getByTestId('api-key-mode')).toHaveText('Test');
  const key = await page.getByTestId('api-key-secret').inputValue();
  expect(key).toMatch(/^pp_test_\S{20,}$/);
  await page.getByTestId('api-key-done').click();

  const row = page.locator('[data-testid^="api-key-row-"]').filter({ hasText: 'Warehouse system' });
  await expect(row.getByTestId('api-key-mode')).toHaveText('Test');
  await expect(row.getByTestId('api-key-prefix')).toHaveText(`${key.slice(0, 14)}…`);
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never used');
  // Shown once: the full key is nowhere on the page any more.
  await expect(page.locator('body')).not.toContainText(key);

  const asProgram = () => request.get('/api/user/info', { headers: { authorization: `Bearer ${key}` } });
  const answer = await asProgram();
  expect(answer.status()).toBe(200);
  expect((await answer.json()).data.username).toBe(customer.email);
  expect(answer.headers()['parcelport-mode']).toBe('test');

  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Never used');
  await row.getByTestId('api-key-revoke').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('Revoke the key "Warehouse system"?');
  await page.getByTestId('api-key-revoke-ok').click();
  await expect(page.getByTestId('api-key-revoked')).toBeVisible();
  await expect(row).toHaveCount(0);

  const after = await asProgram();
  expect(after.status()).toBe(401);
  await page.context().close();
});

test('a merchant limits a key to an area and an address list, sees its last use, and rolls it with an overlap', async ({
  browser,
  request,
}) => {
  const page = await signedInPage(browser, customer.email, customer.password);
  await openFromMenu(page, 'settings', 'api');
  await page.getByTestId('api-key-new').click();
  await page.getByTestId('api-key-name-input').fill('Tracking board');
  await pickByTyping(page, 'api-key-areas-input', 'Track', 'Tracking');
  await page.getByTestId('api-key-ips-input').fill('not-an-address');
  await page.getByTestId('api-key-form-save').click();
  await expect(page.getByText('"not-an-address" is not an IPv4 or IPv6 address or block')).toBeVisible();
  // The browser's requests come from the loopback, in either family.
  await page.getByTestId('api-key-ips-input').fill('127.0.0.0/8\n::1');
  await page.getByTestId('api-key-form-save').click();
  const key = await page.getByTestId('api-key-secret').inputValue();
  await page.getByTestId('api-key-done').click();

  const row = page.locator('[data-testid^="api-key-row-"]').filter({ hasText: 'Tracking board' }).first();
  await expect(row.getByTestId('api-key-areas')).toHaveText('Tracking');
  await expect(row.getByTestId('api-key-ips')).toHaveText('127.0.0.0/8, ::1');
  const as = (secret: string, url: string) => request.get(url, { headers: { authorization: `Bearer ${secret}` } });
  const refused = await as(key, '/api/app/order/orders');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).data).toEqual({ reason: 'apiKeyArea', area: 'orders' });
  const track = (secret: string) => as(secret, '/api/app/tracking/query?numbers=9400100000000000000000');
  expect((await track(key)).status()).toBe(200);
  await page.reload();
  await expect(row.getByTestId('api-key-last-ip')).toHaveText(/^from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);

  await row.getByTestId('api-key-roll').click();
  await pickOption(page, 'api-key-overlap', '1 hour');
  await page.getByTestId('api-key-roll-ok').click();
  const rolled = await page.getByTestId('api-key-secret').inputValue();
  expect(rolled).not.toBe(key);
  await page.getByTestId('api-key-done').click();
  const rows = page.locator('[data-testid^="api-key-row-"]').filter({ hasText: 'Tracking board' });
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId('api-key-rolled')).toHaveCount(1);
  await expect(rows.getByTestId('api-key-rolled')).toContainText('Rolled: stops');
  // Both secrets work through the overlap, with the same limits.
  for (const secret of [key, rolled]) {
    expect((await track(secret)).status()).toBe(200);
    expect((await as(secret, '/api/app/order/orders')).status()).toBe(403);
  }
  await page.context().close();
});
