import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { callsOf, envelope, on, setWindowWidth } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { detailOf, listItem, quote, sampleQuotes } from '../../test/shipmentFixtures';
import { input, stubCustomer, typeInto } from './newOrderFixtures';

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

describe('new order: rates on a phone', () => {
  afterAll(() => setWindowWidth(1024));

  it('shows each rate’s total, days and Buy in the width of the screen, with no sideways scroll', async () => {
    setWindowWidth(390);
    const draft = detailOf({ id: 11, orderNo: 'PP2601010000011' });
    stubCustomer({
      [on(ordersContracts.getOrder.app, { id: 11 })]: envelope(200, draft),
      [on(ordersContracts.saveDraft)]: envelope(200, { orderId: 11, orderNo: 'PP2601010000011' }),
      [on(ordersContracts.estimateRates)]: envelope(200, sampleQuotes()),
    });
    renderApp('/shipments/newOrder?orderId=11');
    await waitFor(() => expect(input('from-personName').value).toBe('Ada Shipper'));
    fireEvent.click(screen.getByTestId('order-compare'));
    const rates = await screen.findByTestId('rates-card');
    const row = (await within(rates).findAllByTestId(/^rate-row-/))[0] as HTMLElement;
    expect(within(row).getByTestId('rate-1-total').textContent).toMatch(/^\$\d+\.\d\d$/);
    expect(within(row).getByTestId('rate-1-days').textContent).toContain('5 days');
    expect(within(row).getByTestId('rate-1-buy')).toBeTruthy();
    expect(within(row).getByTestId('rate-1-breakdown')).toBeTruthy();
    const headers = within(rates)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).not.toContain('Zone');
    expect(headers).not.toContain('Price');
    expect(rates.querySelector('.ant-table-ping-right, .ant-table-cell-fix-right')).toBeNull();
  });
});
