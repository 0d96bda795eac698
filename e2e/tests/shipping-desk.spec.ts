import { expect } from '@playwright/test';
import { adminToken, apiLogin } from '../support/api.ts';
import { call, openFromMenu, signedInPage } from '../support/flows.ts';
import { expectMessage } from '../support/messages.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer, usAddress } from '../support/orders.ts';
import { confirmPopup } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer, keepPicture, type Locale, text } from '../support/ui.ts';

// The seeded demo channel of a fresh install (named in zh-CN, the install's default language).
const DEMO_USPS = '演示 USPS';

/** The server's refusal of a held order (apps/server/src/i18n/messages.ts, orderHeldForReview). */
const serverText: Record<Locale, { held: string }> = {
  'zh-CN': { held: '订单被规则暂扣待审核，放行后才能购买面单' },
  'en-US': { held: 'A rule holds this order for review; release it before buying its label' },
};

/**
 * Issue 30's rules, in a real browser: a merchant writes a rule on the rules screen, dry-runs it on its
 * orders (order by order, nothing changed), saves and activates it; an order imported afterwards is held by
 * it, its detail says "set by rule", it cannot be bought until released, and the merchant releases it.
 * Then adjustment risk: an order of a SKU the carrier always corrected is flagged in the buy dialog (the
 * billed measures taken with one click) and in batch labels. Once in each language.
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
    let heldId = 0;

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
      for (const row of await rows.all())
        await expect(row).toContainText(
          `${t('rules.field.hold')}${t('common.colon')}${t('common.no')} → ${t('common.yes')}`,
        );
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
      heldId = list.list[0].id;
    });

    await test.step('the held order is tagged in the list, refused when bought, and released from its detail', async () => {
      const quoted = (await call(request, token, '/api/app/order/estimateRateMix', { orderId: heldId })) as {
        serviceId: number;
        available: boolean;
      }[];
      const refused = await request.post('/api/app/order/label/create', {
        headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
        data: { orderId: heldId, serviceId: quoted.find((line) => line.available)?.serviceId },
      });
      expect((await refused.json()).message).toBe(serverText[locale].held);
      await page.goto('/shipments/draft');
      const row = page.locator(`tr[data-testid^="order-row-"]`).filter({ has: page.getByTestId('order-held-tag') });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('order-held-tag')).toHaveText(t('orderList.heldTag'));
      await keepPicture(page, `shipping-desk-${locale}-held-list`);
      await page.goto(`/shipments/detail/${heldId}`);
      await expect(page.getByTestId('order-rule-trail')).toContainText(t('orderDetail.held'));
      await page.getByTestId('order-action-release-hold').click();
      await confirmPopup(page);
      await expectMessage(page, 'order-action-done', t('orderAction.releaseHold.done', { count: 1 }));
      await expect(page.getByTestId('order-rule-trail')).not.toContainText(t('orderDetail.held'));
      await expect(page.getByTestId('order-action-release-hold')).toHaveCount(0);
      const after = await call(request, token, `/api/app/order/detail/${heldId}`);
      expect(after.heldForReview).toBe(false);
    });
  });

  test(`${locale}: an order the carrier will likely correct is flagged before it is bought, alone and in a batch`, async ({
    browser,
    request,
  }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(locale, key, values);
    const customer = await createCustomer(request, { prefix: 'risk' });
    await fundCustomer(request, customer.id, '100.00', 'e2e adjustment risk');
    const token = await apiLogin(request, customer.email, customer.password);
    const mug = { ...domesticShipment('Mug Shop'), items: [{ sku: 'MUG-HEAVY', name: 'Stoneware mug', quantity: 1 }] };
    const labels = [];
    for (let i = 0; i < 2; i++) labels.push(await buyLabelThroughApi(request, token, mug, DEMO_USPS));

    // The carrier billed both 3 lb in a 12 x 10 x 8 in box (1 lb, 6 x 6 x 6 declared); staff post its file.
    const admin = await adminToken(request);
    const channels = (await call(request, admin, '/api/admin/channel/getAllChannel')) as { id: number; name: string }[];
    const preview = await request.post('/api/admin/bills/preview', {
      headers: { authorization: `Bearer ${admin}` },
      multipart: {
        channelId: String(channels.find((item) => item.name === DEMO_USPS)?.id),
        preset: 'generic',
        file: {
          name: `risk-${locale}.csv`,
          mimeType: 'text/csv',
          buffer: Buffer.from(
            [
              'Tracking number,Amount,Reason,Billed weight,Length,Width,Height',
              ...labels.map((label) => `${label.trackingNo},2.50,Weight correction,3,12,10,8`),
            ].join('\n'),
          ),
        },
      },
    });
    const bill = (await preview.json()).data as { id: number };
    await call(request, admin, `/api/admin/bills/${bill.id}/post`, {});
    const next = (await call(request, token, '/api/app/order/draft', mug)) as { orderId: number; orderNo: string };
    const expected = (await call(request, token, '/api/app/order/adjustmentRisk', { ids: [next.orderId] })) as {
      flagged: { expectedExtra: string }[];
      totalExpectedExtra: string;
    };
    expect(expected.flagged).toHaveLength(1);
    const page = await signedInPage(browser, customer.email, customer.password, locale);

    await test.step('the buy dialog flags it with the extra it may cost and takes the billed measures', async () => {
      await page.goto(`/shipments/newOrder?orderId=${next.orderId}`);
      await page.getByTestId('order-compare').click();
      const rates = page.getByTestId('rates-card');
      await rates.locator('[data-testid$="-buy"]').first().click();
      const flag = page.getByTestId('buy-confirm').getByTestId('adjustment-risk');
      await expect(flag).toContainText(`$${expected.flagged[0]?.expectedExtra}`);
      await expect(flag).toContainText(t('adjustmentRisk.why.sku', { key: 'MUG-HEAVY', corrected: 2, labels: 2 }));
      await expect(flag.getByTestId('adjustment-risk-billed')).toHaveText('48 oz · 12 x 10 x 8 in');
      await keepPicture(page, `shipping-desk-${locale}-risk-buy`);
      await flag.getByTestId('adjustment-risk-use').click();
      await expectMessage(page, 'measures-used', t('adjustmentRisk.used'));
      await expect(page.getByTestId('parcel-0-weight')).toHaveValue('3.00');
      await expect(page.getByTestId('parcel-0-length')).toHaveValue('12.00');
    });

    await test.step('batch labels show the flagged order and the total expected extra', async () => {
      await page.goto('/shipments/draft');
      const row = page.getByTestId(`order-row-${next.orderNo}`);
      await row.getByRole('checkbox').check();
      await page.getByTestId('volume-labels').click();
      const risk = page.getByTestId('batch-adjustment-risk');
      await expect(risk.getByTestId('batch-adjustment-risk-total')).toHaveText(`$${expected.totalExpectedExtra}`);
      await expect(risk.getByTestId('batch-adjustment-risk-order')).toContainText(next.orderNo);
      await keepPicture(page, `shipping-desk-${locale}-risk-batch`);
    });
  });
}
