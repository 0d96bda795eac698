import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as reportContracts from '@parcelport/shared/contracts/reports/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, chooseOption, envelope, inEnglishWithToken, on, sampleUser, stubFetch } from '../../test/helpers';
import { reconciliationFigures, reconciliationUnexplained } from '../../test/maintenanceFixtures';
import { renderApp } from '../../test/render';

/** /adminSettings/financialCostChart (issue 13): the statistics of docs/spec.md §7 on one screen. */

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
const monthAgo = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
const staff = sampleUser({ kind: 'staff', role: ['menuSystem', 'adminList'], roleCodes: ['finance'] });

inEnglishWithToken('staff-token');

/** Holders of the maintenance code: platform-wide staff read the bills' reconciliation, a seller may not. */
const administrator = sampleUser({
  kind: 'staff',
  role: ['menuSystem', 'adminList', 'adminChannel'],
  roleCodes: ['administrator'],
});
const seller = sampleUser({ kind: 'staff', role: ['menuSystem', 'adminList', 'adminChannel'], roleCodes: ['seller'] });

const channels = [
  { id: 4, name: 'Demo USPS', platformCode: 'ratecard', carrierCode: 'USPS', status: 1, settings: {} },
  { id: 5, name: 'Demo UPS', platformCode: 'ratecard', carrierCode: 'UPS', status: 1, settings: {} },
];
const reconciled = (margin: string) => reconciliationFigures({ margin });
const reconciliation = {
  days: [
    { day: yesterday, ...reconciled('2.48') },
    { day: today, ...reconciled('4.00') },
  ],
  totals: reconciled('6.48'),
  unexplained: reconciliationUnexplained(),
};

/** Whether a statistics call asks for the CNY wallet's figures. */
const inYuan = (call: { body?: unknown }) => (call.body as { currency?: string } | undefined)?.currency === 'CNY';

const stub = (user = staff) =>
  stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, user),
    [on(channelsContracts.allChannels)]: envelope(200, channels),
    [on(billsContracts.billReconciliation)]: envelope(200, reconciliation),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    // USD figures unless the call asks for CNY: the period has labels paid from both wallets.
    [on(reportContracts.salesAndOrders)]: (call: { body?: unknown }) =>
      inYuan(call)
        ? envelope(200, {
            currency: 'CNY',
            currencies: ['USD', 'CNY'],
            labels: 1,
            sales: '88.00',
            customers: 1,
            refunds: '1.50',
          })
        : envelope(200, {
            currency: 'USD',
            currencies: ['USD', 'CNY'],
            labels: 3,
            sales: '1234.50',
            customers: 2,
            refunds: '10.00',
          }),
    [on(reportContracts.dailyOrderQuantity)]: (call: { body?: unknown }) =>
      inYuan(call)
        ? envelope(200, [
            { day: yesterday, currency: 'CNY', labels: 0, sales: '0.00' },
            { day: today, currency: 'CNY', labels: 1, sales: '88.00' },
          ])
        : envelope(200, [
            { day: yesterday, currency: 'USD', labels: 1, sales: '400.00' },
            { day: today, currency: 'USD', labels: 2, sales: '834.50' },
          ]),
    [on(reportContracts.dailyAmountBySeller)]: (call: { body?: unknown }) =>
      inYuan(call)
        ? envelope(200, [{ day: today, sellerId: null, seller: null, currency: 'CNY', labels: 1, sales: '88.00' }])
        : envelope(200, [
            { day: yesterday, sellerId: 30, seller: 'rep@example.com', currency: 'USD', labels: 1, sales: '400.00' },
            { day: today, sellerId: null, seller: null, currency: 'USD', labels: 1, sales: '34.50' },
          ]),
    [on(reportContracts.sellerPerformanceStatistics)]: (call: { body?: unknown }) =>
      envelope(200, [
        {
          sellerId: 30,
          seller: 'rep@example.com',
          customers: 4,
          activeCustomers: inYuan(call) ? 0 : 1,
          currency: inYuan(call) ? 'CNY' : 'USD',
          labels: inYuan(call) ? 0 : 1,
          sales: inYuan(call) ? '0.00' : '400.00',
        },
      ]),
    [on(reportContracts.sellerUserDayStatistics)]: envelope(200, [
      { day: yesterday, userId: 77, username: 'shop@example.com', currency: 'USD', labels: 1, sales: '400.00' },
    ]),
    [on(reportContracts.exportStatistics)]: new Response('xlsx', {
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    }),
  });

