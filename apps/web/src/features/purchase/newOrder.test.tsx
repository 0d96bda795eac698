import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as configContracts from '@parcelport/shared/contracts/config/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { callsOf, envelope, on, type StubbedCall, sampleUser, stubFetch } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { detailOf, listItem, quote, sampleQuotes } from '../../test/shipmentFixtures';

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:label' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});

type Routes = Parameters<typeof stubFetch>[0];

function stubCustomer(extra: Routes = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(addressesContracts.getCity)]: (call: StubbedCall) =>
      call.url.includes('zip=90210')
        ? envelope(200, { city: 'Beverly Hills', stateCode: 'CA', countryCode: 'US' })
        : call.url.includes('zip=10118')
          ? envelope(200, { city: 'New York', stateCode: 'NY', countryCode: 'US' })
          : envelope(404, null, 'No city is known for this ZIP code'),
    ...extra,
  });
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const typeInto = (testId: string, value: string) => {
  fireEvent.change(input(testId), { target: { value } });
  fireEvent.blur(input(testId));
};

async function openSelect(testId: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  await screen.findAllByRole('option');
}

/** The dropdown entry (not the selected value) of a signature option. */
const signatureOption = (option: string) =>
  screen
    .getAllByTestId(`signature-option-${option}`)
    .map((node) => node.closest('.ant-select-item-option'))
    .find(Boolean) as HTMLElement;

