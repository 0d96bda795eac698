import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as returnsContracts from '@parcelport/shared/contracts/returns/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { catalogueOf } from '../../locales/catalogue';
import { useSessionStore } from '../../stores/session';
import { callsOf, envelope, on, sampleUser, stubFetch } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { detailOf } from '../../test/shipmentFixtures';

const enUS = catalogueOf('en-US');
const zhCN = catalogueOf('zh-CN');

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

/** The delivered order's page with these return rates, and the returns it already has. */
function stub(lines: unknown[], returns: unknown[] = []) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(ordersContracts.getOrder.app, { id: 41 })]: envelope(200, delivered),
    [on(returnsContracts.getOrderReturns.app, { id: 41 })]: envelope(200, { kind: 'label', return: null, returns }),
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
      (m['returns.payOnUseHelp'] as string).replace('{{amount}}', '$7.90').replace('{{days}}', '30'),
    );
    fireEvent.click(screen.getByTestId('return-buy'));
    await waitFor(() => expect(callsOf(calls, returnsContracts.buyReturn, { id: RETURN_ID })).toHaveLength(1));
    const [bought] = callsOf(calls, returnsContracts.buyReturn, { id: RETURN_ID });
    expect(bought?.body).toEqual({ serviceId: 7, payOnUse: true });
    expect(bought?.headers['Idempotency-Key']).toBeTruthy();
    expect(callsOf(calls, returnsContracts.createReturn)[0]?.body).toEqual({ outboundId: 41 });
  });

  it('opens a return drafted earlier and not bought again, rather than drafting another', async () => {
    const again = stub([rateLine({})], [{ ...view, status: 0, trackingNo: null, payOnUse: false, validUntil: null }]);
    renderApp('/shipments/detail/41');
    await screen.findByTestId(`return-row-${RETURN_ID}`);
    fireEvent.click(screen.getByTestId('create-return'));
    expect((await screen.findByTestId('return-draft-kept')).textContent).toBe(m['returns.draftKept']);
    await screen.findByTestId('return-validity');
    expect(callsOf(again.calls, returnsContracts.createReturn)).toEqual([]);
    expect(callsOf(again.calls, returnsContracts.returnRates, { id: RETURN_ID })).toHaveLength(1);
  });

  it('says before buying when the carrier charges at creation', async () => {
    const { calls } = stub([rateLine({ payOnUse: false, validityDays: null })]);
    renderApp('/shipments/detail/41');
    fireEvent.click(await screen.findByTestId('create-return'));
    const note = await screen.findByTestId('return-charged-at-creation');
    expect(note.textContent).toContain((m['returns.chargedAtCreation'] as string).replace('{{amount}}', '$7.90'));
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
        // The second, drafted from the dialog and kept unbought, has no label: nothing charged or to be.
        returns: [view, { ...view, id: RETURN_ID + 1, status: 0, trackingNo: null, payOnUse: false, validUntil: null }],
      }),
    });
    renderApp('/shipments/detail/41');
    const row = await screen.findByTestId(`return-row-${RETURN_ID}`);
    expect(within(row).getByTestId('return-state').textContent).toBe(m['returns.payOnUseTag']);
    expect(within(row).getByTestId('return-link').getAttribute('href')).toBe(`${window.location.origin}${view.link}`);
    const kept = screen.getByTestId(`return-row-${RETURN_ID + 1}`);
    expect(within(kept).getByTestId('return-state').textContent).toBe(m['returns.notBoughtTag']);
    expect(within(kept).queryByTestId('return-link')).toBeNull();
  });
});

