import { expect } from '@playwright/test';
import { apiLogin } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { domesticShipment, usAddress } from '../support/orders.ts';
import { test } from '../support/test.ts';
import { createCustomer, type Locale, text } from '../support/ui.ts';

/**
 * Issue 30's rules, in a real browser: a merchant writes a rule on the rules screen, dry-runs it on its
 * orders (order by order, nothing changed), saves and activates it; an order imported afterwards is held by
 * it and its detail says "set by rule". Once in each language.
 *
 * Set-up outside the screens: the account, its three earlier drafts and the import go through the API.
 */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  test(`${locale}: a rule is written, dry-run, activated, and an imported order gets it`, async ({
    browser,
    request,
  }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);
    const customer = await createCustomer(request, { prefix: 'rules' });
    const token = await apiLogin(request, customer.email, customer.password);
    const ny = domesticShipment('Ada Shipper');
    const ca = { ...ny, to: usAddress('94105', 'San Francisco', 'CA', 'Lin Buyer') };
    for (const shipment of [ny, ca, ny]) await call(request, token, '/api/app/order/draft', shipment);
    const page = await signedInPage(browser, customer.email, customer.password, locale);
    const name = `NY hold ${locale}`;

    await test.step('the rule is written and dry-run on the last orders, with nothing changed', async () => {
      await openFromMenu(page, 'settings', 'rules');
      await expect(page).toHaveURL(/\/settings\/rules$/);
      await page.getByTestId('rule-new').click();
      await page.getByTestId('rule-name').fill(name);
      const states = page.getByRole('combobox', { name: t('rules.condition.states') });
      await states.fill('ny');
      await states.press('Enter');
      await page.getByTestId('rule-hold').check();
      await page.getByTestId('rule-dry-run').click();
      await expect(page.getByTestId('dry-run-summary')).toHaveText(
        t('rules.dryRunSummary', { matched: 2, examined: 3 }),
      );
      const rows = page.locator('[data-testid^="dry-run-row-"]');
      await expect(rows).toHaveCount(2);
      for (const row of await rows.all()) await expect(row).toContainText(`${t('rules.field.hold')}: no → yes`);
      const held = await call(request, token, '/api/app/order/orders');
      expect(held.list.filter((order: { heldForReview: boolean }) => order.heldForReview)).toHaveLength(0);
    });

    await test.step('saved, then activated from the list', async () => {
      await page.getByTestId('rule-save').click();
      await expectMessage(page, 'rule-saved', t('rules.saved'));
      const active = page.getByRole('switch', { name: t('rules.activeLabel', { name }) });
      await expect(active).toHaveAttribute('aria-checked', 'false');
      await active.click();
      await expect(active).toHaveAttribute('aria-checked', 'true');
    });

    await test.step('an imported order is held by the rule, and its detail says so', async () => {
      const sheet = [
        'Order group,Sender name,Sender phone,Sender address 1,Sender city,Sender state,Sender ZIP,Recipient name,Recipient address 1,Recipient city,Recipient state,Recipient ZIP,Length,Width,Height,Weight',
        'A,Ada Shipper,310-555-0100,9450 Wilshire Blvd,Beverly Hills,CA,90210,Imported Grace,350 5th Ave,New York,NY,10118,6,6,6,1',
      ].join('\n');
      const answer = await request.post('/api/app/order/import', {
        headers: { authorization: `Bearer ${token}` },
        multipart: { file: { name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) } },
      });
      const imported = (await answer.json()).data;
      expect(imported.created).toBe(1);
      const list = await call(request, token, `/api/app/order/orders?batchNo=${imported.batchNo}`);
      await page.goto(`/shipments/detail/${list.list[0].id}`);
      const trail = page.getByTestId('order-rule-trail');
      await expect(trail).toContainText(t('rules.setBy', { name, fields: t('rules.field.hold') }));
      await expect(trail).toContainText(t('orderDetail.held'));
    });
  });
}
