import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch } from '../../../test/helpers';
import { renderApp } from '../../../test/render';

const admin = sampleUser({
  id: 1,
  username: 'admin@example.com',
  role: ['menuSystem', 'adminChannel', 'adminList', 'orderList', 'getComputeInfo'],
  roleCodes: ['administrator'],
});

const order = (overrides: Record<string, unknown> = {}) => ({
  id: 31,
  orderId: 31,
  orderNo: 'PP2026000031',
  tackNo: '1Z999AA10123456784',
  batchNo: null,
  status: 6,
  userId: 9,
  channelId: 3,
  serviceId: 42,
  serviceName: 'UPS Ground (Demo)',
  carrierCode: 'UPS',
  serviceCode: 'UPS_GROUND',
  rate: '12.30',
  insuranceFee: '0.00',
  insurance: '0.00',
  earnest: '1.00',
  zone: 8,
  toPersonName: 'Ada Buyer',
  toZipCode: '10118',
  toAddress: '350 5th Ave, New York, NY',
  fromPersonName: 'Shop',
  fromZipCode: '90210',
  fromAddress: '1 Main St, Beverly Hills, CA',
  reference1: '',
  reference2: '',
  remark: '',
  auditInfo: '',
  failReason: '',
  isTest: false,
  kind: 'label',
  labelSize: '4x6',
  createdAt: '2026-03-01T10:00:00.000Z',
  createdTime: '2026-03-01T10:01:00.000Z',
  shipDate: null,
  billedCost: null,
  billedAt: null,
  earnestReleasedAt: null,
  ...overrides,
});

inEnglishWithToken('admin-token');

function stubAdmin(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, admin),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.listChannels)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 9999999 }),
    [on(ordersContracts.listOrders.admin)]: envelope(200, { list: [order()], total: 1, page: 1, pageSize: 50 }),
    ...extra,
  });
}

