import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { adminToken, apiLogin } from '../support/api.ts';
import { expectMessage } from '../support/messages.ts';
import { domesticShipment } from '../support/orders.ts';
import { confirmPopup, pickOption, pickUser } from '../support/overlays.ts';
import { test } from '../support/test.ts';
import { createCustomer } from '../support/ui.ts';

/**
 * Issue 4, staff side: an administrator sets up a carrier channel and service with a rate table, allots it
 * to a customer with a price rule, the customer is quoted the marked-up price, and the administrator
 * approves the customer's cancellation from the waybills screen. In the default language, zh-CN.
 */

const suffix = `${Date.now() % 1_000_000}`;
const channelName = `E2E Regional ${suffix}`;
const serviceCode = `E2E_REGIONAL_${suffix}`;
const serviceName = `E2E Regional Ground ${suffix}`;
const ruleName = `E2E markup ${suffix}`;

// One price per weight bracket whatever the zone, so that the quote does not depend on the zone.
const zones = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const header = `weight,${zones.map((zone) => `Zone ${zone}`).join(',')}`;
const goodSheet = [header, `1 lb,${zones.map(() => '10.00').join(',')}`, `5 lb,${zones.map(() => '20.00').join(',')}`]
  .join('\n')
  .concat('\n');
// Row 3 has a price that is no price (column B) and row 4 a weight that is no weight (column A).
const badSheet = [
  header,
  `1 lb,${zones.map(() => '10.00').join(',')}`,
  `2 lb,ten,${zones
    .slice(1)
    .map(() => '12.00')
    .join(',')}`,
  `heavy,${zones.map(() => '30.00').join(',')}`,
]
  .join('\n')
  .concat('\n');

const shipment = domesticShipment('Analytical Engines');

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
): Promise<T> {
  const answer = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = await answer.json();
  expect(body.code, `${method} ${url}: ${JSON.stringify(body)}`).toBe(200);
  return body.data as T;
}

