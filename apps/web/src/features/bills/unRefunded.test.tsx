import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsOf,
  chooseOption,
  envelope,
  inEnglishWithToken,
  on,
  shownMessages,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { maintenanceAdmin } from '../../test/maintenanceFixtures';
import { renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';

const owed = (overrides: Record<string, unknown>) => ({
  id: 7,
  orderNo: 'PP7',
  userId: 42,
  channelId: 4,
  channelName: 'EasyPost USPS',
  carrierCode: 'USPS',
  serviceName: 'Priority',
  trackingNo: '9400100000000000000001',
  carrierRefund: 'pending',
  carrierRefundNote: '',
  cost: '8.10',
  voidedAt: '2026-11-20T10:00:00.000Z',
  ageDays: 4,
  windowDays: 30,
  overdue: false,
  merchantRefundedAt: null,
  ...overrides,
});

const answer = (list: unknown[]) =>
  envelope(200, {
    list,
    total: list.length,
    page: 1,
    pageSize: 50,
    byChannel: [
      {
        channelId: 4,
        channelName: 'EasyPost USPS',
        count: 2,
        cost: '20.10',
        oldestAt: '2026-10-10T10:00:00.000Z',
        windowDays: 30,
        overdue: 1,
      },
    ],
  });

inEnglishWithToken('admin-token');

describe('money still out after the label (/maintenance/unRefundedOrder)', () => {
  it("lists the carriers' refunds owed with their age, the overdue ones marked, and each channel's total", async () => {
    const rejected = owed({
      id: 8,
      orderNo: 'PP8',
      carrierRefund: 'rejected',
      carrierRefundNote: 'EasyPost refund rejected',
      cost: '12.00',
      voidedAt: '2026-10-10T10:00:00.000Z',
      ageDays: 45,
      overdue: true,
      merchantRefundedAt: '2026-10-10T11:00:00.000Z',
    });
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, maintenanceAdmin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(ordersContracts.listCarrierRefundsOwed)]: [answer([rejected, owed({})]), answer([rejected])],
      [on(ordersContracts.listUnreleasedEarnest)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 50 }),
    });
    renderApp('/maintenance/unRefundedOrder');
    const late = await screen.findByTestId('owed-row-PP8');
    expect(within(late).getByTestId('owed-age-PP8').textContent).toBe('45 d, overdue');
    expect(within(late).getByTestId('owed-state-PP8').textContent).toBe('Refused');
    expect(within(late).getByText('$12.00')).toBeTruthy();
    expect(within(late).getByText('Refunded 2026-10-10 11:00', { exact: false })).toBeTruthy();
    const recent = screen.getByTestId('owed-row-PP7');
    expect(within(recent).getByTestId('owed-age-PP7').textContent).toBe('4 d');
    // Issue 14: the tracking number under the order number; the list's own columns fit 1440 px.
    expect(within(recent).getByTestId('owed-tracking-PP7').textContent).toBe('9400100000000000000001');
    expectTableFits(screen.getByTestId('owed-list'));
    expect(within(recent).getByText('Waits for the carrier')).toBeTruthy();
    const totals = screen.getByTestId('owed-by-channel');
    expect(within(totals).getByText('$20.10')).toBeTruthy();
    // The channel's refund window beside its overdue count.
    expect(within(totals).getByText('30 d')).toBeTruthy();

    await chooseOption('owed-state-filter', 'Refused');
    await waitFor(() => expect(screen.queryByTestId('owed-row-PP7')).toBeNull());
    const asked = callsOf(calls, ordersContracts.listCarrierRefundsOwed).at(-1);
    expect(new URL(asked?.url ?? '', 'http://localhost').searchParams.get('state')).toBe('rejected');

    fireEvent.click(screen.getByText('Earnest held'));
    expect(await screen.findByTestId('unrefunded-earnest')).toBeTruthy();
  });

  it('purchases to confirm: staff enter the tracking number found at the carrier, checked as the server checks it', async () => {
    const waiting = {
      id: 9,
      orderNo: 'PP9',
      username: 'shop@example.com',
      channelName: 'USPS direct',
      serviceName: 'Priority Mail',
      rate: '9.10',
      parcelCount: 1,
      unconfirmedSince: '2026-11-24T08:00:00.000Z',
      isTest: false,
    };
    const testPurchase = { ...waiting, id: 10, orderNo: 'PP10', isTest: true };
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, maintenanceAdmin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(ordersContracts.listCarrierRefundsOwed)]: answer([]),
      [on(ordersContracts.listUnconfirmedPurchases)]: [envelope(200, [waiting, testPurchase]), envelope(200, [])],
      [on(ordersContracts.settleUnconfirmedPurchase, { id: 9 })]: envelope(200, {
        status: 1,
        trackingNo: '9205590000000000000001',
      }),
    });
    renderApp('/maintenance/unRefundedOrder');
    fireEvent.click(await screen.findByText('Purchases to confirm'));
    const row = await screen.findByTestId('unconfirmed-row-PP9');
    // A test label's purchase is marked Test; a live one is not.
    expect(within(screen.getByTestId('unconfirmed-row-PP10')).getByTestId('unconfirmed-test').textContent).toBe('Test');
    expect(within(row).queryByTestId('unconfirmed-test')).toBeNull();
    // Issue 14: the service under its channel; the list's own columns fit 1440 px.
    expect(within(row).getByText('Priority Mail')).toBeTruthy();
    expectTableFits(screen.getByTestId('unconfirmed-list'));
    expect(within(row).getByText('shop@example.com')).toBeTruthy();
    expect(within(row).getByText('$9.10')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('settle-PP9'));

    typeInto('settle-tracking-0', '9205-59');
    fireEvent.click(await screen.findByTestId('settle-submit'));
    expect(await screen.findByText('A tracking number holds 8-40 letters and digits')).toBeTruthy();
    expect(callsOf(calls, ordersContracts.settleUnconfirmedPurchase, { id: 9 })).toHaveLength(0);

    typeInto('settle-tracking-0', '9205590000000000000001');
    fireEvent.click(screen.getByTestId('settle-submit'));
    await waitFor(() => expect(callsOf(calls, ordersContracts.settleUnconfirmedPurchase, { id: 9 })).toHaveLength(1));
    expect(callsOf(calls, ordersContracts.settleUnconfirmedPurchase, { id: 9 })[0]?.body).toEqual({
      trackingNumbers: ['9205590000000000000001'],
    });
    await waitFor(() =>
      expect(shownMessages()).toContain('The labels were fetched from the carrier; the order is complete'),
    );
    await waitFor(() => expect(screen.queryByTestId('unconfirmed-row-PP9')).toBeNull());
  });

  it('earnest held: each order with its customer, state, deposit, service and label time, within a 1440 px screen', async () => {
    const held = {
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
      earnest: '1.50',
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
      addressStatus: 0,
      addressNote: '',
      isTest: false,
      labelSize: '4x6',
      createdAt: '2026-03-01T10:00:00.000Z',
      createdTime: '2026-03-01T10:01:00.000Z',
      shipDate: null,
      billedCost: '11.80',
      billedAt: null,
      earnestReleasedAt: null,
      refundedAt: null,
      carrierRefund: '',
      carrierRefundNote: '',
    };
    stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, maintenanceAdmin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(ordersContracts.listCarrierRefundsOwed)]: answer([]),
      [on(ordersContracts.listUnreleasedEarnest)]: envelope(200, { list: [held], total: 1, page: 1, pageSize: 50 }),
    });
    renderApp('/maintenance/unRefundedOrder');
    fireEvent.click(await screen.findByText('Earnest held'));
    const row = await screen.findByTestId('unrefunded-row-PP2026000031');
    // Issue 14: the customer's id under the order number; the list's own columns fit 1440 px with the menu open.
    expect(row.textContent).toContain('PP20260000319');
    expect(row.textContent).toContain('UPS · UPS Ground (Demo)');
    expect(row.textContent).toContain('$1.50');
    expect(row.textContent).toContain('$11.80');
    expect(row.textContent).toContain('2026-03-01');
    expect((within(row).getByTestId('unrefunded-release') as HTMLButtonElement).disabled).toBe(false);
    expectTableFits(screen.getByTestId('unrefunded-earnest'));
  });
});
