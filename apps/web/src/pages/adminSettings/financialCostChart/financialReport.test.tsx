import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as reportContracts from '@parcelport/shared/contracts/reports/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch } from '../../../test/helpers';
import { renderApp } from '../../../test/render';

/** /adminSettings/financialCostChart (issue 13): the statistics of docs/spec.md §7 on one screen. */

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
const staff = sampleUser({ kind: 'staff', role: ['menuSystem', 'adminList'], roleCodes: ['finance'] });

inEnglishWithToken('staff-token');

const stub = () =>
  stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, staff),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(reportContracts.salesAndOrders)]: envelope(200, {
      labels: 3,
      sales: '1234.50',
      customers: 2,
      refunds: '10.00',
    }),
    [on(reportContracts.dailyOrderQuantity)]: envelope(200, [
      { day: yesterday, labels: 1, sales: '400.00' },
      { day: today, labels: 2, sales: '834.50' },
    ]),
    [on(reportContracts.dailyAmountBySeller)]: envelope(200, [
      { day: yesterday, sellerId: 30, seller: 'rep@example.com', labels: 1, sales: '400.00' },
      { day: today, sellerId: null, seller: null, labels: 1, sales: '34.50' },
    ]),
    [on(reportContracts.sellerPerformanceStatistics)]: envelope(200, [
      { sellerId: 30, seller: 'rep@example.com', customers: 4, activeCustomers: 1, labels: 1, sales: '400.00' },
    ]),
    [on(reportContracts.sellerUserDayStatistics)]: envelope(200, [
      { day: yesterday, userId: 77, username: 'shop@example.com', labels: 1, sales: '400.00' },
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
    expect(asked?.body).toEqual({
      from: new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10),
      to: today,
    });

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

  it('downloads the workbook of the period on screen', async () => {
    const { calls } = stub();
    renderApp('/adminSettings/financialCostChart');
    fireEvent.click(await screen.findByTestId('financial-export'));
    await waitFor(() => expect(callsOf(calls, reportContracts.exportStatistics)).toHaveLength(1));
    const url = new URL(callsOf(calls, reportContracts.exportStatistics)[0]?.url ?? '', 'http://x');
    expect(url.searchParams.get('to')).toBe(today);
  });
});
