import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as returnsContracts from '@parcelport/shared/contracts/returns/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../i18n';
import enUS from '../../../locales/en-US.json';
import zhCN from '../../../locales/zh-CN.json';
import { useSessionStore } from '../../../stores/session';
import { callsOf, envelope, on, sampleUser, stubFetch } from '../../../test/helpers';
import { renderApp } from '../../../test/render';
import { detailOf } from '../testFixtures';

beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

const delivered = detailOf({
  id: 41,
  orderNo: 'PP-DELIVERED',
  status: 3,
  rate: '8.10',
  tackNo: '9400100000000000000041',
  serviceName: 'USPS Ground Advantage (Demo)',
  carrierCode: 'USPS',
});
const RETURN_ID = 42;
const rateLine = (overrides: Record<string, unknown>) => ({
  channelId: 1,
  channelName: 'Demo USPS',
  serviceId: 7,
  serviceCode: 'USPS_GROUND_ADVANTAGE',
  serviceName: 'USPS Ground Advantage (Demo)',
  carrierCode: 'USPS',
  available: true,
  reason: null,
  zone: 8,
  zoneSource: 'distance',
  billableWeightOz: [16],
  price: '7.90',
  insurance: '0.00',
  total: '7.90',
  breakdown: { base: '7.90', fuel: '0.00', residential: '0.00', oversize: '0.00', remote: '0.00' },
  deliveryDays: 5,
  expectedDelivery: '2026-12-04',
  deliveryFrom: 'transit',
  cheapest: true,
  fastest: true,
  payOnUse: true,
  validityDays: 30,
  ...overrides,
});
const view = {
  id: RETURN_ID,
  orderNo: 'PP-RETURN',
  status: 1,
  trackingNo: '9400100000000000000042',
  outboundId: 41,
  payOnUse: true,
  validUntil: '2026-02-01T00:00:00.000Z',
  usedAt: null,
  lapsedAt: null,
  charged: '0.00',
  link: '/r/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
};

function stub(lines: unknown[]) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(ordersContracts.getOrder.app, { id: 41 })]: envelope(200, delivered),
    [on(returnsContracts.getOrderReturns.app, { id: 41 })]: envelope(200, { kind: 'label', return: null, returns: [] }),
    [on(returnsContracts.createReturn)]: envelope(200, { orderId: RETURN_ID, orderNo: 'PP-RETURN' }),
    [on(returnsContracts.returnRates, { id: RETURN_ID })]: envelope(200, lines),
    [on(returnsContracts.buyReturn, { id: RETURN_ID })]: envelope(200, view),
  });
}

describe.each([
  ['en-US', enUS],
  ['zh-CN', zhCN],
] as const)('a return label from the order page (%s)', (locale, messages) => {
  const m = messages as Record<string, string>;
  beforeEach(async () => {
    cleanup();
    await changeLocale(locale);
  });

  it('offers pay on use with its validity, and buys it paid on use', async () => {
    const { calls } = stub([rateLine({})]);
    renderApp('/shipments/detail/41');
    fireEvent.click(await screen.findByTestId('create-return'));
    const validity = await screen.findByTestId('return-validity');
    expect(validity.textContent).toBe(
      (m['returns.payOnUseHelp'] as string).replace('{{amount}}', '7.90').replace('{{days}}', '30'),
    );
    fireEvent.click(screen.getByTestId('return-buy'));
    await waitFor(() => expect(callsOf(calls, returnsContracts.buyReturn, { id: RETURN_ID })).toHaveLength(1));
    const [bought] = callsOf(calls, returnsContracts.buyReturn, { id: RETURN_ID });
    expect(bought?.body).toEqual({ serviceId: 7, payOnUse: true });
    expect(bought?.headers['Idempotency-Key']).toBeTruthy();
    expect(callsOf(calls, returnsContracts.createReturn)[0]?.body).toEqual({ outboundId: 41 });
  });

  it('says before buying when the carrier charges at creation', async () => {
    const { calls } = stub([rateLine({ payOnUse: false, validityDays: null })]);
    renderApp('/shipments/detail/41');
    fireEvent.click(await screen.findByTestId('create-return'));
    const note = await screen.findByTestId('return-charged-at-creation');
    expect(note.textContent).toContain((m['returns.chargedAtCreation'] as string).replace('{{amount}}', '7.90'));
    expect(screen.queryByTestId('return-pay-on-use')).toBeNull();
    fireEvent.click(screen.getByTestId('return-buy'));
    await waitFor(() => expect(callsOf(calls, returnsContracts.buyReturn, { id: RETURN_ID })).toHaveLength(1));
    expect(callsOf(calls, returnsContracts.buyReturn, { id: RETURN_ID })[0]?.body).toEqual({
      serviceId: 7,
      payOnUse: false,
    });
  });

  it("lists the order's returns with their state and link", async () => {
    stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(channelsContracts.myServices)]: envelope(200, []),
      [on(ordersContracts.getOrder.app, { id: 41 })]: envelope(200, delivered),
      [on(returnsContracts.getOrderReturns.app, { id: 41 })]: envelope(200, {
        kind: 'label',
        return: null,
        returns: [view],
      }),
    });
    renderApp('/shipments/detail/41');
    const row = await screen.findByTestId(`return-row-${RETURN_ID}`);
    expect(within(row).getByTestId('return-state').textContent).toBe(m['returns.payOnUseTag']);
    expect(within(row).getByTestId('return-link').getAttribute('href')).toBe(`${window.location.origin}${view.link}`);
  });
});

describe.each([
  ['en-US', enUS],
  ['zh-CN', zhCN],
] as const)('the public return page (%s)', (locale, messages) => {
  const m = messages as Record<string, string>;
  const link = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  beforeEach(async () => {
    cleanup();
    sessionStorage.clear();
    await changeLocale(locale);
  });

  it('shows the label to print without signing in, and nothing else of the order', async () => {
    const { calls } = stubFetch({
      [on(returnsContracts.getPublicReturn, { link })]: envelope(200, {
        trackingNo: view.trackingNo,
        carrierCode: 'USPS',
        serviceName: 'USPS Ground Advantage (Demo)',
        state: 'ready',
        validUntil: view.validUntil,
        formats: ['pdf', 'zpl'],
      }),
    });
    renderApp(`/r/${link}`);
    expect((await screen.findByTestId('return-page-state')).textContent).toBe(m['site.returnPage.states.ready']);
    expect(screen.getByTestId('return-page-tracking').textContent).toBe(view.trackingNo);
    expect(screen.getByTestId('return-page-pdf').getAttribute('href')).toBe(
      `/api/public/returns/${link}/label?format=pdf`,
    );
    // Only the return's own page was asked for: no account, wallet or order call.
    expect(calls.map((call) => call.url.split('?')[0])).toEqual([`/api/public/returns/${link}`]);
  });
});
