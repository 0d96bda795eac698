import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { FIELD_MESSAGES } from '../../packages/shared/src/contracts/messages.ts';
import { ADMIN } from '../playwright.config.ts';
import { adminToken, apiLogin } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { startSecondInstance } from '../support/instance.ts';
import { expectMessage } from '../support/messages.ts';
import { test } from '../support/test.ts';
import { createCustomer, type Locale, text } from '../support/ui.ts';

/**
 * Issue 13, system configuration: an administrator changes the zone query fee on /adminSettings/sysConfig
 * (checked in the browser with the setting's own rule first), sees the change in the history with the old
 * and the new value, and a merchant working on a second app instance of the same database, whose zone
 * screen showed the old fee, sees the new one on its next visit and is charged it, with no restart. The
 * fee goes back to docs/spec.md §9's 0.10 USD at the end, through the same screen, for the specs that follow.
 * In both languages.
 *
 * Set-up outside the screens: the merchant is registered, activated and funded through the API; the second
 * instance is started by the spec.
 */

const NEW_FEE = '0.35';

async function fundedMerchant(request: APIRequestContext) {
  const merchant = await createCustomer(request, { prefix: 'sysconfig', company: 'Config Co' });
  await call(request, await adminToken(request), '/api/admin/balance/adjust', {
    userId: merchant.id,
    currency: 'USD',
    amount: '10.00',
    remark: 'e2e sys-config',
  });
  return merchant;
}

let second: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
// Stopped whatever the outcome, so a failing run leaves no server behind.
test.afterEach(async () => second?.stop());

async function feeFlow(browser: Browser, request: APIRequestContext, locale: Locale) {
  const merchant = await fundedMerchant(request);
  second = await startSecondInstance();
  const adminPage = await signedInPage(browser, ADMIN.username, ADMIN.password, locale);
  const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);

  const setFee = async (fee: string) => {
    await adminPage.getByTestId('sys-config-tab-zoneQuery').click();
    const form = adminPage.getByTestId('sys-config-form-zoneQuery');
    await form.getByTestId('setting-zoneQuery-fee').fill(fee);
    await expect(form.getByTestId('sys-config-dirty-zoneQuery')).toBeVisible();
    await form.getByTestId('sys-config-save-zoneQuery').click();
    await expectMessage(adminPage, 'sys-config-saved', t('sysConfig.saved'));
    await expect(form.getByTestId('sys-config-save-zoneQuery')).toBeDisabled();
  };

  const merchantPage = await signedInPage(browser, merchant.email, merchant.password, locale, second.url);
  const openZoneScreen = async () => {
    await merchantPage.getByTestId('side-menu').getByTestId('menu-item-Workplace').click();
    await expect(merchantPage).toHaveURL(/\/dashboard\/workplace$/);
    // The workplace drawn and the zone screen gone, not only the address changed: the router renders a
    // navigation as a transition, and a second one before it is drawn leaves the zone screen standing, never
    // opened again, with the fee it read before (seen once in a clean-clone run).
    await expect(merchantPage.getByTestId('workplace-page')).toBeVisible();
    await expect(merchantPage.getByTestId('zone-fee')).toHaveCount(0);
    await merchantPage.getByTestId('side-menu').getByTestId('menu-item-findZone').click();
    await expect(merchantPage).toHaveURL(/\/findZone$/);
  };

  await test.step('on the second instance, the merchant sees the fee of docs/spec.md §9', async () => {
    await openZoneScreen();
    await expect(merchantPage.getByTestId('zone-fee')).toContainText('$0.10');
  });

  await test.step('the admin opens sysConfig and a wrong fee is refused in the browser', async () => {
    await openFromMenu(adminPage, 'adminSettings', 'sysConfig');
    await expect(adminPage).toHaveURL(/\/adminSettings\/sysConfig$/);
    await adminPage.getByTestId('sys-config-tab-zoneQuery').click();
    const form = adminPage.getByTestId('sys-config-form-zoneQuery');
    const fee = form.getByTestId('setting-zoneQuery-fee');
    await expect(fee).toHaveValue('0.10');
    await fee.fill('0.123');
    await form.getByTestId('sys-config-save-zoneQuery').click();
    await expect(form.getByText(FIELD_MESSAGES.amountInvalid[locale])).toBeVisible();
  });

  await test.step(`the admin saves ${NEW_FEE} and the history shows the old and the new fee`, async () => {
    await setFee(NEW_FEE);
    await adminPage.getByTestId('setting-history-zoneQuery-fee').click();
    const history = adminPage.getByTestId('sys-config-history');
    const latest = history.locator('tbody tr').first();
    await expect(latest).toContainText(t('sysConfig.setting.zoneQuery.fee'));
    await expect(latest).toContainText('0.10');
    await expect(latest).toContainText(NEW_FEE);
    await expect(latest).toContainText(ADMIN.username);
    await adminPage.keyboard.press('Escape');
    await expect(history).toBeHidden();
  });

  await test.step('on the second instance, the merchant sees the new fee before asking and is charged it', async () => {
    const page = merchantPage;
    // The second instance itself first (its API, as the screen asks it): a stale value and a stalled answer
    // fail here, each in its own words, before the screen is read.
    const secondApi = page.context().request;
    const values = await call(
      secondApi,
      await apiLogin(secondApi, merchant.email, merchant.password),
      '/api/app/config/values',
    );
    expect(values.zoneQueryFee, 'the fee the second instance answers').toBe(NEW_FEE);
    await openZoneScreen();
    await expect(page.getByTestId('zone-fee')).toContainText(`$${NEW_FEE}`);
    await expect(page.getByTestId('zone-submit')).toContainText(`$${NEW_FEE}`);
    await page.getByTestId('zone-origin').fill('90210');
    await page.getByTestId('zone-destination').fill('10118');
    await page.getByTestId('zone-submit').click();
    await expect(page.getByTestId('zone-charged')).toHaveText(`$${NEW_FEE}`);
    await expect(page.getByTestId('zone-balance-after')).toHaveText('$9.65');
    const token = await apiLogin(request, merchant.email, merchant.password);
    const fees = await call(request, token, '/api/app/balance/log/list?type=5&page=1&pageSize=50');
    expect(fees.list.map((row: { amount: string }) => row.amount)).toEqual([`-${NEW_FEE}`]);
    await page.context().close();
  });

  await test.step('the fee goes back to 0.10 USD', async () => {
    await setFee('0.10');
    const values = await call(request, await adminToken(request), '/api/app/config/values');
    expect(values.zoneQueryFee).toBe('0.10');
  });

  await adminPage.context().close();
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`an administrator changes the zone query fee in sysConfig; the next zone query is charged it (${locale})`, async ({
    browser,
    request,
  }) => {
    await feeFlow(browser, request, locale);
  });
}
