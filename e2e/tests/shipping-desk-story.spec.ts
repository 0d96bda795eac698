import { expect } from '@playwright/test';
import { apiLogin, latestMail, uniqueEmail } from '../support/api.ts';
import { prepareContext } from '../support/context.ts';
import { call, confirmBuy, openFromMenu, PHONE, pageWidth, signedInPage, startBatchJob } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { domesticShipment, fundCustomer, usAddress } from '../support/orders.ts';
import { confirmPopup, pickOption } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer, type Locale, text } from '../support/ui.ts';

/**
 * Issue 30's shipping desk as one story in a real browser, once in each language: a merchant writes a rule
 * that ships New York orders by "cheapest within 3 days", dry-runs it on the last orders (order by order,
 * nothing changed) and activates it; an imported batch gets the rule and is bought, each label saying why
 * its service was picked; the day's labels are booked for a pickup, which is cancelled again (on a phone
 * too); address correction is set to Confirm; an invited member who may buy but not see money buys a label,
 * confirms the corrected address, and finds no fund records; the owner sees the member's purchase and the
 * pickup in the change history.
 *
 * Set-up outside the screens: the account, its wallet, three earlier drafts and the import go through the API.
 */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  test(`${locale}: a rule, a batch by it, a pickup, a corrected address and a member's label, in the history`, async ({
    browser,
    request,
  }) => {
    // One story of many screens: the guard against a stuck test leaves room for a busy machine.
    test.setTimeout(1_200_000);
    const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);
    const owner = await createCustomer(request, { prefix: `desk-${locale.toLowerCase()}` });
    await fundCustomer(request, owner.id, '100.00', 'shipping desk e2e');
    const token = await apiLogin(request, owner.email, owner.password);
    const ny = domesticShipment('Ada Shipper');
    const ca = { ...ny, to: usAddress('94105', 'San Francisco', 'CA', 'Lin Buyer') };
    const drafts: { orderId: number }[] = [];
    for (const shipment of [ny, ca, ny]) drafts.push(await call(request, token, '/api/app/order/draft', shipment));
    const ownerPage = await signedInPage(browser, owner.email, owner.password, locale);
    const name = `NY 3 days ${locale}`;

    await test.step('a rule is written and dry-run on the last orders, with nothing changed', async () => {
      await openFromMenu(ownerPage, 'settings', 'rules');
      await expect(ownerPage).toHaveURL(/\/settings\/rules$/);
      await ownerPage.getByTestId('rule-new').click();
      await ownerPage.getByTestId('rule-name').fill(name);
      const states = ownerPage.getByRole('combobox', { name: t('rules.condition.states') });
      await states.fill('ny');
      await states.press('Enter');
      await pickOption(ownerPage, 'rule-rate-kind', t('rules.rate.cheapestWithin'));
      await ownerPage.getByTestId('rule-rate-days').fill('3');
      await ownerPage.getByTestId('rule-dry-run').click();
      await expect(ownerPage.getByTestId('dry-run-summary')).toHaveText(
        t('rules.dryRunSummary', { matched: 2, examined: 3 }),
      );
      const rows = ownerPage.locator('[data-testid^="dry-run-row-"]');
      await expect(rows).toHaveCount(2);
      for (const row of await rows.all()) await expect(row).toContainText(t('rules.field.rateChoice'));
      for (const draft of drafts) {
        const order = await call(request, token, `/api/app/order/detail/${draft.orderId}`);
        expect(order.rateChoice).toBeNull();
      }
    });

    await test.step('saved, then activated from the list', async () => {
      await ownerPage.getByTestId('rule-save').click();
      await expectMessage(ownerPage, 'rule-saved', t('rules.saved'));
      const active = ownerPage.getByRole('switch', { name: t('rules.activeLabel', { name }) });
      await expect(active).toHaveAttribute('aria-checked', 'false');
      await active.click();
      await expect(active).toHaveAttribute('aria-checked', 'true');
    });

    let batchNo = '';
    await test.step('an imported batch gets the rule; bought, each label says why its service was picked', async () => {
      const sheet = [
        'Order group,Sender name,Sender phone,Sender address 1,Sender city,Sender state,Sender ZIP,Recipient name,Recipient address 1,Recipient city,Recipient state,Recipient ZIP,Length,Width,Height,Weight',
        'A,Ada Shipper,310-555-0100,9450 Wilshire Blvd,Beverly Hills,CA,90210,Imported Grace,350 5th Ave,New York,NY,10118,6,6,6,1',
        'B,Ada Shipper,310-555-0100,9450 Wilshire Blvd,Beverly Hills,CA,90210,Imported Alan,20 W 34th St,New York,NY,10001,6,6,6,2',
      ].join('\n');
      const answer = await request.post('/api/app/order/import', {
        headers: { authorization: `Bearer ${token}` },
        multipart: { file: { name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) } },
      });
      const imported = (await answer.json()).data;
      expect(imported.created).toBe(2);
      batchNo = imported.batchNo;
      const list = await call(request, token, `/api/app/order/orders?batchNo=${batchNo}`);
      await ownerPage.goto(`/shipments/detail/${list.list[0].id}`);
      await expect(ownerPage.getByTestId('order-rule-trail')).toContainText(
        t('rules.setBy', { name, fields: t('rules.field.rateChoice') }),
      );

      await ownerPage.goto(`/shipments/draft?batchNo=${batchNo}`);
      await expect(ownerPage.locator('tr[data-testid^="order-row-"]')).toHaveCount(2);
      await ownerPage.locator('.ant-table-thead .ant-checkbox-input').check();
      await ownerPage.getByTestId('volume-labels').click();
      await expect(ownerPage.getByTestId('batch-labels-choose')).toBeVisible();
      const panel = await startBatchJob(ownerPage);
      await expect(panel.getByTestId('job-status')).toHaveAttribute('data-status', 'done');
      const bought = ownerPage.getByTestId('labels-summary').locator('tbody tr');
      await expect(bought).toHaveCount(2);
      // The server's own words for the choice (apps/server/src/i18n/messages.ts choiceWithin).
      const within = locale === 'zh-CN' ? '3 天内送达中最便宜：' : 'Cheapest arriving within 3 days: ';
      for (const row of await bought.all()) await expect(row).toContainText(within);
      await ownerPage.getByTestId('batch-labels-close').click();
    });

    await test.step("the day's labels are booked for a pickup and cancelled again", async () => {
      await openFromMenu(ownerPage, 'shipments', 'pickups');
      const labels = ownerPage.getByTestId('pickup-labels');
      const book = labels.locator('[data-testid^="pickup-book-"]');
      await expect(book).toHaveCount(1);
      // The demo channel charges nothing unless its operator sets a fee: said before booking.
      await expect(labels.getByTestId('pickup-fee-free')).toHaveText(t('pickups.free'));
      await book.click();
      await expect(ownerPage.getByTestId('pickup-book-count')).toHaveText('2');
      await ownerPage.getByTestId('pickup-instructions').fill('Ring twice');
      await ownerPage.getByTestId('pickup-book-confirm').click();
      await expectMessage(ownerPage, 'pickup-booked');
      await expect(ownerPage.locator('[data-testid^="pickup-confirmation-"]')).toHaveText(/DPU\d{9}/);

      await ownerPage.locator('[data-testid^="pickup-cancel-"]').click();
      await confirmPopup(ownerPage);
      await expectMessage(ownerPage, 'pickup-cancelled', t('pickups.cancelled'));
      await expect(ownerPage.locator('[data-testid^="pickup-status-"]')).toHaveText(t('pickups.statuses.cancelled'));
    });

    await test.step('address correction is set to Confirm', async () => {
      await openFromMenu(ownerPage, 'settings', 'addressbook');
      await ownerPage.getByTestId('address-correction-confirm').click();
      await expectMessage(ownerPage, null, t('addressCorrection.saved'));
      await expect(ownerPage.getByTestId('address-correction-confirm')).toBeChecked();
    });

    const memberEmail = uniqueEmail(`desk-member-${locale.toLowerCase()}`);
    const memberPassword = 'Member#2026x';
    await test.step('the owner invites a member who may buy labels, not see money', async () => {
      await openFromMenu(ownerPage, 'settings', 'members');
      await ownerPage.getByTestId('member-invite').click();
      await ownerPage.getByTestId('member-email').fill(memberEmail);
      await ownerPage.getByTestId('member-permission-buy').click();
      await ownerPage.getByTestId('member-save').click();
      await expectMessage(ownerPage, 'member-invited');
      await expect(ownerPage.getByTestId('members-table')).toContainText(memberEmail);
      await expect(ownerPage.getByTestId('member-status-invited')).toHaveText(t('members.status.invited'));
    });

    await test.step('the member accepts the mailed invitation and sets a password', async () => {
      const link = /https?:\/\/\S+\/acceptInvitation\?token=\S+/.exec(latestMail(memberEmail).body)?.[0];
      expect(link).toBeDefined();
      const context = await browser.newContext();
      await prepareContext(context);
      await context.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
      const page = await context.newPage();
      await page.goto(new URL(link as string).pathname + new URL(link as string).search);
      await page.getByTestId('invitation-first-name').fill('Mia');
      await page.getByTestId('invitation-last-name').fill('Member');
      await page.getByTestId('invitation-password').fill(memberPassword);
      await page.getByTestId('invitation-confirm-password').fill(memberPassword);
      await page.getByTestId('invitation-submit').click();
      await expect(page.getByTestId('invitation-accepted')).toHaveText(t('invitation.accepted'));
      await context.close();
    });

    const memberPage = await signedInPage(browser, memberEmail, memberPassword, locale);
    await test.step('the member buys a label and takes the corrected address', async () => {
      await openFromMenu(memberPage, 'shipments', 'allWaybills');
      await memberPage.getByTestId('order-list-new').click();
      await expect(memberPage).toHaveURL(/\/shipments\/newOrder$/);
      for (const [party, person, zip, line, city] of [
        ['from', 'Ada Shipper', '90210', '9450 Wilshire Blvd', 'Beverly Hills'],
        ['to', 'Grace Buyer', '10118', '350 Fifth Avenue', 'New York'],
      ] as const) {
        await memberPage.getByTestId(`${party}-personName`).fill(person);
        await memberPage.getByTestId(`${party}-zipCode`).fill(zip);
        await memberPage.getByTestId(`${party}-addressLine1`).fill(line);
        await expect(memberPage.getByTestId(`${party}-city`)).toHaveValue(city);
      }
      for (const [field, value] of [
        ['length', '10'],
        ['width', '8'],
        ['height', '4'],
      ] as const) {
        await memberPage.getByTestId(`parcel-0-${field}`).fill(value);
      }
      await memberPage.getByTestId('order-compare').click();
      const rates = memberPage.getByTestId('rates-card');
      const cheapest = rates.locator('[data-testid$="-cheapest"]');
      await expect(cheapest).toHaveCount(1);
      const serviceId = /rate-(\d+)-cheapest/.exec((await cheapest.getAttribute('data-testid')) ?? '')?.[1];
      await rates.getByTestId(`rate-${serviceId}-buy`).click();
      // The member is not shown the owner's balance.
      await expect(memberPage.getByTestId('buy-confirm')).toBeVisible();
      await expect(memberPage.getByTestId('buy-confirm-balance')).toHaveCount(0);
      await confirmBuy(memberPage);
      // Confirm mode: the corrected address beside the one entered, before anything is bought.
      await expect(memberPage.getByTestId('address-correction-original')).toContainText('350 Fifth Avenue');
      await expect(memberPage.getByTestId('address-correction-corrected')).toContainText('350 FIFTH AVE');
      await memberPage.getByTestId('address-correction-use').click();
      await expectMessage(memberPage, 'label-created');
      await expect(memberPage.getByTestId('purchase-result')).toBeVisible();
    });

    await test.step('the member has no fund menus, and the fund records send them elsewhere', async () => {
      await expect(memberPage.getByTestId('menu-item-shipments')).toBeVisible();
      await expect(memberPage.getByTestId('menu-item-postage')).toHaveCount(0);
      await expect(memberPage.getByTestId('navbar-balances-panel')).toHaveCount(0);
      await memberPage.goto('/postage/fundDetails');
      await expect(memberPage).not.toHaveURL(/\/postage\/fundDetails/);
      await expect(memberPage.getByTestId('app-layout')).toBeVisible();
    });

    await test.step('the owner sees the member’s purchase, the invitation and the pickup in the change history', async () => {
      await openFromMenu(ownerPage, 'settings', 'changeHistory');
      const table = ownerPage.getByTestId('change-history-table');
      const purchase = table.locator('tr', { hasText: '/api/app/order/label/create' });
      await expect(purchase).toContainText(memberEmail);
      await expect(purchase).toContainText(t('changeHistory.role.member'));
      const invitation = table.locator('tr', { hasText: 'POST /api/app/team/members' });
      await expect(invitation).toContainText(owner.email);
      await expect(invitation).toContainText(memberEmail);
      await expect(invitation).toContainText(t('changeHistory.role.owner'));
      const cancelled = table.locator('tr', { hasText: /POST \/api\/app\/pickups\/\d+\/cancel/ });
      await expect(cancelled).toContainText(owner.email);
      await expect(table.locator('tr', { hasText: 'POST /api/app/pickups' })).toHaveCount(2);
    });

    // Last, as a phone folds the side menu for good: the pickups screen does not scroll sideways there.
    await test.step('on a phone the pickups screen does not scroll sideways', async () => {
      await ownerPage.setViewportSize(PHONE);
      await ownerPage.goto('/shipments/pickups');
      await expect(ownerPage.getByTestId('pickups-table')).toContainText(t('pickups.statuses.cancelled'));
      expect(await pageWidth(ownerPage)).toBeLessThanOrEqual(PHONE.width);
    });
  });
}
