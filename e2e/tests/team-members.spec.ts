import { expect, test } from '@playwright/test';
import { latestMail, uniqueEmail } from '../support/api.ts';
import { openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage, recordMessages } from '../support/messages.ts';
import { fundCustomer } from '../support/orders.ts';
import { createCustomer, type Locale, text } from '../support/ui.ts';

/**
 * Issue 30, team members: the owner invites a member who may buy labels but not see money; the member
 * accepts the mailed invitation, buys a label on the owner's wallet, and finds no fund records; the owner
 * sees both in the change history.
 */
for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test(`a member with "buy" but not "money" buys a label, sees no fund records, and the owner sees it all (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const owner = await createCustomer(request, { prefix: `team-owner-${locale}` });
    await fundCustomer(request, owner.id, '100.00', 'team e2e');
    const memberEmail = uniqueEmail(`team-member-${locale.toLowerCase()}`);
    const memberPassword = 'Member#2026x';

    const ownerPage = await signedInPage(browser, owner.email, owner.password, locale);
    await test.step('the owner invites a member who may buy labels, not see money', async () => {
      await openFromMenu(ownerPage, 'settings', 'members');
      await ownerPage.getByTestId('member-invite').click();
      await ownerPage.getByTestId('member-email').fill(memberEmail);
      await ownerPage.getByTestId('member-permission-buy').click();
      await ownerPage.getByTestId('member-save').click();
      await expectMessage(ownerPage, 'member-invited');
      await expect(ownerPage.getByTestId('members-table')).toContainText(memberEmail);
      await expect(ownerPage.getByTestId('member-status-invited')).toHaveText(text(locale, 'members.status.invited'));
    });

    await test.step('the member accepts the mailed invitation and sets a password', async () => {
      const link = /https?:\/\/\S+\/acceptInvitation\?token=\S+/.exec(latestMail(memberEmail).body)?.[0];
      expect(link).toBeDefined();
      const context = await browser.newContext();
      await recordMessages(context);
      await context.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
      const page = await context.newPage();
      await page.goto(new URL(link as string).pathname + new URL(link as string).search);
      await page.getByTestId('invitation-first-name').fill('Mia');
      await page.getByTestId('invitation-last-name').fill('Member');
      await page.getByTestId('invitation-password').fill(memberPassword);
      await page.getByTestId('invitation-confirm-password').fill(memberPassword);
      await page.getByTestId('invitation-submit').click();
      await expect(page.getByTestId('invitation-accepted')).toHaveText(text(locale, 'invitation.accepted'));
      await context.close();
    });

    const memberPage = await signedInPage(browser, memberEmail, memberPassword, locale);
    await test.step('the member buys a label in the owner’s account', async () => {
      await openFromMenu(memberPage, 'shipments', 'allWaybills');
      await memberPage.getByTestId('order-list-new').click();
      await expect(memberPage).toHaveURL(/\/shipments\/newOrder$/);
      for (const [party, name, zip, line, city] of [
        ['from', 'Ada Shipper', '90210', '9450 Wilshire Blvd', 'Beverly Hills'],
        ['to', 'Grace Buyer', '10118', '350 5th Ave', 'New York'],
      ] as const) {
        await memberPage.getByTestId(`${party}-personName`).fill(name);
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
      await memberPage.getByTestId('buy-confirm-ok').click();
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

    await test.step('the owner sees the invitation and the member’s purchase in the change history', async () => {
      await openFromMenu(ownerPage, 'settings', 'changeHistory');
      const table = ownerPage.getByTestId('change-history-table');
      const purchase = table.locator('tr', { hasText: '/api/app/order/label/create' });
      await expect(purchase).toContainText(memberEmail);
      await expect(purchase).toContainText(text(locale, 'changeHistory.role.member'));
      const invitation = table.locator('tr', { hasText: 'POST /api/app/team/members' });
      await expect(invitation).toContainText(owner.email);
      await expect(invitation).toContainText(memberEmail);
      await expect(invitation).toContainText(text(locale, 'changeHistory.role.owner'));
    });
  });
}
