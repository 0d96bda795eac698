import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import {
  createCustomer,
  keepPicture,
  type Locale,
  literally,
  sessionToken,
  sideMenuNames,
  signIn,
  startInLocale,
  text,
} from '../support/ui.ts';

/** docs/spec.md §2 watermark text, in each language. */
const AUDIT: Record<Locale, string> = {
  'en-US': 'Audit recording in progress. Operate carefully.',
  'zh-CN': '审计录制中，请谨慎操作。',
};

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`an administrator acting as a customer sees the watermark and the acting-as notice (${locale})`, async ({
    page: admin,
    context,
    request,
  }) => {
    const customer = await createCustomer(request, { prefix: `acting-${locale}` });
    const fullName = `${customer.firstName} ${customer.lastName}`;
    await startInLocale(context, locale);

    await signIn(admin, ADMIN.username, ADMIN.password);
    const adminToken = await sessionToken(admin);
    await admin.goto('/adminSettings/userManagement');
    await expect(admin.getByTestId('user-management-page')).toBeVisible();
    await admin.getByTestId('user-search-keyword').fill(customer.email);
    await admin.getByTestId('user-search-submit').click();
    const row = admin.getByTestId(`user-row-${customer.email}`);
    await expect(row.getByTestId('account-status')).toHaveText(text(locale, 'account.status.1'));

    const popupOpened = context.waitForEvent('page');
    await row.getByTestId('user-action-act-as').click();
    const popup = await popupOpened;

    await test.step('the new window opens /config, is handed the token without it in any URL, and says who acts for whom', async () => {
      await expect(popup).toHaveURL(/\/config$/);
      await expect(popup.getByTestId('config-acting-as')).toHaveText(
        text(locale, 'config.actingAs', { actor: ADMIN.username, user: `${fullName} (${customer.email})` }),
      );
      await expect(popup.getByTestId('config-page')).toContainText(AUDIT[locale]);
      await keepPicture(popup, `config-${locale}`);
    });

    await test.step('then the workplace of the customer, under the watermark and the notice', async () => {
      // The config screen continues by itself after its countdown.
      await expect(popup).toHaveURL(/\/dashboard\/workplace$/);
      await expect(popup.getByTestId('workplace-greeting')).toContainText(fullName);
      await expect(popup.getByTestId('acting-as-notice')).toContainText(
        text(locale, 'actingAs.notice', { actor: ADMIN.username, user: customer.email }),
      );
      const watermark = popup.getByTestId('watermark');
      await expect(watermark).toHaveAttribute('data-watermark-text', literally(AUDIT[locale]));
      await expect(watermark).toHaveAttribute('data-watermark-text', literally(fullName));
      // antd draws the watermark as a repeated background image over the screen.
      const layer = watermark.locator('div[style*="background-image"]').first();
      const drawn = await layer.evaluate((node) => getComputedStyle(node).backgroundImage.slice(0, 40));
      expect(drawn.startsWith('url("data:image/png;base64,')).toBe(true);
      const covered = await layer.boundingBox();
      expect(covered?.width).toBeGreaterThan(600);
      expect(covered?.height).toBeGreaterThan(300);
      await keepPicture(popup, `acting-as-${locale}`);
      // The window is the customer's: the customer menu, the customer's token (not the admin's).
      expect(await sideMenuNames(popup)).not.toContain('adminSettings');
      const popupToken = await sessionToken(popup);
      expect(popupToken).toBeTruthy();
      expect(popupToken).not.toBe(adminToken);
      expect(await popup.evaluate(() => localStorage.getItem('actingAs'))).toBe('1');
      expect(popup.url()).not.toContain(popupToken as string);
    });

    await test.step("the administrator's own tab is still the administrator", async () => {
      expect(await sessionToken(admin)).toBe(adminToken);
      await admin.reload();
      await expect(admin.getByTestId('user-management-page')).toBeVisible();
      await expect(admin.getByTestId('acting-as-notice')).toHaveCount(0);
      await expect(admin.getByTestId('watermark')).toHaveCount(0);
      await expect(admin.getByTestId('navbar-user')).not.toContainText(customer.lastName);
      expect(await sideMenuNames(admin)).toContain('userManagement');
    });

    await test.step("ending the acting session signs the window out, not the administrator's tab", async () => {
      await popup.getByTestId('acting-as-end').click();
      await expect(popup).toHaveURL(/\/login$/);
      expect(await sessionToken(popup)).toBeNull();
      await admin.reload();
      await expect(admin.getByTestId('user-management-page')).toBeVisible();
      expect(await sessionToken(admin)).toBe(adminToken);
    });
  });
}

test('a /config window nobody handed a token to (a token in its URL is ignored) says so and signs nobody in', async ({
  page,
  context,
}) => {
  await startInLocale(context, 'en-US');
  await page.goto('/config?token=not-a-token');
  await expect(page.getByTestId('config-invalid')).toHaveText(text('en-US', 'config.invalid'));
  expect(await sessionToken(page)).toBeNull();
  await page.goto('/config');
  await expect(page.getByTestId('config-invalid')).toBeVisible();
});
