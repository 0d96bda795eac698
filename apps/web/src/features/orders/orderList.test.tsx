import { ORDER_LIST_ROUTES, ORDER_STATUSES } from '@parcelport/shared';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { catalogueOf } from '../../locales/catalogue';
import { useSessionStore } from '../../stores/session';
import { callsOf, envelope, on } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { detailOf, listItem } from '../../test/shipmentFixtures';
import { expectTableFits } from '../../test/tableWidth';
import { listConfigFor } from './OrderList';
import { headers, listCalls, orders, stubList } from './orderListFixtures';

const enUS = catalogueOf('en-US');
const zhCN = catalogueOf('zh-CN');

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

describe('order list: live orders, or test data alone (issue 31)', () => {
  const paramsOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);

  it('asks for live orders by default; the Test data switch asks for the test ones alone, says so above the list, and the export follows it', async () => {
    const { calls } = stubList({ [on(volumeContracts.exportOrders.app)]: new Response(new Uint8Array([80, 75])) });
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-row-PP-DRAFT');
    // Live: the server's default for a signed-in session, so nothing more is asked.
    expect(listCalls(calls)[0]?.url).toBe('/api/app/order/orders?page=1&pageSize=50');
    expect(screen.queryByTestId('orders-test-banner')).toBeNull();
    const toggle = screen.getByTestId('orders-test-data');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Test data' })).toBe(toggle);

    fireEvent.click(toggle);
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/app/order/orders?mode=test&page=1&pageSize=50'),
    );
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('orders-test-banner').textContent).toBe(
      'You are viewing test data: test orders only, which never ship and cost nothing. Downloads and exports hold test orders too. Turn off Test data to see your live orders.',
    );
    // The filters keep to the mode the switch chose.
    fireEvent.change(screen.getByTestId('orders-keyword'), { target: { value: 'PP-BOUGHT' } });
    fireEvent.click(screen.getByTestId('orders-search'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/app/order/orders?keyword=PP-BOUGHT&mode=test&page=1&pageSize=50'),
    );
    fireEvent.click(screen.getByTestId('volume-export'));
    await waitFor(() => expect(callsOf(calls, volumeContracts.exportOrders.app)).toHaveLength(1));
    expect(paramsOf(callsOf(calls, volumeContracts.exportOrders.app)[0]?.url)).toEqual({
      keyword: 'PP-BOUGHT',
      mode: 'test',
    });

    // Off again: live orders, and no banner.
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toBe('/api/app/order/orders?keyword=PP-BOUGHT&page=1&pageSize=50'),
    );
    expect(screen.queryByTestId('orders-test-banner')).toBeNull();
  });

  it("opens on test data from a link's ?mode=test (a test batch's drafts): asks for them, says so, the switch on", async () => {
    const { calls } = stubList();
    renderApp('/shipments/draft?batchNo=B2026010100002&mode=test');
    await screen.findByTestId('orders-test-banner');
    expect(listCalls(calls)[0]?.url).toBe(
      '/api/app/order/orders?batchNo=B2026010100002&mode=test&status=0&page=1&pageSize=50',
    );
    expect(screen.getByTestId('orders-test-data').getAttribute('aria-checked')).toBe('true');
  });

  it('names the switch and the banner in Chinese too', async () => {
    await changeLocale('zh-CN');
    try {
      stubList();
      renderApp('/shipments/allWaybills');
      await screen.findByTestId('order-row-PP-DRAFT');
      expect(screen.getByRole('switch', { name: zhCN['testData.switch'] })).toBeTruthy();
      fireEvent.click(screen.getByTestId('orders-test-data'));
      expect((await screen.findByTestId('orders-test-banner')).textContent).toBe(zhCN['testData.banner']);
      expect(zhCN['testData.switch']).not.toBe(enUS['testData.switch']);
    } finally {
      await changeLocale('en-US');
    }
  });
});

