/**
 * Issue 30 saved views of the order list: picking one brings back its filters and columns, the list as it is
 * now is saved under a name (shared with the team or not), and one's own views are renamed and deleted while a
 * teammate's shared one is only used.
 */
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as preferencesContracts from '@parcelport/shared/contracts/preferences/index';
import * as viewsContracts from '@parcelport/shared/contracts/saved-views/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedView } from '../../api/savedViews';
import {
  callsOf,
  chooseOption,
  envelope,
  inEnglishWithToken,
  on,
  type StubbedCall,
  sampleUser,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { renderApp } from '../../test/render';
import { DEMO_UPS_GROUND, listItem } from '../../test/shipmentFixtures';

inEnglishWithToken('customer-token');

const view = (overrides: Partial<SavedView> = {}): SavedView => ({
  id: 21,
  name: 'Gifts to UPS',
  shared: false,
  mine: true,
  state: {
    filters: { keyword: 'gift', channelId: 4 },
    columns: ['orderNo', 'recipient', 'charges'],
    sort: null,
  },
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});
const teammates = view({
  id: 22,
  name: 'Held today',
  mine: false,
  shared: true,
  state: { filters: { status: 0 }, columns: [], sort: null },
});

function stubList(views: SavedView[][], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, [DEMO_UPS_GROUND]),
    [on(ordersContracts.listOrders.app)]: envelope(200, {
      list: [listItem({ id: 1, orderNo: 'PP-GIFT', status: 0 })],
      total: 1,
      page: 1,
      pageSize: 50,
    }),
    [on(preferencesContracts.getTableSettings, { list: 'orders' })]: envelope(200, null),
    [on(preferencesContracts.saveTableSettings, { list: 'orders' })]: (call: StubbedCall) => envelope(200, call.body),
    [on(viewsContracts.listOrderViews)]: views.map((list) => envelope(200, list)),
    ...extra,
  });
}

const listCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url.startsWith('/api/app/order/orders'));
const headers = () =>
  Array.from(document.querySelectorAll('.ant-table-thead th'))
    .map((cell) => cell.textContent ?? '')
    .filter(Boolean);

/** Saves the list as it is now under `name` (not shared): what the first save sent. */
async function savedAs(calls: StubbedCall[], name: string) {
  fireEvent.click(screen.getByTestId('orders-view-save'));
  typeInto('view-name', name);
  fireEvent.click(screen.getByTestId('view-save-confirm'));
  await waitFor(() => expect(callsOf(calls, viewsContracts.saveOrderView)).toHaveLength(1));
  return callsOf(calls, viewsContracts.saveOrderView)[0]?.body;
}

