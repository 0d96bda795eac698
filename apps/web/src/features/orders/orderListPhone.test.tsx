import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  envelope,
  inEnglishWithToken,
  on,
  type StubbedCall,
  sampleUser,
  setWindowWidth,
  stubFetch,
} from '../../test/helpers';
import { renderApp } from '../../test/render';
import { listItem } from '../../test/shipmentFixtures';

/**
 * Issue 26: at 390 px the order list was a table scrolling sideways (status off screen, actions clipped) under
 * five filters and eleven batch buttons. A phone gets one card per order, the filters in a drawer and the batch
 * tools behind one Actions button; a desktop keeps its table.
 */

inEnglishWithToken('customer-token');

afterEach(() => setWindowWidth(1024));

const orders = [
  listItem({ id: 1, orderNo: 'PP-DRAFT', status: 0, toPersonName: 'Ada Draft', toAddress: '1 Main St, Austin, TX' }),
  listItem({
    id: 2,
    orderNo: 'PP-BOUGHT',
    status: 1,
    tackNo: '1Z999AA10123456784',
    carrierCode: 'UPS',
    serviceName: 'UPS Ground',
  }),
  listItem({ id: 6, orderNo: 'PP-VOIDED', status: 15 }),
];

function stubList() {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(ordersContracts.backToDraft)]: envelope(200, [{ id: 6, ok: true }]),
    [on(ordersContracts.listOrders.app)]: (call: StubbedCall) => {
      const keyword = new URL(call.url, 'http://x').searchParams.get('keyword');
      const list = keyword ? orders.filter((order) => order.orderNo === keyword) : orders;
      return envelope(200, { list, total: list.length, page: 1, pageSize: 50 });
    },
  });
}

const card = (orderNo: string) => within(screen.getByTestId(`order-card-${orderNo}`));
const listCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url.startsWith('/api/app/order/orders'));
/** Whether an element stands in an antd drawer that is open. */
const inOpenDrawer = (element: HTMLElement) =>
  element.closest('.ant-drawer')?.classList.contains('ant-drawer-open') ?? false;

describe('order list on a phone (390 px)', () => {
  it('shows each order as a card: order no., status, recipient, service and its actions as full buttons', async () => {
    setWindowWidth(390);
    stubList();
    renderApp('/shipments/allWaybills');
    const bought = await screen.findByTestId('order-card-PP-BOUGHT');
    expect(document.querySelector('.ant-table')).toBeNull();

    expect(card('PP-BOUGHT').getByTestId('order-no').textContent).toBe('PP-BOUGHT');
    expect(card('PP-BOUGHT').getByTestId('order-status').textContent).toBe('Pending transport');
    expect(card('PP-DRAFT').getByTestId('order-status').textContent).toBe('Draft');
    expect(card('PP-BOUGHT').getByTestId('order-tracking-line').textContent).toBe('1Z 999 AA1 01 2345 678 4');
    const recipient = card('PP-DRAFT').getByTestId('order-card-recipient');
    expect(recipient.textContent).toContain('Recipient: Ada Draft · 10118');
    expect(within(recipient).getByText('1 Main St, Austin, TX')).toBeTruthy();
    expect(card('PP-BOUGHT').getByTestId('order-card-service').textContent).toBe('Service: UPS Ground · UPS');

    // The row's actions, each a button of full size with its whole name (not links squeezed into a cell).
    const actions = within(bought)
      .getAllByRole('button')
      .filter((button) => button.dataset.testid?.startsWith('order-action-'));
    expect(actions.map((button) => button.textContent)).toEqual([
      'Label PDF',
      'Tracking link',
      'Cancel / void',
      'Copy to draft',
    ]);
    for (const button of actions) {
      expect(button.className).not.toContain('ant-btn-sm');
      expect(button.className).not.toContain('ant-btn-link');
    }

    // The first order comes first: the filters and the batch tools wait, closed, behind two buttons.
    expect(screen.getByTestId('orders-filters-open').textContent).toBe('Filters');
    expect(screen.getByTestId('orders-actions-open').textContent).toBe('Actions');
    expect(inOpenDrawer(screen.getByTestId('orders-keyword'))).toBe(false);
    expect(inOpenDrawer(screen.getByTestId('volume-toolbar'))).toBe(false);
  });

  it('filters in a drawer, which closes on search; the Filters button counts what is active', async () => {
    setWindowWidth(390);
    const { calls } = stubList();
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-card-PP-DRAFT');
    fireEvent.click(screen.getByTestId('orders-filters-open'));
    await waitFor(() => expect(inOpenDrawer(screen.getByTestId('orders-keyword'))).toBe(true));
    fireEvent.change(screen.getByTestId('orders-keyword'), { target: { value: 'PP-BOUGHT' } });
    fireEvent.change(screen.getByTestId('orders-batch'), { target: { value: 'B-7' } });
    fireEvent.click(screen.getByTestId('orders-search'));

    await waitFor(() => expect(screen.queryByTestId('order-card-PP-DRAFT')).toBeNull());
    expect(screen.getByTestId('order-card-PP-BOUGHT')).toBeTruthy();
    expect(listCalls(calls).at(-1)?.url).toBe('/api/app/order/orders?keyword=PP-BOUGHT&batchNo=B-7&page=1&pageSize=50');
    await waitFor(() => expect(inOpenDrawer(screen.getByTestId('orders-keyword'))).toBe(false));
    expect(screen.getByTestId('orders-filters-open').textContent).toBe('Filters (2)');

    fireEvent.click(screen.getByTestId('orders-filters-open'));
    fireEvent.click(screen.getByTestId('orders-reset'));
    expect(await screen.findByTestId('order-card-PP-DRAFT')).toBeTruthy();
    expect(screen.getByTestId('orders-filters-open').textContent).toBe('Filters');
  });

  it('selects cards for a batch action taken from the Actions drawer', async () => {
    setWindowWidth(390);
    const { calls } = stubList();
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-card-PP-VOIDED');
    fireEvent.click(card('PP-VOIDED').getByRole('checkbox', { name: 'Select PP-VOIDED' }));
    expect(screen.getAllByTestId('orders-selected')[0]?.textContent).toBe('1 selected');

    fireEvent.click(screen.getByTestId('orders-actions-open'));
    const bulkBack = screen.getByTestId('orders-bulk-backToDraft') as HTMLButtonElement;
    await waitFor(() => expect(inOpenDrawer(bulkBack)).toBe(true));
    expect(bulkBack.disabled).toBe(false);
    fireEvent.click(bulkBack);
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/app/order/backToDraft')?.body).toEqual({ ids: [6] }),
    );
  });

  it('keeps the table on a desktop, its filters and batch tools in the page', async () => {
    stubList();
    renderApp('/shipments/allWaybills');
    const row = await screen.findByTestId('order-row-PP-BOUGHT');
    expect(within(row).getByTestId('order-status').textContent).toBe('Pending transport');
    expect(screen.queryByTestId('order-cards')).toBeNull();
    expect(screen.queryByTestId('orders-filters-open')).toBeNull();
    expect(screen.getByTestId('orders-keyword').closest('.ant-drawer')).toBeNull();
    expect(screen.getByTestId('volume-toolbar').closest('.ant-drawer')).toBeNull();
  });
});