test('an administrator sets up a carrier, prices it for a customer and approves a cancellation', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, {
    prefix: 'carriers',
    phone: '+1 415 555 0100',
    company: `Analytical Engines ${suffix}`,
    firstName: 'Ada',
    lastName: `Carrier${suffix}`,
  });
  let channelId = 0;
  let serviceId = 0;

  await test.step('sign in as the administrator', async () => {
    await page.goto('/login');
    await page.getByTestId('login-username').fill(ADMIN.username);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('app-layout')).toBeVisible();
  });

  await test.step('create a channel with its account settings', async () => {
    await page.goto('/adminSettings/permission/carrierService');
    await expect(page.getByTestId('carrier-service-page')).toBeVisible();
    // The demo channels of a fresh install are marked as demo.
    await expect(page.getByTestId('channel-row-演示 UPS')).toContainText('演示');
    await page.getByTestId('channel-new').click();
    await page.getByTestId('channel-name').fill(channelName);
    await pickOption(page, 'channel-carrier', 'UPS');
    // Refused before sending: a shipper number is 6 capital letters or digits.
    await page.getByTestId('channel-shipper-number').fill('E2E');
    await page.getByTestId('channel-earnest').fill('1.50');
    await page.getByTestId('channel-save').click();
    await expect(page.getByText('发件人账号应为 6 位大写字母或数字')).toBeVisible();
    await page.getByTestId('channel-shipper-number').fill('e2e001');
    await page.getByTestId('channel-save').click();
    await expectMessage(page, 'channel-saved');
    const row = page.getByTestId(`channel-row-${channelName}`);
    await expect(row).toContainText('UPS');
    await expect(row).toContainText('手动');

    const admin = await adminToken(request);
    const channels = await call<{ list: { id: number; name: string; settings: Record<string, unknown> }[] }>(
      request,
      admin,
      'GET',
      '/api/admin/channel/channel?page=1&pageSize=9999999',
    );
    const created = channels.list.find((channel) => channel.name === channelName);
    expect(created?.settings).toEqual({ shipperNumber: 'E2E001', earnestCents: 150 });
    channelId = created?.id as number;
  });

  await test.step('add a service with its rating settings', async () => {
    await page.getByTestId(`channel-row-${channelName}`).getByTestId('channel-add-service').click();
    await expect(page).toHaveURL(new RegExp(`carrierServiceNew\\?channelId=${channelId}$`));
    await page.getByTestId('service-code').fill(serviceCode);
    await page.getByTestId('service-name').fill(serviceName);
    // No dimensional weight and no surcharges, so that the quote is the table price plus the markup.
    await page.getByTestId('service-dim-divisor').fill('0');
    await page.getByTestId('service-fuel').fill('0');
    await page.getByTestId('service-days-zone-1').fill('1');
    await page.getByTestId('service-days-zone-2').fill('2');
    await page.getByTestId('service-save').click();
    await expectMessage(page, 'service-saved');
    await expect(page).toHaveURL(/carrierServiceNew\?serviceId=\d+$/);
    serviceId = Number(new URL(page.url()).searchParams.get('serviceId'));
    await expect(page.getByTestId('rates-empty')).toBeVisible();
  });

  await test.step('import a rate table: a bad sheet is refused by row and column, a good one shows as a grid', async () => {
    const fileInput = page.getByTestId('rate-table-panel').locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'bad-rates.csv', mimeType: 'text/csv', buffer: Buffer.from(badSheet) });
    const errors = page.getByTestId('sheet-errors');
    await expect(errors).toContainText('价格表被拒绝：2 处问题');
    await expect(page.getByTestId('sheet-error-3-2')).toContainText('B (2)');
    await expect(page.getByTestId('sheet-error-3-2')).toContainText('“ten”不是价格');
    await expect(page.getByTestId('sheet-error-4-1')).toContainText('A (1)');
    await expect(page.getByTestId('rates-empty')).toBeVisible();

    await fileInput.setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(goodSheet) });
    await expectMessage(page, 'rates-imported');
    await expect(errors).toHaveCount(0);
    const oneLb = page.getByTestId('rates-row-16');
    await expect(oneLb).toContainText('1 lb');
    await expect(oneLb).toContainText('$10.00');
    await expect(page.getByTestId('rates-row-80')).toContainText('$20.00');
  });

  await test.step('look up a zone', async () => {
    await page.getByTestId('zone-origin').fill('90210');
    await page.getByTestId('zone-destination').fill('10118');
    await page.getByTestId('zone-lookup').click();
    await expect(page.getByTestId('zone-answer-zone')).toHaveText('分区 8');
    await expect(page.getByTestId('zone-answer-source')).toHaveText('按距离估算');
  });

  await test.step('allot the channel to the customer', async () => {
    await page.goto('/maintenance/userChannel');
    await pickUser(page, 'user-picker', customer.email);
    const row = page.getByTestId(`allot-row-${channelName}`);
    await expect(row.getByRole('checkbox')).not.toBeChecked();
    await row.getByRole('checkbox').check();
    await page.getByTestId('allot-save').click();
    await expectMessage(page, 'allot-saved');
    await expect(page.getByTestId(`allotment-row-${customer.email}`)).toContainText(channelName);
  });

  await test.step('set a price rule for the customer on that service', async () => {
    await page.goto('/adminSettings/rateCalculation');
    await page.getByTestId('rule-new').click();
    await page.getByTestId('rule-name').fill(ruleName);
    await page.getByTestId('rule-scope-service').click();
    await pickOption(page, 'rule-channel', channelName);
    await pickOption(page, 'rule-service', serviceName);
    await page.getByTestId('rule-percent').fill('20');
    await page.getByTestId('rule-fixed').fill('0.50');
    await page.getByTestId('rule-save').click();
    await expectMessage(page, 'rule-saved');
    const row = page.getByTestId(`rule-row-${ruleName}`);
    await expect(row).toContainText(`${channelName} › ${serviceName}`);
    await expect(row).toContainText('20.00%');
    await row.getByTestId('rule-add-user').click();
    await pickUser(page, 'rule-user-picker', customer.email);
    await page.getByTestId('rule-user-ok').click();
    await expectMessage(page, 'rule-user-added');
    await expect(row.getByTestId(`rule-user-${customer.email}`)).toBeVisible();
  });

  const customerToken = await apiLogin(request, customer.email, customer.password);

  await test.step("the customer's quote shows the service at the marked-up price", async () => {
    const lines = await call<
      { serviceId: number; serviceName: string; available: boolean; price: string; cost?: string }[]
    >(request, customerToken, 'POST', '/api/app/order/estimateRateMix', shipment);
    const line = lines.find((item) => item.serviceId === serviceId);
    expect(line, JSON.stringify(lines)).toBeDefined();
    expect(line?.available).toBe(true);
    expect(line?.serviceName).toBe(serviceName);
    // 10.00 from the table + 20% + 0.50; the customer is not shown the carrier cost.
    expect(line?.price).toBe('12.50');
    expect(line).not.toHaveProperty('cost');
  });

  let orderNo = '';
  await test.step('the customer buys a label and asks to cancel it', async () => {
    const admin = await adminToken(request);
    await call(request, admin, 'POST', '/api/admin/balance/adjust', {
      userId: customer.id,
      currency: 'USD',
      amount: '100.00',
      remark: 'e2e top-up',
    });
    const draft = await call<{ orderId: number; orderNo: string }>(
      request,
      customerToken,
      'POST',
      '/api/app/order/draft',
      shipment,
    );
    orderNo = draft.orderNo;
    const bought = await call<{ status: number; rate: string }>(
      request,
      customerToken,
      'POST',
      '/api/app/order/label/create',
      { orderId: draft.orderId, serviceId },
    );
    expect(bought).toMatchObject({ status: 1, rate: '12.50' });
    const info = await call<{ balance: string }>(request, customerToken, 'GET', '/api/user/info');
    // 12.50 charged and the channel's 1.50 earnest frozen.
    expect(info.balance).toBe('86.00');
    await call(request, customerToken, 'POST', '/api/app/order/cancel', { ids: [draft.orderId] });
  });

  await test.step('the administrator approves the cancellation from the waybills screen', async () => {
    await page.goto('/adminSettings/allWaybills');
    await page.getByTestId('waybills-keyword').fill(orderNo);
    await page.getByTestId('waybills-search').click();
    const row = page.getByTestId(`order-row-${orderNo}`);
    await expect(row.getByTestId('order-status')).toHaveText('取消中');
    await row.getByTestId('action-audit').click();
    await expect(page.getByTestId('audit-modal')).toContainText(orderNo);
    await page.getByTestId('audit-ok').click();
    await expectMessage(page, 'audit-done');
    await expect(row.getByTestId('order-status')).toHaveText('已作废');

    await row.getByTestId('action-detail').click();
    await expect(page.getByTestId('order-timeline')).toContainText('订单已作废');
    const info = await call<{ balance: string }>(request, customerToken, 'GET', '/api/user/info');
    // The charge is refunded and the earnest released.
    expect(info.balance).toBe('100.00');
  });

  await test.step('a channel with orders cannot be deleted: the server says why', async () => {
    await page.goto('/adminSettings/permission/carrierService');
    await page.getByTestId(`channel-row-${channelName}`).getByTestId('channel-delete').click();
    await confirmPopup(page);
    await expectMessage(page, 'message-error', '渠道已有订单，不能删除，请改为停用');
    await expect(page.getByTestId(`channel-row-${channelName}`)).toBeVisible();
  });
});