describe('new order: addresses, insurance and signature', () => {
  it('fills city and state from the ZIP when it is left, and warns about an unknown ZIP', async () => {
    const { calls } = stubCustomer();
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    expect(screen.getByTestId('address-from').textContent).toContain('United States (US)');

    typeInto('from-zipCode', '90210');
    await waitFor(() => expect(input('from-city').value).toBe('Beverly Hills'));
    expect(input('from-stateCode').value).toBe('CA');
    expect(screen.getByTestId('from-zip-filled').textContent).toContain('City and state filled from the ZIP code');
    expect(callsOf(calls, addressesContracts.getCity)[0]?.url).toBe('/api/app/user/address/getCity?zip=90210');

    typeInto('to-zipCode', '00000');
    expect((await screen.findByTestId('to-zip-unknown')).textContent).toBe(
      'No city is known for this ZIP code; please check it',
    );
    expect(input('to-city').value).toBe('');
  });

  it('forces a signature when more than 1,000 is declared, and offers no signature again below it', async () => {
    stubCustomer();
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    const signature = () => screen.getByTestId('order-signature').closest('.ant-select') as HTMLElement;
    expect(signature().textContent).toContain('No signature');

    typeInto('parcel-0-insuredValue', '1000');
    expect(screen.queryByTestId('signature-forced')).toBeNull();
    fireEvent.click(screen.getByTestId('parcel-add'));
    await screen.findByTestId('parcel-1');
    typeInto('parcel-1-insuredValue', '0.01');

    await waitFor(() => expect(signature().textContent).toContain('Signature'));
    expect(signature().textContent).not.toContain('No signature');
    expect(screen.getByTestId('signature-forced').textContent).toBe('Declared above $1,000: a signature is required');
    expect(screen.getByTestId('insurance-total').textContent).toBe('Insurance in total: $10.00');
    await openSelect('order-signature');
    expect(signatureOption('none').className).toContain('ant-select-item-option-disabled');
    expect(signatureOption('signature').className).not.toContain('ant-select-item-option-disabled');

    typeInto('parcel-1-insuredValue', '0');
    await waitFor(() => expect(screen.queryByTestId('signature-forced')).toBeNull());
    expect(signatureOption('none').className).not.toContain('ant-select-item-option-disabled');
  });

  it("saves a draft with docs/spec.md §3's create payload and keeps the order number in the address", async () => {
    const { calls } = stubCustomer({
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 42, orderNo: 'PP2601010000042' }),
    });
    const { router } = renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');

    // Compare rates asks for the whole order; nothing is sent while a required field is empty.
    fireEvent.click(screen.getByTestId('order-compare'));
    expect(await screen.findByText('Please correct the fields marked in red')).toBeTruthy();
    expect(callsOf(calls, ordersContracts.saveDraft)).toHaveLength(0);

    for (const [party, name, zip] of [
      ['from', 'Ada Shipper', '90210'],
      ['to', 'Grace Buyer', '10118'],
    ] as const) {
      typeInto(`${party}-personName`, name);
      typeInto(`${party}-zipCode`, zip);
      typeInto(`${party}-addressLine1`, `1 ${party} St`);
    }
    await waitFor(() => expect(input('to-city').value).toBe('New York'));
    fireEvent.click(screen.getByTestId('to-residential'));
    typeInto('parcel-0-length', '10');
    typeInto('parcel-0-width', '8');
    typeInto('parcel-0-height', '4');
    typeInto('parcel-0-insuredValue', '150');
    typeInto('order-reference1', 'PO-7');

    fireEvent.click(screen.getByTestId('order-save-draft'));
    expect((await screen.findByTestId('draft-saved')).textContent).toBe('Draft saved: PP2601010000042');
    const body = callsOf(calls, ordersContracts.saveDraft)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      orderId: null,
      from: { personName: 'Ada Shipper', countryCode: 'US', city: 'Beverly Hills', stateCode: 'CA', zipCode: '90210' },
      to: { personName: 'Grace Buyer', city: 'New York', stateCode: 'NY', isResidential: true },
      residential: true,
      parcels: [
        {
          length: 10,
          width: 8,
          height: 4,
          weight: 1,
          massUnit: 'lb',
          distanceUnit: 'in',
          packageCode: 'your_package',
          packageNum: 1,
          packageAmount: 1,
          insuredValue: '150.00',
        },
      ],
      batteryType: 'none',
      reference1: 'PO-7',
      labelSize: '4x6',
      extra: { signatureOption: 'none', nonDeliveryOption: 'return', contentsType: 'merchandise' },
      isTest: false,
    });
    // docs/spec.md §3: shipDate is left out when empty.
    expect(body).not.toHaveProperty('shipDate');
    await waitFor(() => expect(pathOf(router)).toBe('/shipments/newOrder?orderId=42'));
    expect(screen.getByTestId('order-no-tag').textContent).toBe('PP2601010000042');

    // Saving again rewrites the same draft.
    fireEvent.click(screen.getByTestId('order-save-draft'));
    await waitFor(() => expect(callsOf(calls, ordersContracts.saveDraft)).toHaveLength(2));
    expect((callsOf(calls, ordersContracts.saveDraft)[1]?.body as { orderId: number } | undefined)?.orderId).toBe(42);
  });
});

