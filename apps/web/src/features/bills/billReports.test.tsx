import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, chooseOption, envelope, inEnglishWithToken, on, shownMessages } from '../../test/helpers';
import { billLine, typeDay } from '../../test/maintenanceFixtures';
import { renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';
import { REPORTS_REFRESH_MS } from './BillReports';
import { bill, page, stub } from './billFixtures';

inEnglishWithToken('admin-token');

const report = (overrides: Record<string, unknown> = {}) => ({
  id: 31,
  channelId: 4,
  channelName: 'Demo USPS',
  from: '2026-03-01',
  to: '2026-03-07',
  status: 'requested',
  billId: null,
  message: '',
  requestedBy: 'admin@example.com',
  requestedAt: '2026-03-08T09:00:00.000Z',
  updatedAt: '2026-03-08T09:00:00.000Z',
  ...overrides,
});

/** A channel's remembered mapping, and whether its carrier makes its bill on request. */
const mappingOf = (channelId: number, carrierReports: boolean) =>
  envelope(200, { channelId, preset: 'easypost', amountKind: 'adjustment', mapping: {}, carrierReports });

/** A UTC day `days` before today, as the server counts them. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Opens the import, chooses the channel and asks its carrier: the form with the days. */
async function openAsk(channelName: string) {
  renderApp('/maintenance/supplementaryAmount');
  fireEvent.click(await screen.findByTestId('bill-import'));
  await chooseOption('bill-channel', channelName);
  fireEvent.click(await screen.findByTestId('bill-report-ask'));
  return screen.findByTestId('bill-report-form');
}

function chooseSpan(form: HTMLElement, from: string, to: string) {
  const [start, end] = within(form).getAllByPlaceholderText(/date/i);
  typeDay(start as HTMLElement, from);
  typeDay(end as HTMLElement, to);
}

describe('bills asked of the carrier (/maintenance/supplementaryAmount)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("offers asking only for a channel whose carrier makes its bill, and asks for last week's by default", async () => {
    const { calls } = stub({
      [on(billsContracts.listBills)]: page([]),
      [on(billsContracts.listBillPresets)]: envelope(200, []),
      [on(billsContracts.getBillMapping, { id: 4 })]: mappingOf(4, true),
      [on(billsContracts.getBillMapping, { id: 5 })]: mappingOf(5, false),
      [on(billsContracts.requestBillReport)]: envelope(200, report()),
    });
    renderApp('/maintenance/supplementaryAmount');
    fireEvent.click(await screen.findByTestId('bill-import'));
    await chooseOption('bill-channel', 'Demo UPS');
    await waitFor(() => expect(callsOf(calls, billsContracts.getBillMapping, { id: 5 })).toHaveLength(1));
    expect(screen.queryByTestId('bill-report-ask')).toBeNull();

    await chooseOption('bill-channel', 'Demo USPS');
    fireEvent.click(await screen.findByTestId('bill-report-ask'));
    const form = await screen.findByTestId('bill-report-form');
    expect(within(form).getByTestId('bill-report-channel').textContent).toBe('Demo USPS');
    expect(screen.getByText('Ask the carrier for its bill', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('bill-report-submit'));
    await waitFor(() => expect(callsOf(calls, billsContracts.requestBillReport)).toHaveLength(1));
    // The seven days up to today: a label bought today is in the bill asked.
    expect(callsOf(calls, billsContracts.requestBillReport)[0]?.body).toEqual({
      channelId: 4,
      from: daysAgo(6),
      to: daysAgo(0),
    });
    await waitFor(() => expect(shownMessages().join()).toContain('The carrier was asked for its bill'));
    // The list of bills asked is read again.
    await waitFor(() => expect(callsOf(calls, billsContracts.listBillReports).length).toBeGreaterThan(1));
  });

  it('refuses a span over 31 days before asking, and shows the fields the server refused', async () => {
    const { calls } = stub({
      [on(billsContracts.listBills)]: page([]),
      [on(billsContracts.listBillPresets)]: envelope(200, []),
      [on(billsContracts.getBillMapping, { id: 4 })]: mappingOf(4, true),
      [on(billsContracts.requestBillReport)]: [
        envelope(
          400,
          { fields: { 'body.channelId': 'This carrier makes no bill on request', 'body.from': 'Too long ago' } },
          'Invalid input',
        ),
        envelope(200, report()),
      ],
    });
    const form = await openAsk('Demo USPS');
    chooseSpan(form, '2026-01-01', '2026-02-01');
    fireEvent.click(screen.getByTestId('bill-report-submit'));
    expect(await within(form).findByText('At most 31 days at a time: choose a shorter span')).toBeTruthy();
    expect(callsOf(calls, billsContracts.requestBillReport)).toHaveLength(0);

    chooseSpan(form, '2026-01-01', '2026-01-31');
    await waitFor(() => expect(within(form).queryByText(/At most 31 days/)).toBeNull());
    fireEvent.click(screen.getByTestId('bill-report-submit'));
    expect(await within(form).findByText('This carrier makes no bill on request')).toBeTruthy();
    expect(await within(form).findByText('Too long ago')).toBeTruthy();
    expect(callsOf(calls, billsContracts.requestBillReport)[0]?.body).toEqual({
      channelId: 4,
      from: '2026-01-01',
      to: '2026-01-31',
    });

    fireEvent.click(screen.getByTestId('bill-report-submit'));
    await waitFor(() => expect(callsOf(calls, billsContracts.requestBillReport)).toHaveLength(2));
    await waitFor(() => expect(shownMessages().join()).toContain('The carrier was asked for its bill'));
  });

  it("lists the bills asked in the reader's language, follows one being made, and opens the bill it made", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const failed = report({ id: 30, status: 'failed', message: 'The carrier could not make the report' });
    const empty = report({ id: 29, status: 'empty', from: '2026-02-01', to: '2026-02-07' });
    const made = report({ status: 'previewed', billId: 12 });
    const { calls } = stub({
      [on(billsContracts.listBills)]: page([]),
      [on(billsContracts.listBillReports)]: [page([report(), failed, empty]), page([made, failed, empty])],
      [on(billsContracts.getBill, { id: 12 })]: envelope(200, bill()),
      [on(billsContracts.listBillLines, { id: 12 })]: page([billLine()]),
    });
    renderApp('/maintenance/supplementaryAmount');
    const being = await screen.findByTestId('bill-report-row-31');
    expect(within(being).getByTestId('bill-report-status').textContent).toBe('Being made');
    expect(being.textContent).toContain('2026-03-01 to 2026-03-07');
    expect(being.textContent).toContain('Demo USPS');
    expect(being.textContent).toContain('admin@example.com');
    expect(within(being).queryByTestId('bill-report-open')).toBeNull();
    const failedRow = screen.getByTestId('bill-report-row-30');
    expect(within(failedRow).getByTestId('bill-report-status').textContent).toBe('Failed');
    expect(failedRow.textContent).toContain('The carrier could not make the report');
    expect(within(screen.getByTestId('bill-report-row-29')).getByTestId('bill-report-status').textContent).toBe(
      'Nothing billed',
    );
    expectTableFits(screen.getByTestId('bill-reports-table'));
    const billsAsked = callsOf(calls, billsContracts.listBills).length;

    // Asked again a few seconds later: the bill is made, and the bills list is read again to show it.
    await vi.advanceTimersByTimeAsync(REPORTS_REFRESH_MS);
    await waitFor(() =>
      expect(within(screen.getByTestId('bill-report-row-31')).getByTestId('bill-report-status').textContent).toBe(
        'Bill made',
      ),
    );
    await waitFor(() => expect(callsOf(calls, billsContracts.listBills).length).toBeGreaterThan(billsAsked));
    // Nothing is being made any more: the list stops asking.
    const reportsAsked = callsOf(calls, billsContracts.listBillReports).length;
    await vi.advanceTimersByTimeAsync(REPORTS_REFRESH_MS * 2);
    expect(callsOf(calls, billsContracts.listBillReports)).toHaveLength(reportsAsked);

    fireEvent.click(within(screen.getByTestId('bill-report-row-31')).getByTestId('bill-report-open'));
    const panel = await screen.findByTestId('bill-panel');
    expect(screen.getByText('Bill 12', { exact: false })).toBeTruthy();
    await within(panel).findByTestId('bill-line-row');
    expect(callsOf(calls, billsContracts.getBill, { id: 12 })).toHaveLength(1);
  });

  it('shows no list while nothing was asked of the carriers', async () => {
    stub({ [on(billsContracts.listBills)]: page([bill()]) });
    renderApp('/maintenance/supplementaryAmount');
    await screen.findByTestId('bill-row-12');
    expect(screen.queryByTestId('bill-reports')).toBeNull();
  });
});
