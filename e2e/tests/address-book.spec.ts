import { expect, type Page } from '@playwright/test';
import { openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { confirmPopup, pickOption } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, type Locale, text } from '../support/ui.ts';

/**
 * docs/spec.md §2 /settings/addressbook and /settings/packageTemplate, in a real browser: a customer saves a sender
 * (the default sender), a recipient and a package template in settings; a new order then starts from the
 * default sender, takes the recipient picked from the address book and the template applied to its
 * parcel, and saves as a draft with them. Once in each language.
 *
 * Set-up outside the screens: the account is registered and activated through the API.
 */

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  test(`${locale}: addresses and a package template saved in settings fill a new order`, async ({
    browser,
    request,
  }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);
    const shot = (page: Page, name: string) => keepPicture(page, `address-book-${locale}-${name}`);
    const customer = await createCustomer(request, { prefix: 'book', company: 'Shop Co' });
    const page = await signedInPage(browser, customer.email, customer.password, locale);

    await test.step('the address book: a sender made the default, and a recipient', async () => {
      await openFromMenu(page, 'settings', 'addressbook');
      await expect(page).toHaveURL(/\/settings\/addressbook$/);
      await expect(page.getByTestId('breadcrumb-addressbook')).toHaveText(t('menu.settings.addressbook'));

      // The required fields of docs/spec.md §5 are asked for before anything is sent.
      await page.getByTestId('address-book-new').click();
      await page.getByTestId('address-entry-save').click();
      const form = page.getByTestId('address-entry-form');
      for (const key of [
        'addressBook.titleRequired',
        'addressForm.personNameRequired',
        'addressForm.phoneRequired',
        'addressForm.addressLine1Required',
        'addressForm.zipCodeRequired',
      ]) {
        await expect(form.getByText(t(key), { exact: true })).toBeVisible();
      }

      await page.getByTestId('book-title').fill('Main warehouse');
      await page.getByTestId('book-personName').fill('Ada Shipper');
      await page.getByTestId('book-company').fill('Shop Co');
      await page.getByTestId('book-phone').fill('+1 310 555 0100');
      await page.getByTestId('book-zipCode').fill('90210');
      await page.getByTestId('book-addressLine1').fill('9450 Wilshire Blvd');
      // Leaving the ZIP filled city and state.
      await expect(page.getByTestId('book-city')).toHaveValue('Beverly Hills');
      await expect(page.getByTestId('book-stateCode')).toHaveValue('CA');
      await page.getByTestId('book-default-sender').click();
      await page.getByTestId('address-entry-save').click();
      await expectMessage(page, 'address-entry-saved', t('addressBook.created'));
      const warehouse = page.locator('tr[data-testid^="address-book-row-"]').filter({ hasText: 'Main warehouse' });
      await expect(warehouse.getByTestId('address-default-tag')).toHaveText(t('addressBook.defaultSenderTag'));
      await expect(warehouse.getByTestId('address-full')).toHaveText('9450 Wilshire Blvd, Beverly Hills, CA 90210, US');
      await expect(warehouse.getByTestId('address-status')).toBeVisible();

      // A recipient at home.
      await page.getByTestId('address-book-new').click();
      await expect(page.getByTestId('book-title')).toHaveValue('');
      await page.getByTestId('book-title').fill('Grace at home');
      await page.getByTestId('book-personName').fill('Grace Buyer');
      await page.getByTestId('book-phone').fill('212 555 0199');
      await page.getByTestId('book-addressLine1').fill('350 5th Ave');
      await page.getByTestId('book-zipCode').fill('10118');
      const saveBefore = await page.getByTestId('address-entry-save').boundingBox();
      await page.getByTestId('book-zipCode').blur();
      // City and state come from the ZIP, with a note under it that takes the place kept for it: nothing below
      // moves, so a click on Save that leaves the ZIP is not lost (the third entry below saves that way).
      await expect(page.getByTestId('book-city')).toHaveValue('New York');
      await expect(page.getByTestId('book-zip-filled')).toBeVisible();
      expect(await page.getByTestId('address-entry-save').boundingBox()).toEqual(saveBefore);
      await page.getByTestId('book-residential').click();
      await expect(page.getByTestId('book-residential')).toHaveAttribute('aria-checked', 'true');
      await page.getByTestId('address-entry-save').click();
      await expectMessage(page, 'address-entry-saved');
      const grace = page.locator('tr[data-testid^="address-book-row-"]').filter({ hasText: 'Grace at home' });
      await expect(grace.getByTestId('address-full')).toContainText('New York, NY 10118');
      await expect(grace.getByTestId('address-default-tag')).toHaveCount(0);

      // The title is unique: the server's answer shows on the title field.
      await page.getByTestId('address-book-new').click();
      await page.getByTestId('book-title').fill('Main warehouse');
      await page.getByTestId('book-personName').fill('Someone');
      await page.getByTestId('book-phone').fill('1');
      await page.getByTestId('book-addressLine1').fill('1 Main St');
      await page.getByTestId('book-zipCode').fill('10118');
      await page.getByTestId('address-entry-save').click();
      await expect(page.locator('#title_help')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.locator('tr[data-testid^="address-book-row-"]')).toHaveCount(2);
      await shot(page, 'addressbook');
    });

    await test.step('a package template', async () => {
      await openFromMenu(page, 'settings', 'packageTemplate');
      await expect(page).toHaveURL(/\/settings\/packageTemplate$/);
      await page.getByTestId('template-list-new').click();
      await page.getByTestId('template-save').click();
      await expect(page.getByTestId('template-form').getByText(t('packageTemplate.nameRequired'))).toBeVisible();

      await page.getByTestId('template-name').fill('Wine case');
      await pickOption(page, 'template-unit', 'kg/cm');
      await page.getByTestId('template-length').fill('40');
      await page.getByTestId('template-width').fill('30');
      await page.getByTestId('template-height').fill('35');
      await page.getByTestId('template-weight').fill('9');
      await page.getByTestId('template-quantity').fill('6');
      await page.getByTestId('template-save').click();
      await expectMessage(page, 'template-saved', t('packageTemplate.created'));
      const row = page.locator('tr[data-testid^="template-list-row-"]').filter({ hasText: 'Wine case' });
      await expect(row.getByTestId('template-size')).toHaveText('40 × 30 × 35 cm');
      await expect(row).toContainText('9 kg');
      await shot(page, 'templates');
    });

    await test.step('a new order: the default sender, the recipient and the template picked', async () => {
      await page.goto('/shipments/newOrder');
      // A new blank order starts from the default sender (read with the address book once the screen is up).
      await expect(page.getByTestId('from-personName')).toHaveValue('Ada Shipper');
      await expect(page.getByTestId('from-company')).toHaveValue('Shop Co');
      await expect(page.getByTestId('from-city')).toHaveValue('Beverly Hills');
      await expect(
        page.getByTestId('from-book-pick').locator('xpath=ancestor-or-self::*[contains(@class,"ant-select ")][1]'),
      ).toContainText('Main warehouse');

      await pickOption(page, 'to-book-pick', 'Grace at home');
      await expect(page.getByTestId('to-personName')).toHaveValue('Grace Buyer');
      await expect(page.getByTestId('to-addressLine1')).toHaveValue('350 5th Ave');
      await expect(page.getByTestId('to-city')).toHaveValue('New York');
      await expect(page.getByTestId('to-stateCode')).toHaveValue('NY');
      await expect(page.getByTestId('to-residential')).toHaveAttribute('aria-checked', 'true');

      await pickOption(page, 'parcel-0-template', 'Wine case');
      await expect(page.getByTestId('parcel-0-length')).toHaveValue('40.00');
      await expect(page.getByTestId('parcel-0-width')).toHaveValue('30.00');
      await expect(page.getByTestId('parcel-0-height')).toHaveValue('35.00');
      await expect(page.getByTestId('parcel-0-weight')).toHaveValue('9.00');
      await expect(page.getByTestId('parcel-0-packageAmount')).toHaveValue('6');
      await expect(page.getByTestId('parcel-0')).toContainText('kg/cm');
      await shot(page, 'new-order');

      await page.getByTestId('order-save-draft').click();
      await expectMessage(page, 'draft-saved');
      await expect(page).toHaveURL(/\/shipments\/newOrder\?orderId=\d+$/);

      // The saved draft holds them: reloaded, the form shows them again.
      await page.reload();
      await expect(page.getByTestId('to-personName')).toHaveValue('Grace Buyer');
      await expect(page.getByTestId('from-personName')).toHaveValue('Ada Shipper');
      await expect(page.getByTestId('parcel-0-length')).toHaveValue('40.00');
      await expect(page.getByTestId('parcel-0-packageAmount')).toHaveValue('6');
    });

    await test.step('an entry deleted after a confirmation', async () => {
      await openFromMenu(page, 'settings', 'addressbook');
      await expect(page).toHaveURL(/\/settings\/addressbook$/);
      const grace = page.locator('tr[data-testid^="address-book-row-"]').filter({ hasText: 'Grace at home' });
      await grace.getByTestId('address-book-delete').click();
      await expect(page.getByText(t('addressBook.confirmDelete', { title: 'Grace at home' }))).toBeVisible();
      await confirmPopup(page);
      await expectMessage(page, 'address-book-deleted', t('addressBook.deleted_one', { count: 1 }));
      await expect(grace).toHaveCount(0);
      await expect(page.locator('tr[data-testid^="address-book-row-"]')).toHaveCount(1);
    });

    await page.context().close();
  });
}
