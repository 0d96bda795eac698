import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { apiLogin } from '../support/api.ts';
import { signedInPage } from '../support/flows.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from '../support/orders.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, type Locale } from '../support/ui.ts';

/**
 * Issue 28, for the recipient, in a real browser and once per language: a merchant sets its brand on
 * /settings/branding, buys a label on the demo channel, copies the label's tracking page link from the
 * order detail, and the recipient opens /t/<id> without signing in: the page is under the merchant's brand,
 * in the reader's language (switchable), shows where the parcel goes to no closer than the city, and an
 * unknown id is a plain 404 page.
 */

const TEXT = {
  'zh-CN': {
    title: '包裹追踪',
    notScanned: '承运商尚未扫描该包裹',
    switchTo: 'English',
    other: 'The carrier has not scanned the parcel yet',
    notFound: '找不到该追踪页面',
  },
  'en-US': {
    title: 'Parcel tracking',
    notScanned: 'The carrier has not scanned the parcel yet',
    switchTo: '中文',
    other: '承运商尚未扫描该包裹',
    notFound: 'Tracking page not found',
  },
} as const;

async function brandAndTrack(browser: Browser, request: APIRequestContext, locale: Locale) {
  const text = TEXT[locale];
  const brand = `Grace Gadgets ${locale}`;
  const customer = await createCustomer(request, { prefix: 'tracking-page', company: 'Shop Co' });
  await fundCustomer(request, customer.id, '50', 'tracking page e2e');
  const page = await signedInPage(browser, customer.email, customer.password, locale);

  await test.step('the merchant sets its brand on Settings → Branding', async () => {
    await page.goto('/settings/branding');
    await page.getByTestId('brand-name').fill(brand);
    await page.getByTestId('brand-color').fill('#0a7d55');
    await page.getByTestId('brand-support-email').fill('help@gadgets.test');
    await page.getByTestId('brand-save').click();
    await expect(page.getByTestId('brand-saved')).toBeVisible();
  });

  const token = await apiLogin(request, customer.email, customer.password);
  const label = await buyLabelThroughApi(request, token, domesticShipment('Ada Shipper'));

  let url = '';
  await test.step("the order detail shows the label's tracking page link", async () => {
    await page.goto(`/shipments/detail/${label.orderId}`);
    const link = page.getByTestId('tracking-page-url');
    await expect(link).toHaveText(/\/t\/[A-Za-z0-9_-]{22}$/);
    url = (await link.textContent()) as string;
  });

  await test.step('the recipient opens it, signed in nowhere, in their own language', async () => {
    const reader = await browser.newContext({ locale });
    const recipient = await reader.newPage();
    const answer = await recipient.goto(url);
    expect(answer?.status()).toBe(200);
    await expect(recipient).toHaveTitle(`${brand} · ${text.title}`);
    await expect(recipient.locator('header h1')).toHaveText(brand);
    await expect(recipient.locator('main')).toContainText(text.notScanned);
    await expect(recipient.locator('main')).toContainText(label.trackingNo);
    await expect(recipient.locator('main')).toContainText('New York, NY, US');
    await expect(recipient.locator('a[href="mailto:help@gadgets.test"]')).toBeVisible();
    // Nothing of the recipient beyond the city: the shipment's recipient is Grace Buyer at 1 Main St.
    await expect(recipient.locator('body')).not.toContainText('Grace Buyer');
    await expect(recipient.locator('body')).not.toContainText('1 Main St');
    await keepPicture(recipient, `tracking-page-${locale}`);

    await recipient.getByRole('link', { name: text.switchTo }).click();
    await expect(recipient.locator('main')).toContainText(text.other);

    const unknown = await recipient.goto('/t/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown?.status()).toBe(404);
    await expect(recipient.locator('main')).toContainText(text.notFound);
    await reader.close();
  });
  await page.context().close();
}

test('zh-CN: a merchant brands its tracking page and the recipient opens it', async ({ browser, request }) => {
  await brandAndTrack(browser, request, 'zh-CN');
});

test('en-US: a merchant brands its tracking page and the recipient opens it', async ({ browser, request }) => {
  await brandAndTrack(browser, request, 'en-US');
});