describe('order list: the route decides the status', () => {
  it('maps every list route of docs/spec.md §2 to its status', () => {
    expect(
      Object.fromEntries(ORDER_LIST_ROUTES.map((route) => [route.name, listConfigFor(route.name).status])),
    ).toEqual({
      allWaybills: null,
      draft: 0,
      transported: 1,
      transportation: 2,
      Delivered: 3,
      cancelWaybill: 4,
      failWaybill: 5,
      canceled: 6,
      VoidedAll: 15,
      isRefuse: 16,
      placingOrder: 17,
    });
    expect(listConfigFor('failWaybill').operations).toBe(false);
    expect(listConfigFor('VoidedAll').operations).toBe(false);
    expect(listConfigFor('transported')).toMatchObject({ operations: true, bulk: ['cancel'] });
    expect(listConfigFor('canceled').bulk).toEqual(['restore']);
  });

  it('/shipments/failWaybill asks for status 5, hides the operations column and shows the reason', async () => {
    const { calls } = stubList();
    renderApp('/shipments/failWaybill');
    const row = await screen.findByTestId('order-row-PP-FAILED');
    expect(listCalls(calls)[0]?.url).toBe('/api/app/order/orders?status=5&page=1&pageSize=50');
    expect(headers()).not.toContain('Actions');
    expect(headers()).not.toContain('Status');
    expect(screen.queryByTestId('orders-status')).toBeNull();
    expect(within(row).getByTestId('order-fail-reason').textContent).toBe('Failed: carrier error: timeout');
    expect(screen.getByTestId('breadcrumb-failWaybill').textContent).toBe('Failed');
    expect(screen.getByTestId('orders-bulk-backToDraft')).toBeTruthy();
  });

  it('fits its own columns in a 1440 px screen on every list route; the tracking number under the order number', async () => {
    stubList();
    for (const route of ['allWaybills', 'draft', 'transported', 'failWaybill']) {
      const view = renderApp(`/shipments/${route}`);
      await screen.findAllByTestId(/^order-row-/);
      expectTableFits();
      if (route === 'allWaybills') {
        expect(headers()).not.toContain('Tracking no.');
        const bought = within(screen.getByTestId('order-row-PP-BOUGHT'));
        expect(bought.getByTestId('order-tracking-line').textContent).toBe('1Z 999 AA1 01 2345 678 4');
      }
      view.unmount();
    }
  });

  it('tags a return label\'s row "Return", and no outbound label\'s', async () => {
    const list = [orders[1], listItem({ id: 7, orderNo: 'PP-RETURN', status: 1, kind: 'return' })];
    stubList({
      [on(ordersContracts.listOrders.app)]: envelope(200, { list, total: list.length, page: 1, pageSize: 50 }),
    });
    renderApp('/shipments/allWaybills');
    const row = await screen.findByTestId('order-row-PP-RETURN');
    expect(within(row).getByTestId('order-return-tag').textContent).toBe('Return');
    expect(within(screen.getByTestId('order-row-PP-BOUGHT')).queryByTestId('order-return-tag')).toBeNull();
  });

  it('/shipments/allWaybills asks for every status, with a status filter and column', async () => {
    const { calls } = stubList();
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-row-PP-DRAFT');
    expect(listCalls(calls)[0]?.url).toBe('/api/app/order/orders?page=1&pageSize=50');
    expect(headers()).toContain('Status');
    expect(headers()).toContain('Actions');
    expect(within(screen.getByTestId('order-row-PP-REJECTED')).getByTestId('order-status').textContent).toBe(
      'Rejected or cancelled',
    );
    expect(within(screen.getByTestId('order-row-PP-REJECTED')).getByTestId('order-audit-info').textContent).toBe(
      'Review: Label already scanned by the carrier',
    );
    const bought = screen.getByTestId('order-row-PP-BOUGHT');
    expect(bought.textContent).toContain('1Z 999 AA1 01 2345 678 4');

    // antd's hidden row measuring the columns holds a copy of the select-all checkbox: it is inert, so Tab
    // never lands inside aria-hidden (axe: aria-hidden-focus); the header's own checkbox is not.
    const measureRows = document.querySelectorAll('.ant-table-measure-row');
    expect(measureRows.length).toBeGreaterThan(0);
    for (const row of measureRows) expect(row.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.ant-table-thead input[type="checkbox"]')?.closest('[inert]')).toBeNull();

    // Filters: keyword, status, channel and batch go to the server with the first page.
    fireEvent.change(screen.getByTestId('orders-keyword'), { target: { value: ' PP-BOUGHT ' } });
    fireEvent.change(screen.getByTestId('orders-batch'), { target: { value: 'B-7' } });
    fireEvent.click(screen.getByTestId('orders-search'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('keyword=PP-BOUGHT'));
    expect(listCalls(calls).at(-1)?.url).toBe('/api/app/order/orders?keyword=PP-BOUGHT&batchNo=B-7&page=1&pageSize=50');
  });

  it('reads the demo channel and service, seeded in Chinese, in English', async () => {
    const seeded = listItem({
      id: 7,
      orderNo: 'PP-DEMO',
      status: 1,
      carrierCode: 'USPS',
      serviceName: 'USPS Ground Advantage（演示）',
    });
    stubList({
      [on(channelsContracts.myServices)]: envelope(200, [
        {
          channelId: 1,
          channelName: '演示 USPS',
          serviceId: 1,
          serviceCode: 'USPS_GROUND_ADVANTAGE',
          serviceName: 'USPS Ground Advantage（演示）',
          carrierCode: 'USPS',
        },
      ]),
      [on(ordersContracts.listOrders.app)]: envelope(200, { list: [seeded], total: 1, page: 1, pageSize: 50 }),
    });
    renderApp('/shipments/allWaybills');
    const row = await screen.findByTestId('order-row-PP-DEMO');
    expect(row.textContent).toContain('USPS Ground Advantage (Demo)');
    expect(row.textContent).not.toContain('演示');
    fireEvent.mouseDown(within(screen.getByTestId('orders-channel')).getByRole('combobox'));
    expect(await screen.findByTitle('Demo USPS')).toBeTruthy();
  });

  it('switching between list routes keeps one screen and asks for the new status', async () => {
    const { calls } = stubList();
    const { router } = renderApp('/shipments/transported');
    await screen.findByTestId('order-row-PP-BOUGHT');
    expect(listCalls(calls).at(-1)?.url).toContain('status=1&');
    expect(screen.getByTestId('order-list-page').dataset.route).toBe('transported');
    await router.navigate('/shipments/canceled');
    await screen.findByTestId('order-row-PP-CANCELLING');
    expect(listCalls(calls).at(-1)?.url).toContain('status=6&');
    expect(screen.getByTestId('order-list-page').dataset.route).toBe('canceled');
    expect(screen.queryByTestId('orders-bulk-cancel')).toBeNull();
    expect(screen.getByTestId('orders-bulk-restore')).toBeTruthy();
    await router.navigate('/shipments/draft');
    await screen.findByTestId('order-row-PP-DRAFT');
    expect(listCalls(calls).at(-1)?.url).toContain('status=0&');
  });
});

describe('order list: actions by state', () => {
  it('offers per row what the state allows', async () => {
    stubList();
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-row-PP-DRAFT');
    const actions = (orderNo: string) =>
      within(screen.getByTestId(`order-row-${orderNo}`))
        .queryAllByTestId(/^order-action-/)
        .map((node) => node.dataset.testid?.replace('order-action-', ''));
    expect(actions('PP-DRAFT')).toEqual(['edit', 'copy', 'detail']);
    expect(actions('PP-BOUGHT')).toEqual(['download', 'tracking-link', 'cancel', 'copy', 'detail']);
    expect(actions('PP-FAILED')).toEqual(['edit', 'back-to-draft', 'copy', 'detail']);
    expect(actions('PP-CANCELLING')).toEqual(['download', 'tracking-link', 'restore', 'copy', 'detail']);
    expect(actions('PP-REJECTED')).toEqual(['copy', 'detail']);
    expect(actions('PP-VOIDED')).toEqual(['back-to-draft', 'copy', 'detail']);
  });

  it('cancels a bought label after confirmation and reports the outcome', async () => {
    const { calls } = stubList({ [on(ordersContracts.cancelOrders)]: envelope(200, [{ id: 2, ok: true }]) });
    renderApp('/shipments/transported');
    const row = await screen.findByTestId('order-row-PP-BOUGHT');
    fireEvent.click(within(row).getByTestId('order-action-cancel'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    expect((await screen.findByTestId('order-action-done')).textContent).toBe('Cancellation requested: 1');
    expect(calls.find((call) => call.url === '/api/app/order/cancel')?.body).toEqual({ ids: [2] });
  });

  it('runs a batch action on the selection and lists the orders it could not do', async () => {
    const { calls } = stubList({
      [on(ordersContracts.backToDraft)]: envelope(200, [
        { id: 3, ok: true },
        { id: 6, ok: false, message: 'The order cannot do this in its current state' },
      ]),
    });
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-row-PP-FAILED');
    expect((screen.getByTestId('orders-bulk-backToDraft') as HTMLButtonElement).disabled).toBe(true);
    for (const orderNo of ['PP-FAILED', 'PP-VOIDED']) {
      fireEvent.click(within(screen.getByTestId(`order-row-${orderNo}`)).getByRole('checkbox'));
    }
    expect(screen.getByTestId('orders-selected').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('orders-bulk-backToDraft'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    const failures = await screen.findByTestId('order-action-failures');
    expect(failures.textContent).toBe('PP-VOIDED: The order cannot do this in its current state');
    expect(calls.find((call) => call.url === '/api/app/order/backToDraft')?.body).toEqual({ ids: [3, 6] });
    expect(screen.getAllByText('1 done, 1 could not be processed').length).toBeGreaterThan(0);
  });

  it('downloads the label PDF named by tracking number when the user picks it', async () => {
    const { calls } = stubList({
      [on(ordersContracts.downloadLabel.app)]: new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="1Z999AA10123456784.pdf"',
        },
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/shipments/transported');
    const row = await screen.findByTestId('order-row-PP-BOUGHT');
    fireEvent.click(screen.getByTestId('label-name-by-trackingNo'));
    fireEvent.click(within(row).getByTestId('order-action-download'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((call) => call.url.startsWith('/api/app/order/label/down'))?.url).toBe(
      '/api/app/order/label/down?id=2&nameBy=trackingNo&format=pdf',
    );
  });

  it('copies an order to a new draft and opens it', async () => {
    const { calls } = stubList({
      [on(ordersContracts.copyOrder.app)]: envelope(200, { orderId: 77, orderNo: 'PP-COPY' }),
      [on(ordersContracts.getOrder.app, { id: 77 })]: envelope(200, detailOf({ id: 77, orderNo: 'PP-COPY' })),
    });
    const { router } = renderApp('/shipments/isRefuse');
    const row = await screen.findByTestId('order-row-PP-REJECTED');
    fireEvent.click(within(row).getByTestId('order-action-copy'));
    await waitFor(() => expect(pathOf(router)).toBe('/shipments/newOrder?orderId=77'));
    expect(calls.find((call) => call.url === '/api/app/order/order/copy')?.body).toEqual({ id: 5 });
    expect((await screen.findByTestId('editing-order')).textContent).toContain('PP-COPY');
  });
});

describe('order labels in both languages', () => {
  it('has every status, battery, signature and action label', () => {
    const keys = [
      ...ORDER_STATUSES.map((status) => `orderStatus.${status}`),
      ...ORDER_LIST_ROUTES.map((route) => `menu.shipments.${route.name}`),
      ...['cancel', 'restore', 'backToDraft'].flatMap((action) => [
        `orderAction.${action}`,
        `orderAction.${action}.confirm`,
        `orderAction.${action}.done`,
      ]),
      ...['base', 'fuel', 'residential', 'oversize', 'remote'].map((part) => `rates.breakdown.${part}`),
    ];
    for (const messages of [zhCN, enUS] as Record<string, string>[]) {
      expect(keys.filter((key) => !messages[key])).toEqual([]);
    }
  });
});
