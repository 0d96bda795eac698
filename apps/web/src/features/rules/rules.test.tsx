import * as addressBookContracts from '@parcelport/shared/contracts/address-book/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as rulesContracts from '@parcelport/shared/contracts/rules/index';
import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import * as tagsContracts from '@parcelport/shared/contracts/tags/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { Rule } from '../../api/desk';
import { changeLocale } from '../../i18n';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { DEMO_UPS_GROUND } from '../../test/shipmentFixtures';

inEnglishWithToken('customer-token');
afterAll(async () => {
  await changeLocale('zh-CN');
});

const rule = (overrides: Partial<Rule>): Rule => ({
  id: 1,
  name: 'NY signed',
  position: 1,
  active: false,
  matchMode: 'first',
  conditions: { states: ['NY'] },
  actions: { signatureOption: 'signature' },
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const ny = rule({});
const heavy = rule({
  id: 2,
  name: 'Heavy on hold',
  position: 2,
  conditions: { weightMin: 5 },
  actions: { hold: true },
});

function stubRules(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(rulesContracts.listRules)]: envelope(200, [ny, heavy]),
    [on(tagsContracts.listTags)]: envelope(200, []),
    [on(storesContracts.listStores)]: envelope(200, []),
    [on(addressBookContracts.listPackageTemplates)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 100 }),
    ...extra,
  });
}