describe.each([
  ['en-US', enUS],
  ['zh-CN', zhCN],
] as const)('a return made on its own (%s)', (locale, messages) => {
  const m = messages as Record<string, string>;
  beforeEach(async () => {
    cleanup();
    await changeLocale(locale);
  });
  const typeInto = (testId: string, value: string) => {
    const field = screen.getByTestId(testId);
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  };
  const routes = (createAnswer: ReturnType<typeof envelope>) => ({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(ordersContracts.listOrders.app)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 50 }),
    [on(addressesContracts.getCity)]: envelope(200, { city: 'New York', stateCode: 'NY', countryCode: 'US' }),
    [on(returnsContracts.createReturn)]: createAnswer,
    [on(ordersContracts.getOrder.app, { id: RETURN_ID })]: envelope(
      200,
      detailOf({ id: RETURN_ID, orderNo: 'PP-RETURN', status: 0, kind: 'return' }),
    ),
    [on(returnsContracts.getOrderReturns.app, { id: RETURN_ID })]: envelope(200, {
      kind: 'return',
      return: { ...view, status: 0, trackingNo: null, outboundId: null, validUntil: null },
      returns: [],
    }),
  });
  const fillForm = async () => {
    fireEvent.click(await screen.findByTestId('order-list-new-return'));
    await screen.findByTestId('new-return-form');
    typeInto('return-from-personName', 'Ada Sender');
    typeInto('return-from-phone', '2125550100');
    typeInto('return-from-addressLine1', '350 5th Ave');
    typeInto('return-from-zipCode', '10118');
    await waitFor(() => expect((screen.getByTestId('return-from-city') as HTMLInputElement).value).toBe('New York'));
    typeInto('parcel-0-length', '10');
    typeInto('parcel-0-width', '8');
    typeInto('parcel-0-height', '4');
    fireEvent.click(screen.getByTestId('new-return-save'));
  };

  it("drafts it from who sends it back and its parcel, with no outbound order, and opens the return's page", async () => {
    const { calls } = stubFetch(routes(envelope(200, { orderId: RETURN_ID, orderNo: 'PP-RETURN' })));
    const { router } = renderApp('/shipments/allWaybills');
    await fillForm();
    await waitFor(() => expect(pathOf(router)).toBe(`/shipments/detail/${RETURN_ID}`));
    const [created] = callsOf(calls, returnsContracts.createReturn);
    const body = created?.body as {
      outboundId?: number;
      to?: unknown;
      from: Record<string, unknown>;
      parcels: unknown[];
    };
    expect(body.outboundId).toBeUndefined();
    // The destination is the merchant's own address, which the server takes from the address book.
    expect(body.to).toBeUndefined();
    expect(body.from).toMatchObject({ personName: 'Ada Sender', zipCode: '10118', city: 'New York', stateCode: 'NY' });
    expect(body.parcels).toEqual([expect.objectContaining({ length: 10, width: 8, height: 4 })]);
    // Its page says it was made on its own, and offers its services next.
    const card = await screen.findByTestId('return-card');
    await waitFor(() => expect(card.textContent).toContain(m['returns.standalone']));
    expect(within(card).getByTestId('return-open-options')).toBeTruthy();
  });

  it('says so when the merchant has no address to send it to', async () => {
    // The server's answer (apps/server/src/i18n/catalogue/returns.ts `returnToRequired`), in the reader's language.
    const missing = {
      'en-US': 'Give the address to return to, or set a default sender in the address book',
      'zh-CN': '请填写收货地址，或在地址簿中设置默认发件地址',
    }[locale];
    stubFetch(routes(envelope(400, { fields: { to: missing } }, missing)));
    const { router } = renderApp('/shipments/allWaybills');
    await fillForm();
    expect((await screen.findByTestId('new-return-to')).textContent).toContain(missing);
    expect(pathOf(router)).toBe('/shipments/allWaybills');
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
        qrCode: false,
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
    // No QR code where the carrier offers none: the label alone.
    expect(screen.queryByTestId('return-page-qr')).toBeNull();
  });

  it("shows the carrier's QR code beside the label where the carrier offers one", async () => {
    stubFetch({
      [on(returnsContracts.getPublicReturn, { link })]: envelope(200, {
        trackingNo: view.trackingNo,
        carrierCode: 'USPS',
        serviceName: 'USPS GroundAdvantage',
        state: 'ready',
        validUntil: null,
        formats: ['pdf'],
        qrCode: true,
      }),
    });
    renderApp(`/r/${link}`);
    const qr = await screen.findByTestId('return-page-qr');
    expect(qr.textContent).toContain(m['site.returnPage.qrTitle']);
    const image = screen.getByTestId('return-page-qr-image');
    expect(image.getAttribute('src')).toBe(`/api/public/returns/${link}/qr`);
    expect(image.getAttribute('alt')).toBe(
      (m['site.returnPage.qrAlt'] as string).replace('{{trackingNo}}', view.trackingNo),
    );
    expect(screen.getByTestId('return-page-pdf')).toBeTruthy();
  });
});