describe('financial report', () => {
  it("shows the period's totals, the sales per day and seller, and a seller's customers at a click", async () => {
    const { calls } = stub();
    renderApp('/adminSettings/financialCostChart');
    const sales = await screen.findByTestId('financial-sales');
    await waitFor(() => expect(sales.textContent).toBe('$1,234.50'));
    expect(screen.getByTestId('financial-labels').textContent).toBe('3');
    expect(screen.getByTestId('financial-refunds').textContent).toBe('$10.00');
    const [asked] = callsOf(calls, reportContracts.salesAndOrders);
    expect(asked?.body).toEqual({ from: monthAgo, to: today, currency: 'USD' });

    // The stacked chart's figures as a table: the platform's own customers named, not left blank.
    const bySeller = screen.getByTestId('financial-by-seller');
    fireEvent.click(within(bySeller).getByTitle('Table'));
    const table = await screen.findByTestId('financial-by-seller-table');
    expect(within(table).getByText("The platform's own customers")).toBeTruthy();
    expect(within(table).getByText('rep@example.com')).toBeTruthy();

    fireEvent.click(await screen.findByTestId('financial-seller-link'));
    const customers = await screen.findByTestId('seller-customers-table');
    await waitFor(() => expect(within(customers).getByText('shop@example.com')).toBeTruthy());
    expect(callsOf(calls, reportContracts.sellerUserDayStatistics)[0]?.body).toMatchObject({ sellerId: 30 });
  });

  it('shows the figures of each wallet: USD first, CNY chosen in the picker, amounts in their currency', async () => {
    const { calls } = stub();
    renderApp('/adminSettings/financialCostChart');
    const sales = await screen.findByTestId('financial-sales');
    await waitFor(() => expect(sales.textContent).toBe('$1,234.50'));
    const picker = screen.getByTestId('financial-currency');
    expect(within(picker).getByText('USD')).toBeTruthy();
    expect(screen.getAllByText('Sales (USD)').length).toBeGreaterThan(0);

    fireEvent.click(within(picker).getByText('CNY'));
    await waitFor(() => expect(screen.getByTestId('financial-sales').textContent).toBe('¥88.00'));
    expect(screen.getByTestId('financial-refunds').textContent).toBe('¥1.50');
    expect(screen.getByTestId('financial-labels').textContent).toBe('1');
    expect(screen.getByText('Refunds (CNY)')).toBeTruthy();
    // Every sales heading names the wallet shown: none is left saying USD.
    expect(screen.getAllByText('Sales (CNY)').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('Sales (USD)')).toHaveLength(0);
    for (const contract of [
      reportContracts.salesAndOrders,
      reportContracts.dailyOrderQuantity,
      reportContracts.dailyAmountBySeller,
      reportContracts.sellerPerformanceStatistics,
    ])
      expect(callsOf(calls, contract).at(-1)?.body).toEqual({ from: monthAgo, to: today, currency: 'CNY' });

    // The day's and the seller's tables in yuan too.
    const daily = screen.getByTestId('financial-daily');
    fireEvent.click(within(daily).getByTitle('Table'));
    const days = await screen.findByTestId('financial-daily-table');
    await waitFor(() =>
      expect((within(days).getByText(today).closest('tr') as HTMLElement).textContent).toContain('¥88.00'),
    );
    const sellers = screen.getByTestId('financial-sellers');
    await waitFor(() => expect(within(sellers).getByText('¥0.00')).toBeTruthy());

    // Back to USD: dollars again.
    fireEvent.click(within(picker).getByText('USD'));
    await waitFor(() => expect(screen.getByTestId('financial-sales').textContent).toBe('$1,234.50'));
  });

  it('downloads the workbook of the period on screen', async () => {
    const { calls } = stub();
    renderApp('/adminSettings/financialCostChart');
    fireEvent.click(await screen.findByTestId('financial-export'));
    await waitFor(() => expect(callsOf(calls, reportContracts.exportStatistics)).toHaveLength(1));
    const url = new URL(callsOf(calls, reportContracts.exportStatistics)[0]?.url ?? '', 'http://x');
    expect(url.searchParams.get('to')).toBe(today);
  });

  it("shows an administrator a channel's margin and adjustments per day over the report's period", async () => {
    const { calls } = stub(administrator);
    renderApp('/adminSettings/financialCostChart');
    const section = await screen.findByTestId('financial-reconciliation');
    await waitFor(() => expect(callsOf(calls, billsContracts.billReconciliation)).toHaveLength(1));
    const asked = (index: number) =>
      Object.fromEntries(
        new URL(callsOf(calls, billsContracts.billReconciliation)[index]?.url ?? '', 'http://x').searchParams,
      );
    expect(asked(0)).toEqual({ channelId: '4', from: monthAgo, to: today });

    fireEvent.click(within(section).getByTitle('Table'));
    const table = await screen.findByTestId('financial-reconciliation-table');
    const row = within(table).getByText(today).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('$4.00');

    await chooseOption('financial-reconciliation-channel', 'Demo UPS');
    await waitFor(() => expect(callsOf(calls, billsContracts.billReconciliation)).toHaveLength(2));
    expect(asked(1).channelId).toBe('5');
  });

  it('shows a seller holding the maintenance code no reconciliation, and asks for none', async () => {
    const { calls } = stub(seller);
    renderApp('/adminSettings/financialCostChart');
    await waitFor(() => expect(screen.getByTestId('financial-sales').textContent).toBe('$1,234.50'));
    expect(screen.queryByTestId('financial-reconciliation')).toBeNull();
    expect(callsOf(calls, channelsContracts.allChannels)).toHaveLength(0);
    expect(callsOf(calls, billsContracts.billReconciliation)).toHaveLength(0);
  });
});