describe('/settings/rules', () => {
  it('lists the rules in the order they run; a rule moves up and is activated', async () => {
    const { calls } = stubRules({
      [on(rulesContracts.reorderRules)]: envelope(200, [
        { ...heavy, position: 1 },
        { ...ny, position: 2 },
      ]),
      [on(rulesContracts.setRuleActive, { id: 2 })]: envelope(200, { ...heavy, active: true }),
    });
    renderApp('/settings/rules');
    const second = await screen.findByTestId('rule-row-2');
    expect(screen.getByTestId('menu-item-rules').textContent).toBe('Rules');
    expect(second.textContent).toContain('Weight from: 5 → Hold');
    expect(screen.getByTestId('rule-row-1').textContent).toContain('State: NY → Signature');
    expect((screen.getByTestId('rule-up-1') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('rule-up-2'));
    await waitFor(() => expect(callsOf(calls, rulesContracts.reorderRules)[0]?.body).toEqual({ ids: [2, 1] }));
    await waitFor(() => {
      const rows = screen.getAllByTestId(/^rule-row-/).map((row) => row.dataset.testid);
      expect(rows).toEqual(['rule-row-2', 'rule-row-1']);
    });

    fireEvent.click(
      within(screen.getByTestId('rule-row-2')).getByRole('switch', { name: 'Rule Heavy on hold active' }),
    );
    await waitFor(() =>
      expect(callsOf(calls, rulesContracts.setRuleActive, { id: 2 })[0]?.body).toEqual({ active: true }),
    );
  });

  it('names the tags and stores a rule looks for, not their ids, and a yes or no in words', async () => {
    stubRules({
      [on(rulesContracts.listRules)]: envelope(200, [
        rule({ conditions: { tagIds: [3, 9], storeIds: [5], residential: true } }),
      ]),
      [on(tagsContracts.listTags)]: envelope(200, [{ id: 3, name: 'VIP', color: 'gold' }]),
      [on(storesContracts.listStores)]: envelope(200, [
        { id: 5, platform: 'shopify', name: 'Main shop', account: 'main.myshopify.com', status: 'active' },
      ]),
    });
    renderApp('/settings/rules');
    const row = await screen.findByTestId('rule-row-1');
    await waitFor(() => expect(row.textContent).toContain('VIP, #9'));
    await waitFor(() => expect(row.textContent).toContain('Main shop'));
    expect(row.textContent).toContain('Residential: Yes');
  });

  it('asks for package templates only for an account that keeps them: staff get no picker and no refused call', async () => {
    const staff = sampleUser({
      kind: 'staff',
      role: ['menuSystem', 'adminQuestionList'],
      roleCodes: ['customerService'],
    });
    const { calls } = stubRules({ [on(usersContracts.getUserInfo)]: envelope(200, staff) });
    renderApp('/settings/rules');
    await screen.findByTestId('rule-row-1');
    fireEvent.click(screen.getByTestId('rule-new'));
    const form = await screen.findByTestId('rule-form');
    expect(within(form).queryByLabelText('Package')).toBeNull();
    expect(callsOf(calls, addressBookContracts.listPackageTemplates)).toEqual([]);
  });

  it('offers the package templates to a merchant who keeps them', async () => {
    const merchant = sampleUser({ role: ['templateAdd'] });
    const { calls } = stubRules({
      [on(usersContracts.getUserInfo)]: envelope(200, merchant),
      [on(addressBookContracts.listPackageTemplates)]: envelope(200, {
        list: [{ id: 5, name: 'Shoe box', length: 12, width: 8, height: 5, distanceUnit: 'in' }],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
    });
    renderApp('/settings/rules');
    await screen.findByTestId('rule-row-1');
    fireEvent.click(screen.getByTestId('rule-new'));
    const form = await screen.findByTestId('rule-form');
    expect(within(form).getAllByLabelText('Package')[0]).toBeTruthy();
    await waitFor(() => expect(callsOf(calls, addressBookContracts.listPackageTemplates)).toHaveLength(1));
  });

  it('dry-runs a new rule on the last 200 orders, shows order by order what it would change, then saves it', async () => {
    const answer = {
      examined: 200,
      matched: 1,
      rows: [
        {
          orderId: 41,
          orderNo: 'PP2611280000041',
          toPersonName: 'Grace Buyer',
          createdAt: '2026-11-28T10:00:00.000Z',
          changes: [{ field: 'hold', before: 'no', after: 'yes' }],
        },
      ],
    };
    const { calls } = stubRules({
      [on(rulesContracts.dryRunRule)]: envelope(200, answer),
      [on(rulesContracts.createRule)]: envelope(200, rule({ id: 3, name: 'Big ones' })),
    });
    renderApp('/settings/rules');
    await screen.findByTestId('rule-row-1');
    fireEvent.click(screen.getByTestId('rule-new'));
    await screen.findByTestId('rule-form');
    fireEvent.click(screen.getByTestId('rule-dry-run'));
    expect(await screen.findByText('Please enter the rule name')).toBeTruthy();
    expect(callsOf(calls, rulesContracts.dryRunRule)).toHaveLength(0);

    typeInto('rule-name', 'Big ones');
    typeInto('rule-weightMin', '10');
    fireEvent.click(screen.getByTestId('rule-hold'));
    fireEvent.click(screen.getByTestId('rule-dry-run'));
    const result = await screen.findByTestId('dry-run-result');
    const sent = {
      name: 'Big ones',
      matchMode: 'first',
      conditions: { weightMin: 10 },
      actions: { hold: true },
    };
    expect(callsOf(calls, rulesContracts.dryRunRule)[0]?.body).toEqual({ rule: sent, limit: 200 });
    expect(screen.getByTestId('dry-run-summary').textContent).toBe(
      'It would match 1 of your last 200 orders; nothing was changed.',
    );
    expect(within(result).getByTestId('dry-run-row-41').textContent).toContain('Held: No → Yes');
    expect(callsOf(calls, rulesContracts.createRule)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('rule-save'));
    expect((await screen.findByTestId('rule-saved')).textContent).toBe('Rule saved');
    expect(callsOf(calls, rulesContracts.createRule)[0]?.body).toEqual(sent);
  });

  it("words each value of a dry run's changes as the editor does, not as the API stores it, in both languages", async () => {
    const changes = [
      { field: 'hold', before: 'no', after: 'yes' },
      { field: 'service', before: '', after: '3' },
      { field: 'rateChoice', before: '{"kind":"cheapest"}', after: '{"kind":"cheapestWithin","days":3}' },
      { field: 'signature', before: 'none', after: 'adultSignature' },
      { field: 'insurance', before: '0.00', after: '150.00' },
    ];
    stubRules({
      [on(channelsContracts.myServices)]: envelope(200, [DEMO_UPS_GROUND]),
      [on(rulesContracts.dryRunRule)]: envelope(200, {
        examined: 1,
        matched: 1,
        rows: [
          { orderId: 41, orderNo: 'PP41', toPersonName: 'Grace Buyer', createdAt: '2026-11-28T10:00:00Z', changes },
        ],
      }),
    });
    renderApp('/settings/rules');
    await screen.findByTestId('rule-row-1');
    fireEvent.click(screen.getByTestId('rule-new'));
    await screen.findByTestId('rule-form');
    typeInto('rule-name', 'Words');
    fireEvent.click(screen.getByTestId('rule-hold'));
    fireEvent.click(screen.getByTestId('rule-dry-run'));
    const row = await screen.findByTestId('dry-run-row-41');
    const lines = () => Array.from(row.querySelectorAll('.ant-space-item > span'), (line) => line.textContent);
    await waitFor(() =>
      expect(lines()).toEqual([
        'Held: No → Yes',
        'Service: — → UPS Ground · Demo UPS',
        'Service choice: Cheapest → Cheapest arriving within 3 days',
        'Signature: No signature → Adult signature',
        'Insurance: $0.00 → $150.00',
      ]),
    );
    await changeLocale('zh-CN');
    await waitFor(() => expect(lines()[0]).toBe('暂停：否 → 是'));
    expect(lines()[2]).toBe('服务选择：最便宜 → 3 天内送达中最便宜');
    expect(lines()[3]).toBe('签收：无需签收 → 成人签收');
    await changeLocale('en-US');
  });

  it("picks the store condition from the merchant's stores, and the service or the carriers from the services it may use", async () => {
    const { calls } = stubRules({
      [on(storesContracts.listStores)]: envelope(200, [
        { id: 5, platform: 'shopify', name: 'Main shop', account: 'main.myshopify.com', status: 'active' },
      ]),
      [on(channelsContracts.myServices)]: envelope(200, [
        DEMO_UPS_GROUND,
        {
          channelId: 6,
          channelName: 'Demo USPS',
          serviceId: 8,
          serviceCode: 'USPS_GROUND_ADVANTAGE',
          serviceName: 'USPS Ground Advantage',
          carrierCode: 'USPS',
        },
      ]),
      [on(rulesContracts.createRule)]: envelope(200, rule({ id: 3, name: 'Shop by UPS' })),
    });
    renderApp('/settings/rules');
    await screen.findByTestId('rule-row-1');
    fireEvent.click(screen.getByTestId('rule-new'));
    await screen.findByTestId('rule-form');
    typeInto('rule-name', 'Shop by UPS');
    await choose('rule-storeIds', 'rule-store-5');
    await choose('rule-rate-kind', 'rule-rate-kind-service');
    await choose('rule-service', 'rule-service-3');
    fireEvent.click(screen.getByTestId('rule-save'));
    await screen.findByTestId('rule-saved');
    expect(callsOf(calls, rulesContracts.createRule)[0]?.body).toEqual({
      name: 'Shop by UPS',
      matchMode: 'first',
      conditions: { storeIds: [5] },
      actions: { serviceId: 3 },
    });

    fireEvent.click(screen.getByTestId('rule-new'));
    await waitFor(() => expect((screen.getByTestId('rule-name') as HTMLInputElement).value).toBe(''));
    typeInto('rule-name', 'Cheapest of two');
    await choose('rule-rate-kind', 'rule-rate-kind-cheapestOf');
    // The carriers offered are those of the merchant's services, nothing typed.
    await choose('rule-rate-carriers', 'rule-carrier-UPS');
    await choose('rule-rate-carriers', 'rule-carrier-USPS');
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(callsOf(calls, rulesContracts.createRule)).toHaveLength(2));
    expect(callsOf(calls, rulesContracts.createRule)[1]?.body).toEqual({
      name: 'Cheapest of two',
      matchMode: 'first',
      conditions: {},
      actions: { rateChoice: { kind: 'cheapestOf', carriers: ['UPS', 'USPS'] } },
    });
  });
});

/** Opens the select `testId` and clicks the dropdown entry holding `optionTestId`. */
async function choose(testId: string, optionTestId: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const entry = await waitFor(() => {
    const found = screen
      .getAllByTestId(optionTestId)
      .map((node) => node.closest('.ant-select-item-option'))
      .find(Boolean);
    if (!found) throw new Error(`no option ${optionTestId}`);
    return found as HTMLElement;
  });
  fireEvent.click(entry);
}
