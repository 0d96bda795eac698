import { expect } from '@playwright/test';
import { apiLogin } from '../support/api.ts';
import { call, signedInPage } from '../support/flows.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer } from '../support/orders.ts';
import { test } from '../support/test.ts';
import { createCustomer, type Locale, text } from '../support/ui.ts';

/**
 * Issue 28, returns, in a real browser and both languages: a new merchant makes a pay-on-use return label
 * from a delivered order of a demo channel (free when made), opens its return link without signing in,
 * the demo carrier scans the return and the wallet is charged once, whatever scans follow.
 */
const cents = (money: string) => Math.round(Number(money) * 100);

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  test(`a pay-on-use return is charged once, at its first scan (${locale})`, async ({ browser, request }) => {
    const merchant = await createCustomer(request, { prefix: `returns-${locale}` });
    await fundCustomer(request, merchant.id, '50', 'returns e2e');
    const token = await apiLogin(request, merchant.email, merchant.password);
    const outbound = await buyLabelThroughApi(request, token, domesticShipment('Ada Returns'));
    // The outbound parcel delivered, by the demo carrier's scans (received … delivered).
    for (let step = 0; step < 5; step++) await call(request, token, `/api/app/order/demoScan/${outbound.orderId}`, {});
    const balance = async () => cents(((await call(request, token, '/api/user/info')) as { balance: string }).balance);
    const before = await balance();

    const page = await signedInPage(browser, merchant.email, merchant.password, locale);
    await page.goto(`/shipments/detail/${outbound.orderId}`);
    await page.getByTestId('create-return').click();
    const options = page.getByTestId('return-options');
    await expect(options.getByTestId('return-validity')).toContainText('30');
    await expect(options.getByTestId('return-pay-on-use')).toBeVisible();
    await page.getByTestId('return-buy').click();

    const card = page.getByTestId('returns-card');
    const row = card.locator('tr[data-testid^="return-row-"]');
    await expect(row.getByTestId('return-state')).toHaveText(text(locale, 'returns.payOnUseTag'));
    // Free when made.
    expect(await balance()).toBe(before);
    const link = (await row.getByTestId('return-link').getAttribute('href')) as string;
    expect(link).toMatch(/\/r\/[A-Za-z0-9_-]{32}$/);

    // The return link, as the recipient opens it: no sign-in, the label to print.
    const visitor = await browser.newContext();
    await visitor.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
    const recipient = await visitor.newPage();
    await recipient.goto(new URL(link).pathname);
    await expect(recipient.getByTestId('return-page-state')).toHaveText(text(locale, 'site.returnPage.states.ready'));
    await expect(recipient.getByTestId('return-page-pdf')).toBeVisible();
    const pdf = await recipient.request.get(
      (await recipient.getByTestId('return-page-pdf').getAttribute('href')) as string,
    );
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await visitor.close();

    // The return's own page: the demo carrier's first scan (label created), then its acceptance.
    await row.getByRole('link').first().click();
    const returnCard = page.getByTestId('return-card');
    await expect(returnCard.getByTestId('return-state')).toHaveText(text(locale, 'returns.payOnUseTag'));
    // One scan at a time: each click waits for the demo carrier's answer.
    const scan = async () =>
      Promise.all([
        page.waitForResponse((answer) => answer.url().includes('/api/app/order/demoScan/')),
        page.getByTestId('demo-scan').click(),
      ]);
    await scan();
    await expect(returnCard.getByTestId('return-state')).toHaveText(text(locale, 'returns.payOnUseTag'));
    await scan();
    await expect(returnCard.getByTestId('return-state')).not.toHaveText(text(locale, 'returns.payOnUseTag'));
    const charged = (await returnCard.getByTestId('return-charged').textContent()) ?? '';
    const amount = cents(charged.replace(/[^0-9.]/g, ''));
    expect(amount).toBeGreaterThan(0);
    expect(await balance()).toBe(before - amount);

    // Further scans, up to delivery, charge nothing more.
    for (let step = 0; step < 3; step++) await scan();
    await expect(page.getByTestId('order-detail-net')).toBeVisible();
    const returnId = Number(new URL(page.url()).pathname.split('/').pop());
    const detail = (await call(request, token, `/api/app/order/detail/${returnId}`)) as {
      money: { lines: { kind: string }[] };
    };
    expect(detail.money.lines.filter((line) => line.kind === 'charge')).toHaveLength(1);
    expect(await balance()).toBe(before - amount);
    await page.context().close();
  });
}