describe('saved views of the order list', () => {
  it('picking a view brings back its filters and shows only its columns', async () => {
    const { calls } = stubList([[view(), teammates]]);
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-row-PP-GIFT');
    expect(headers()).toContain('Service');

    await chooseOption('orders-view', 'Gifts to UPS');
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('keyword=gift'));
    expect(listCalls(calls).at(-1)?.url).toContain('channelId=4');
    expect((screen.getByTestId('orders-keyword') as HTMLInputElement).value).toBe('gift');
    await waitFor(() => expect(headers()).not.toContain('Service'));
    expect(headers()).toEqual(['Order no.', 'Recipient', 'Rate']);
    // The arrangement is kept for the person, the view's columns first and shown, the others hidden.
    const kept = callsOf(calls, preferencesContracts.saveTableSettings, { list: 'orders' }).at(-1)?.body as {
      columns: { key: string; visible: boolean }[];
    };
    expect(kept.columns.filter((column) => column.visible).map((column) => column.key)).toEqual([
      'orderNo',
      'recipient',
      'charges',
    ]);
    // A teammate's shared view is offered, marked as the team's.
    await chooseOption('orders-view', 'Held today · Team');
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('status=0'));
    expect(listCalls(calls).at(-1)?.url).not.toContain('keyword');
  });

  it('saves the current filters and columns under a name, shared with the team', async () => {
    const saved = view({
      id: 30,
      name: 'Morning run',
      shared: true,
      state: { filters: { keyword: 'rush' }, columns: [], sort: null },
    });
    const { calls } = stubList([[], [saved]], { [on(viewsContracts.saveOrderView)]: envelope(200, saved) });
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-row-PP-GIFT');
    fireEvent.change(screen.getByTestId('orders-keyword'), { target: { value: 'rush' } });
    fireEvent.click(screen.getByTestId('orders-search'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('keyword=rush'));

    fireEvent.click(screen.getByTestId('orders-view-save'));
    typeInto('view-name', 'Morning run');
    fireEvent.click(screen.getByTestId('view-shared'));
    fireEvent.click(screen.getByTestId('view-save-confirm'));
    await waitFor(() => expect(callsOf(calls, viewsContracts.saveOrderView)).toHaveLength(1));
    const body = callsOf(calls, viewsContracts.saveOrderView)[0]?.body as {
      name: string;
      shared: boolean;
      state: { filters: object; columns: string[]; sort: null };
    };
    expect(body).toMatchObject({
      name: 'Morning run',
      shared: true,
      state: { filters: { keyword: 'rush' }, sort: null },
    });
    // The columns shown now, in their order (the list's own arrangement: the hidden ones left out).
    expect(body.state.columns[0]).toBe('orderNo');
    expect(body.state.columns).toContain('charges');
    expect(body.state.columns).not.toContain('tackNo');
    expect((await screen.findByTestId('view-saved')).textContent).toBe('View "Morning run" saved');
  });

  it('sorts oldest first from the creation column, keeps the sort in a saved view, and a view brings it back', async () => {
    const saved = view({
      id: 31,
      name: 'Oldest first',
      state: { filters: {}, columns: [], sort: { field: 'createdAt', order: 'ascend' } },
    });
    const { calls } = stubList([[], [saved]], { [on(viewsContracts.saveOrderView)]: envelope(200, saved) });
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-row-PP-GIFT');
    expect(listCalls(calls).at(-1)?.url).not.toContain('sort=');
    const created = () =>
      Array.from(document.querySelectorAll<HTMLElement>('.ant-table-thead th')).find(
        (cell) => cell.textContent === 'Created',
      ) as HTMLElement;
    expect(created().getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(created());
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('sort=oldest'));
    expect(created().getAttribute('aria-sort')).toBe('ascending');
    expect(await savedAs(calls, 'Oldest first')).toMatchObject({
      state: { sort: { field: 'createdAt', order: 'ascend' } },
    });

    // A click turns it back to newest first (never unsorted); the saved view sorts oldest first again.
    fireEvent.click(created());
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).not.toContain('sort='));
    expect(created().getAttribute('aria-sort')).toBe('descending');
    await chooseOption('orders-view', 'Oldest first');
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('sort=oldest'));
  });

  it('keeps the Test data switch in a saved view, and a view without it shows live orders', async () => {
    const testView = view({
      id: 32,
      name: 'Sandbox',
      state: { filters: { mode: 'test', keyword: 'gift' }, columns: [], sort: null },
    });
    const { calls } = stubList(
      [
        [testView, teammates],
        [testView, teammates],
      ],
      {
        [on(viewsContracts.saveOrderView)]: envelope(200, testView),
      },
    );
    renderApp('/shipments/allWaybills');
    await screen.findByTestId('order-row-PP-GIFT');
    expect(listCalls(calls).at(-1)?.url).not.toContain('mode=');

    await chooseOption('orders-view', 'Sandbox');
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('mode=test'));
    expect(listCalls(calls).at(-1)?.url).toContain('keyword=gift');
    expect(screen.getByTestId('orders-test-data').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('orders-test-banner')).toBeTruthy();

    expect(await savedAs(calls, 'Sandbox')).toMatchObject({
      state: { filters: { keyword: 'gift', mode: 'test' } },
    });

    // A view without a mode (live, or saved before test data had a switch) turns it off.
    await chooseOption('orders-view', 'Held today · Team');
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('status=0'));
    expect(listCalls(calls).at(-1)?.url).not.toContain('mode=');
    expect(screen.getByTestId('orders-test-data').getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTestId('orders-test-banner')).toBeNull();
  });

  it("renames and deletes one's own view; a teammate's shared one cannot be changed", async () => {
    const { calls } = stubList([[view(), teammates]], {
      [on(viewsContracts.updateOrderView, { id: 21 })]: envelope(200, view({ name: 'Gifts (UPS)' })),
      [on(viewsContracts.deleteOrderView, { id: 21 })]: envelope(200, { deleted: 1 }),
    });
    renderApp('/shipments/allWaybills');
    fireEvent.click(await screen.findByTestId('orders-view-manage'));
    const table = await screen.findByTestId('views-table');
    expect(within(table).queryByTestId('view-delete-22')).toBeNull();
    expect(within(table).queryByTestId('view-shared-22')).toBeNull();

    fireEvent.click(within(screen.getByTestId('view-name-21')).getByRole('button'));
    const editor = await within(table).findByRole('textbox');
    fireEvent.change(editor, { target: { value: 'Gifts (UPS)' } });
    fireEvent.keyDown(editor, { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(editor, { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(callsOf(calls, viewsContracts.updateOrderView, { id: 21 })[0]?.body).toEqual({ name: 'Gifts (UPS)' }),
    );

    fireEvent.click(within(table).getByTestId('view-shared-21'));
    await waitFor(() =>
      expect(callsOf(calls, viewsContracts.updateOrderView, { id: 21 })[1]?.body).toEqual({ shared: true }),
    );

    fireEvent.click(within(table).getByTestId('view-delete-21'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(callsOf(calls, viewsContracts.deleteOrderView, { id: 21 })).toHaveLength(1));
  });
});