describe('new order: rates and label purchase', () => {
  const draft = detailOf({ id: 11, orderNo: 'PP2601010000011' });
  const bought = listItem({
    id: 11,
    status: 1,
    tackNo: '9400100000000000000010',
    carrierCode: 'USPS',
    serviceName: 'USPS Ground Advantage',
    rate: '12.40',
    insuranceFee: '7.00',
  });

  it('compares every service: cheapest and fastest marked, estimated zones tagged, reasons shown', async () => {
    const { calls } = stubCustomer({
      [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, draft),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 11, orderNo: 'PP2601010000011' }),
      [on(ordersContracts.estimateRates)]: envelope(200, sampleQuotes()),
    });
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(input('from-personName').value).toBe('Ada Shipper'));
    expect(screen.getByTestId('editing-order').textContent).toContain('Editing order PP2601010000011');
    expect(screen.getByTestId('parcel-1')).toBeTruthy();
    expect(input('parcel-1-insuredValue').value).toBe('500.00');

    fireEvent.click(screen.getByTestId('order-compare'));
    const rates = await screen.findByTestId('rates-card');
    expect((callsOf(calls, ordersContracts.saveDraft)[0]?.body as { orderId: number } | undefined)?.orderId).toBe(11);
    expect(callsOf(calls, ordersContracts.estimateRates)[0]?.body).toEqual({ orderId: 11 });

    const rows = within(rates).getAllByTestId(/^rate-row-/);
    // Available services cheapest first, then the ones that cannot carry the shipment.
    expect(rows.map((row) => row.dataset.testid)).toEqual(['rate-row-1', 'rate-row-3', 'rate-row-5', 'rate-row-2']);
    expect(within(rows[0] as HTMLElement).getByTestId('rate-1-cheapest').textContent).toBe('Cheapest');
    expect(within(rows[2] as HTMLElement).getByTestId('rate-5-fastest').textContent).toBe('Fastest');
    expect(screen.queryAllByText('Cheapest')).toHaveLength(1);
    expect(screen.queryAllByText('Fastest')).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByTestId('rate-1-estimated').textContent).toBe('estimated');
    expect(within(rows[1] as HTMLElement).queryByTestId('rate-3-estimated')).toBeNull();
    expect(rows[0]?.textContent).toContain('1 lb + 3 lb');
    expect(rows[0]?.textContent).toContain('5 days');
    // The delivery promise: the expected date beside the transit days.
    expect(within(rows[0] as HTMLElement).getByTestId('rate-1-expected').textContent).toBe('expected 2026-12-04');

    const unavailable = rows[3] as HTMLElement;
    expect(unavailable.dataset.available).toBe('false');
    expect(unavailable.style.opacity).toBe('0.55');
    expect(within(unavailable).getByTestId('rate-2-reason').textContent).toBe(
      'Unavailable: over the maximum weight of 70 lb',
    );
    expect((within(unavailable).getByTestId('rate-2-buy') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.mouseEnter(within(rows[0] as HTMLElement).getByTestId('rate-1-breakdown'));
    const breakdown = await screen.findByTestId('rate-breakdown-1');
    expect(breakdown.textContent).toContain('Fuel surcharge$1.00');
    expect(breakdown.textContent).toContain('Residential surcharge$1.00');
    expect(breakdown.textContent).toContain('Total$19.40');

    // Changing the order makes the rates stale: no buying until compared again.
    typeInto('order-reference2', 'changed');
    expect(await screen.findByTestId('rates-stale')).toBeTruthy();
    expect((screen.getByTestId('rate-1-buy') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the battery status cannot be selected when no service carries it', async () => {
    stubCustomer({
      [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, {
        ...draft,
        batteryType: 'lithiumMetalStandalone',
      }),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 11, orderNo: 'PP2601010000011' }),
      [on(ordersContracts.estimateRates)]: envelope(200, [
        quote({
          available: false,
          reason: 'Current mode battery status cannot be selected, contact the salesperson',
          zone: null,
          billableWeightOz: [],
        }),
      ]),
    });
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(input('from-personName').value).toBe('Ada Shipper'));
    fireEvent.click(screen.getByTestId('order-compare'));
    expect((await screen.findByTestId('rates-none-available')).textContent).toBe(
      'Current mode battery status cannot be selected, contact the salesperson',
    );
  });

  it('buys a label after confirming total and balance; a retry after a lost answer reuses the Idempotency-Key', async () => {
    const pdf = new Response(new Uint8Array([37, 80, 68, 70]), {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="PP2601010000011.pdf"',
      },
    });
    const { calls } = stubCustomer({
      [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, draft),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 11, orderNo: 'PP2601010000011' }),
      [on(ordersContracts.estimateRates)]: envelope(200, sampleQuotes()),
      // The first click's answers are lost (network down through every retry); the second click gets one.
      [on(ordersContracts.createLabel)]: [
        new TypeError('Failed to fetch'),
        new TypeError('Failed to fetch'),
        new TypeError('Failed to fetch'),
        new TypeError('Failed to fetch'),
        envelope(200, bought),
      ],
      [on(ordersContracts.downloadLabel.app)]: pdf,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // jsdom does no layout: record what the screen asks to bring into view.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(input('from-personName').value).toBe('Ada Shipper'));
    fireEvent.click(screen.getByTestId('order-compare'));
    await screen.findByTestId('rates-card');

    fireEvent.click(screen.getByTestId('rate-1-buy'));
    const confirm = await screen.findByTestId('buy-confirm');
    expect(within(confirm).getByTestId('buy-confirm-total').textContent).toBe('$19.40');
    expect(within(confirm).getByTestId('buy-confirm-balance').textContent).toBe('$12.30');
    expect(confirm.textContent).toContain('Balance after-$7.10');
    expect(within(confirm).queryByTestId('buy-confirm-short')).toBeNull();
    fireEvent.click(screen.getByTestId('buy-confirm-ok'));
    await waitFor(() => expect(callsOf(calls, ordersContracts.createLabel)).toHaveLength(4));
    await waitFor(() => expect((screen.getByTestId('rate-1-buy') as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(screen.getByTestId('rate-1-buy'));
    await screen.findAllByTestId('buy-confirm');
    fireEvent.click(screen.getAllByTestId('buy-confirm-ok').at(-1) as HTMLElement);
    expect((await screen.findByTestId('label-created')).textContent).toBe('Label created: PP2601010000011');

    const purchases = callsOf(calls, ordersContracts.createLabel);
    expect(purchases).toHaveLength(5);
    const keys = new Set(purchases.map((call) => call.headers['Idempotency-Key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{32,36}$/);
    for (const call of purchases) {
      expect(call.body).toEqual({ orderId: 11, serviceId: 1 });
      expect(call.headers.duration).toBe('5000');
    }

    const result = await screen.findByTestId('purchase-result');
    // The result opens at its heading, not where the rates were scrolled to.
    await waitFor(() => expect(scrolled).toContain(result));
    expect(within(result).getByTestId('purchase-tracking').textContent).toContain('9400 1000 0000 0000 0000 10');
    expect(result.textContent).toContain('Charged: $19.40');
    fireEvent.click(within(result).getByTestId('purchase-download'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsOf(calls, ordersContracts.downloadLabel.app)[0]?.url).toBe(
      '/api/app/order/label/down?id=11&nameBy=orderNo&format=pdf',
    );
    expect(callsOf(calls, ordersContracts.downloadLabel.app)[0]?.headers.isDownLoadFile).toBe('true');
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('flags an order the carrier will likely correct before it is bought, and takes the measures it billed last time', async () => {
    const risk = {
      orderId: 11,
      orderNo: 'PP2601010000011',
      basis: 'sku' as const,
      key: 'MUG-HEAVY',
      labels: 4,
      corrected: 4,
      expectedExtra: '2.50',
      declaredWeightOz: 16,
      declaredSize: '10 x 8 x 4 in',
      billedWeightOz: 48,
      billedSize: '12 x 10 x 8 in',
    };
    // A store's order: its items are kept when the form saves it (the risk is judged by their SKU).
    const items = [{ sku: 'MUG-HEAVY', name: 'Stoneware mug', quantity: 1, price: '12.00' }];
    const { calls } = stubCustomer({
      [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, { ...draft, items }),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 11, orderNo: 'PP2601010000011' }),
      [on(ordersContracts.estimateRates)]: envelope(200, sampleQuotes()),
      [on(ordersContracts.checkAdjustmentRisk)]: envelope(200, {
        checked: 1,
        flagged: [risk],
        totalExpectedExtra: '2.50',
      }),
    });
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(input('from-personName').value).toBe('Ada Shipper'));
    fireEvent.click(screen.getByTestId('order-compare'));
    await screen.findByTestId('rates-card');
    expect((callsOf(calls, ordersContracts.saveDraft)[0]?.body as { items?: unknown } | undefined)?.items).toEqual(
      items,
    );
    fireEvent.click(screen.getByTestId('rate-1-buy'));
    const flag = await screen.findByTestId('adjustment-risk');
    expect(callsOf(calls, ordersContracts.checkAdjustmentRisk)[0]?.body).toEqual({ ids: [11] });
    expect(flag.textContent).toContain(
      "The carrier will likely correct this parcel's weight or size: expected extra $2.50",
    );
    expect(flag.textContent).toContain('The carrier corrected 4 of your 4 labels of SKU MUG-HEAVY.');
    expect(flag.textContent).toContain('Declared now16 oz · 10 x 8 x 4 in');
    expect(within(flag).getByTestId('adjustment-risk-billed').textContent).toBe('48 oz · 12 x 10 x 8 in');

    fireEvent.click(within(flag).getByTestId('adjustment-risk-use'));
    // Nothing is bought, and the first parcel now declares what the carrier billed (3 lb).
    expect((await screen.findByTestId('measures-used')).textContent).toContain('compare rates again');
    expect(callsOf(calls, ordersContracts.createLabel)).toHaveLength(0);
    expect(input('parcel-0-weight').value).toBe('3.00');
    expect([input('parcel-0-length').value, input('parcel-0-width').value, input('parcel-0-height').value]).toEqual([
      '12.00',
      '10.00',
      '8.00',
    ]);
    // The second parcel is left as it was.
    expect(input('parcel-1-weight').value).toBe('3.00');
    expect(input('parcel-1-length').value).toBe('12.00');
  });

  it('an order without risk is confirmed without a flag', async () => {
    stubCustomer({
      [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, draft),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 11, orderNo: 'PP2601010000011' }),
      [on(ordersContracts.estimateRates)]: envelope(200, sampleQuotes()),
      [on(ordersContracts.checkAdjustmentRisk)]: envelope(200, { checked: 1, flagged: [], totalExpectedExtra: '0.00' }),
    });
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(input('from-personName').value).toBe('Ada Shipper'));
    fireEvent.click(screen.getByTestId('order-compare'));
    await screen.findByTestId('rates-card');
    fireEvent.click(screen.getByTestId('rate-1-buy'));
    await screen.findByTestId('buy-confirm');
    expect(screen.queryByTestId('adjustment-risk')).toBeNull();
  });

  it('a test-mode order is confirmed as costing nothing: the balance after is the balance', async () => {
    stubCustomer({
      [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, { ...draft, isTest: true }),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 11, orderNo: 'PP2601010000011' }),
      [on(ordersContracts.estimateRates)]: envelope(200, sampleQuotes()),
    });
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(input('from-personName').value).toBe('Ada Shipper'));
    await waitFor(() => expect(screen.getByTestId('order-test-mode').getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByTestId('order-compare'));
    await screen.findByTestId('rates-card');
    // $45.00, far above the $12.30 balance: a test label costs nothing, so the balance after is the balance.
    fireEvent.click(screen.getByTestId('rate-5-buy'));
    const confirm = await screen.findByTestId('buy-confirm');
    expect(within(confirm).getByTestId('buy-confirm-test').textContent).toContain('A test label costs nothing');
    expect(within(confirm).getByTestId('buy-confirm-balance').textContent).toBe('$12.30');
    expect(confirm.textContent).toContain('Balance after$12.30');
    expect(within(confirm).queryByTestId('buy-confirm-short')).toBeNull();
  });

  it('a purchase that is refused shows why and a later try gets a new key', async () => {
    const { calls } = stubCustomer({
      [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, draft),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 11, orderNo: 'PP2601010000011' }),
      [on(ordersContracts.estimateRates)]: envelope(200, sampleQuotes()),
      [on(ordersContracts.createLabel)]: [envelope(422, null, 'Insufficient funds'), envelope(200, bought)],
    });
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(input('from-personName').value).toBe('Ada Shipper'));
    fireEvent.click(screen.getByTestId('order-compare'));
    await screen.findByTestId('rates-card');
    fireEvent.click(screen.getByTestId('rate-5-buy'));
    const confirm = await screen.findByTestId('buy-confirm');
    // $45.00 is more than the balance; the credit limit still covers it, so the warning says 'may'.
    expect(within(confirm).queryByTestId('buy-confirm-short')).toBeNull();
    fireEvent.click(screen.getByTestId('buy-confirm-ok'));
    expect(await screen.findByText('Insufficient funds')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('rate-5-buy') as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(screen.getByTestId('rate-5-buy'));
    await waitFor(() => expect(screen.getAllByTestId('buy-confirm-ok').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('buy-confirm-ok').at(-1) as HTMLElement);
    await screen.findByTestId('purchase-result');
    const keys = callsOf(calls, ordersContracts.createLabel).map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe('a half-filled draft', () => {
  it('saves with what it has; a field given wrong is refused with the message the server would give', async () => {
    const { calls } = stubCustomer({
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 43, orderNo: 'PP2601010000043' }),
    });
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    typeInto('to-personName', 'Grace Buyer');
    fireEvent.click(screen.getByTestId('order-save-draft'));
    expect((await screen.findByTestId('draft-saved')).textContent).toBe('Draft saved: PP2601010000043');
    const first = callsOf(calls, ordersContracts.saveDraft)[0]?.body as {
      to: { personName: string; zipCode: string };
      parcels: { length?: number }[];
    };
    expect(first.to).toMatchObject({ personName: 'Grace Buyer', zipCode: '' });
    // An empty size is left out, not sent as a zero or a NaN.
    expect(first.parcels[0]).not.toHaveProperty('length');
    // The empty required fields are not marked as errors of the saved draft.
    expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(0);

    typeInto('to-zipCode', '1011');
    fireEvent.click(screen.getByTestId('order-save-draft'));
    expect(await screen.findByText('ZIP must be 5 digits or ZIP+4')).toBeTruthy();
    expect(await screen.findByText('Please correct the fields marked in red')).toBeTruthy();
    expect(callsOf(calls, ordersContracts.saveDraft)).toHaveLength(1);
  });
});