describe('all waybills', () => {
  it('asks for live waybills by default; the Test data switch asks for the test ones alone with a banner, and the export follows it', async () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:x' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
    const { calls } = stubAdmin({
      [on(ordersContracts.listOrders.admin)]: (call: { url: string }) =>
        envelope(200, {
          list: call.url.includes('mode=test') ? [order({ id: 34, orderNo: 'PP2026000034', isTest: true })] : [order()],
          total: 1,
          page: 1,
          pageSize: 50,
        }),
      [on(volumeContracts.exportOrders.admin)]: new Response(new Uint8Array([80, 75])),
    });
    const listCalls = () => callsOf(calls, ordersContracts.listOrders.admin);
    renderApp('/adminSettings/allWaybills');
    await screen.findByTestId('order-row-PP2026000031');
    expect(listCalls()[0]?.url).toBe('/api/admin/order/orders?page=1&pageSize=50');
    expect(screen.queryByTestId('waybills-test-banner')).toBeNull();

    fireEvent.click(screen.getByTestId('waybills-test-data'));
    const row = await screen.findByTestId('order-row-PP2026000034');
    expect(listCalls().at(-1)?.url).toBe('/api/admin/order/orders?mode=test&page=1&pageSize=50');
    expect(screen.queryByTestId('order-row-PP2026000031')).toBeNull();
    expect(within(row).getByText('Test')).toBeTruthy();
    expect(screen.getByTestId('waybills-test-banner').textContent).toContain('You are viewing test data');

    fireEvent.click(screen.getByTestId('waybills-export'));
    await waitFor(() => expect(callsOf(calls, volumeContracts.exportOrders.admin)).toHaveLength(1));
    expect(callsOf(calls, volumeContracts.exportOrders.admin)[0]?.url).toBe('/api/admin/order/order/down?mode=test');

    fireEvent.click(screen.getByTestId('waybills-test-data'));
    await screen.findByTestId('order-row-PP2026000031');
    expect(listCalls().at(-1)?.url).toBe('/api/admin/order/orders?page=1&pageSize=50');
    expect(screen.queryByTestId('waybills-test-banner')).toBeNull();
  });

  it('asks for a reason before rejecting a cancellation, then sends it', async () => {
    const { calls } = stubAdmin({ [on(ordersContracts.auditCancel)]: envelope(200, null) });
    renderApp('/adminSettings/allWaybills');
    const row = await screen.findByTestId('order-row-PP2026000031');
    fireEvent.click(within(row).getByTestId('action-audit'));
    const modal = await screen.findByTestId('audit-modal');
    fireEvent.click(within(modal).getByTestId('audit-reject'));
    await within(modal).findByTestId('audit-reason');

    fireEvent.click(screen.getByTestId('audit-ok'));
    expect(await within(modal).findByText('A reason is required to reject')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/admin/order/orders/cancelAudit')).toBe(false);

    // Blank space is no reason either.
    fireEvent.change(within(modal).getByTestId('audit-reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('audit-ok'));

    fireEvent.change(within(modal).getByTestId('audit-reason'), { target: { value: 'Already picked up by UPS' } });
    fireEvent.click(screen.getByTestId('audit-ok'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/order/orders/cancelAudit')).toBe(true));
    // The only call is the one with the reason: the blank reason sent nothing (its call would have come first).
    expect(calls.filter((call) => call.url === '/api/admin/order/orders/cancelAudit').map((call) => call.body)).toEqual(
      [{ id: 31, approve: false, reason: 'Already picked up by UPS' }],
    );
    expect(await screen.findByTestId('audit-done')).toBeTruthy();
  });

  it('approves a cancellation without a reason', async () => {
    const { calls } = stubAdmin({ [on(ordersContracts.auditCancel)]: envelope(200, null) });
    renderApp('/adminSettings/allWaybills');
    const row = await screen.findByTestId('order-row-PP2026000031');
    fireEvent.click(within(row).getByTestId('action-audit'));
    await screen.findByTestId('audit-modal');
    fireEvent.click(screen.getByTestId('audit-ok'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/admin/order/orders/cancelAudit')?.body).toEqual({
        id: 31,
        approve: true,
      }),
    );
  });

  it('tags a return label\'s row "Return", and no outbound label\'s', async () => {
    const list = [order(), order({ id: 33, orderNo: 'PP2026000033', status: 1, kind: 'return' })];
    stubAdmin({ [on(ordersContracts.listOrders.admin)]: envelope(200, { list, total: 2, page: 1, pageSize: 50 }) });
    renderApp('/adminSettings/allWaybills');
    const row = await screen.findByTestId('order-row-PP2026000033');
    expect(within(row).getByTestId('order-return-tag').textContent).toBe('Return');
    expect(within(screen.getByTestId('order-row-PP2026000031')).queryByTestId('order-return-tag')).toBeNull();
  });

  it('sends the filters and shows the penalty a bill settlement answers', async () => {
    const { calls } = stubAdmin({
      [on(ordersContracts.listOrders.admin)]: envelope(200, {
        list: [
          order({
            status: 2,
            orderNo: 'PP2026000032',
            id: 32,
            customer: { account: 'grace@shop.test', name: 'Grace Buyer' },
          }),
        ],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
      [on(ordersContracts.settleBill)]: envelope(200, { difference: '3.40', penalty: '5.00' }),
    });
    renderApp('/adminSettings/allWaybills');
    const row = await screen.findByTestId('order-row-PP2026000032');
    // The customer by account and name, not a bare id.
    expect(within(row).getByText('grace@shop.test')).toBeTruthy();
    expect(within(row).getByText('Grace Buyer')).toBeTruthy();

    fireEvent.change(screen.getByTestId('waybills-keyword'), { target: { value: '1Z999' } });
    fireEvent.click(screen.getByTestId('waybills-search'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('keyword=1Z999'))).toBe(true));
    expect(calls.find((call) => call.url.includes('keyword=1Z999'))?.url).toBe(
      '/api/admin/order/orders?keyword=1Z999&page=1&pageSize=50',
    );

    fireEvent.click(within(row).getByTestId('action-more'));
    fireEvent.click(await screen.findByTestId('action-bill'));
    const modal = await screen.findByTestId('bill-modal');
    fireEvent.change(within(modal).getByTestId('bill-cost'), { target: { value: '14.50' } });
    fireEvent.click(within(modal).getByTestId('bill-wrong'));
    fireEvent.click(screen.getByTestId('bill-ok'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/order/billed')).toBe(true));
    expect(calls.find((call) => call.url === '/api/admin/order/billed')?.body).toEqual({
      id: 32,
      cost: '14.50',
      wrongDimensions: true,
    });
    expect((await screen.findByTestId('bill-difference')).textContent).toContain('$3.40');
    expect(screen.getByTestId('bill-penalty').textContent).toContain('$5.00');
  });

  it('offers settling a bill only to a desk that may settle it (a seller reads waybills but moves no money)', async () => {
    const seller = sampleUser({
      id: 5,
      username: 'seller@example.com',
      role: ['menuSystem', 'adminList', 'orderList'],
    });
    stubAdmin({
      [on(usersContracts.getUserInfo)]: envelope(200, seller),
      [on(ordersContracts.listOrders.admin)]: envelope(200, {
        list: [order({ status: 2, orderNo: 'PP2026000032', id: 32 })],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/adminSettings/allWaybills');
    const row = await screen.findByTestId('order-row-PP2026000032');
    fireEvent.click(within(row).getByTestId('action-more'));
    await screen.findByTestId('action-copy');
    expect(screen.queryByTestId('action-bill')).toBeNull();
  });

  it('lists order review through its own call, which a desk holding adminChannel alone may make', async () => {
    const reviewer = sampleUser({ id: 6, username: 'desk@example.com', role: ['menuSystem', 'adminChannel'] });
    const { calls } = stubAdmin({
      [on(usersContracts.getUserInfo)]: envelope(200, reviewer),
      [on(ordersContracts.listReviewOrders)]: envelope(200, {
        list: [order({ status: 1, orderNo: 'PP2026000040', id: 40 })],
        total: 1,
        totalCapped: false,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/adminSettings/orderReview');
    expect(await screen.findByText('PP2026000040')).toBeTruthy();
    expect(callsOf(calls, ordersContracts.listOrders.admin)).toEqual([]);
    expect(callsOf(calls, ordersContracts.listReviewOrders)[0]?.url).toBe('/api/admin/order/review?page=1&pageSize=50');
  });

  it('picks the customer from the accounts the list may show, found as staff type, and filters the list by its id', async () => {
    const grace = { id: 9, username: 'grace@shop.test', name: 'Grace Buyer', company: 'Shop Co', kind: 'customer' };
    const { calls } = stubAdmin({
      [on(ordersContracts.pickOrderCustomers)]: (call: { url: string }) =>
        envelope(
          200,
          call.url.includes('keyword=grace')
            ? [
                { ...grace, status: 1, deleted: false },
                { ...grace, id: 12, username: 'grace.old@shop.test', status: 0, deleted: true },
              ]
            : [],
        ),
    });
    renderApp('/adminSettings/allWaybills');
    await screen.findByTestId('order-row-PP2026000031');
    // The screen asks for no account before the picker is opened.
    expect(callsOf(calls, ordersContracts.pickOrderCustomers)).toEqual([]);
    const picker = screen.getByTestId('waybills-customer');
    const box = within(picker.closest('.ant-select') ?? picker).getByRole('combobox');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: ' grace' } });
    // The accounts the server found for what was typed, a deleted one marked so.
    const option = await screen.findByTestId('waybills-customer-9');
    expect(option.textContent).toBe('grace@shop.test · Grace Buyer (#9)');
    expect(screen.getByTestId('waybills-customer-12').textContent).toBe(
      'grace.old@shop.test · Grace Buyer (#12)deleted',
    );
    expect(callsOf(calls, ordersContracts.pickOrderCustomers).at(-1)?.url).toBe(
      '/api/admin/order/customers?keyword=grace&limit=20',
    );
    fireEvent.click(option);
    await waitFor(() => expect(picker.closest('.ant-select')?.textContent).toContain('grace@shop.test'));

    fireEvent.click(screen.getByTestId('waybills-search'));
    const listCalls = () => callsOf(calls, ordersContracts.listOrders.admin);
    await waitFor(() => expect(listCalls().at(-1)?.url).toBe('/api/admin/order/orders?userId=9&page=1&pageSize=50'));
    // The text filter is no longer sent: the list reads the picked account's orders by its id.
    expect(listCalls().some((call) => call.url.includes('customer='))).toBe(false);

    fireEvent.click(screen.getByTestId('waybills-reset'));
    await waitFor(() => expect(listCalls().at(-1)?.url).toBe('/api/admin/order/orders?page=1&pageSize=50'));
  });
});