describe('the label defaults of sysConfig', () => {
  it('start a new order and each parcel added with the configured size, units and package type', async () => {
    const configured = { size: '4x8', units: 'kg/cm', packageCode: 'envelope' } as const;
    const { calls } = stubCustomer({
      [on(configContracts.platformValues)]: envelope(200, {
        exchangeRate: '7.10',
        zoneQueryFee: '0.10',
        wrongSizePenalty: '5.00',
        payees: {},
        label: configured,
      }),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 44, orderNo: 'PP2601010000044' }),
    });
    renderApp('/shipments/newOrder');
    await screen.findByTestId('new-order-page');
    const checkedSize = () => screen.getByTestId('order-label-size').querySelector('input:checked') as HTMLInputElement;
    expect(checkedSize().value).toBe('4x8');
    const selected = (testId: string) => screen.getByTestId(testId).closest('.ant-select')?.textContent;
    expect(selected('parcel-0-units')).toBe('kg/cm');
    expect(selected('parcel-0-packageCode')).toBe('Envelope');
    expect(screen.getByTestId('parcel-0-weight').closest('.ant-input-number')?.textContent).toContain('kg');

    fireEvent.click(screen.getByTestId('parcel-add'));
    await screen.findByTestId('parcel-1');
    expect(selected('parcel-1-units')).toBe('kg/cm');
    expect(selected('parcel-1-packageCode')).toBe('Envelope');

    typeInto('to-personName', 'Grace Buyer');
    fireEvent.click(screen.getByTestId('order-save-draft'));
    await screen.findByTestId('draft-saved');
    const body = callsOf(calls, ordersContracts.saveDraft)[0]?.body as Record<string, unknown>;
    const startingParcel = { massUnit: 'kg', distanceUnit: 'cm', packageCode: 'envelope', weight: 1 };
    expect(body).toMatchObject({ labelSize: '4x8', parcels: [startingParcel, startingParcel] });
  });
});
