import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsOf,
  chooseOption,
  envelope,
  inEnglishWithToken,
  on,
  type StubbedCall,
  shownMessages,
  stubFetch,
  urlOf,
} from '../../test/helpers';
import { billLine, maintenanceAdmin, typeDay } from '../../test/maintenanceFixtures';
import { renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';
import { REPORTS_REFRESH_MS } from './BillReports';

const channel = (id: number, name: string) => ({
  id,
  name,
  platformCode: 'easypost',
  carrierCode: 'USPS',
  status: 1,
  settings: {},
  health: { pausedUntil: null, failures: 0, authFailedAt: null, authError: '' },
  webhookUrl: null,
  isDemo: true,
  autoAllot: true,
  sort: 0,
  users: 0,
  services: [],
});

const bill = (overrides: Record<string, unknown> = {}) => ({
  id: 12,
  channelId: 4,
  channelName: 'Demo USPS',
  fileName: 'adjustments.csv',
  preset: 'generic',
  amountKind: 'adjustment',
  status: 'previewed',
  lines: 3,
  counts: { matches: 0, adjustment: 1, credit: 0, duplicate: 1, unmatched: 1, voided: 0 },
  adjustments: '2.00',
  credits: '0.00',
  charged: '0.00',
  refunded: '0.00',
  owed: '0.00',
  errors: [],
  createdAt: '2026-03-01T09:00:00.000Z',
  createdBy: 'admin@example.com',
  postedAt: null,
  postedBy: null,
  ...overrides,
});

const unmatched = billLine({
  id: 101,
  row: 3,
  trackingNo: '9400100000000000000000',
  kind: 'unmatched',
  cause: 'other',
  orderId: null,
  orderNo: null,
  userId: null,
  customer: null,
  declaredOz: null,
  billedOz: null,
  declaredSize: '',
  billedSize: '',
  declaredZone: null,
  billedZone: '',
});

const page = (list: unknown[]) => envelope(200, { list, total: list.length, page: 1, pageSize: 50 });
const query = (call: StubbedCall) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);

inEnglishWithToken('admin-token');

function stub(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, maintenanceAdmin),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.allChannels)]: envelope(200, [channel(4, 'Demo USPS'), channel(5, 'Demo UPS')]),
    [on(billsContracts.listBillReports)]: page([]),
    ...extra,
  });
}

/** The multipart bodies sent to an operation, in order. */
const formsTo = (fetchMock: ReturnType<typeof stubFetch>['fetchMock'], contract: Parameters<typeof urlOf>[0]) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).split('?')[0] === urlOf(contract))
    .map(([, init]) => (init as RequestInit).body as FormData);

describe('carrier bills (/maintenance/supplementaryAmount)', () => {
  it('lists the bills with their status, counts and figures', async () => {
    stub({
      [on(billsContracts.listBills)]: page([
        bill({
          id: 13,
          status: 'posted',
          charged: '7.20',
          refunded: '1.10',
          owed: '3.00',
          postedAt: '2026-03-02T10:00:00.000Z',
          postedBy: 'finance@example.com',
        }),
        bill(),
      ]),
    });
    renderApp('/maintenance/supplementaryAmount');
    const posted = await screen.findByTestId('bill-row-13');
    expect(within(posted).getByTestId('bill-status').textContent).toBe('Posted');
    expect(posted.textContent).toContain('adjustments.csv');
    expect(posted.textContent).toContain('Demo USPS');
    expect(posted.textContent).toContain('Adjustment 1');
    expect(posted.textContent).toContain('Unmatched 1');
    expect(posted.textContent).not.toContain('Matches 0');
    expect(posted.textContent).toContain('$7.20');
    expect(posted.textContent).toContain('$1.10');
    expect(posted.textContent).toContain('$3.00');
    expect(posted.textContent).toContain('finance@example.com');
    // Issue 14: the channel under the file, who posted it and when under its state; the list fits 1440 px.
    expect(posted.textContent).toContain('2026-03-02');
    expectTableFits(screen.getByTestId('bills-table'));
    expect(within(screen.getByTestId('bill-row-12')).getByTestId('bill-status').textContent).toBe('Previewed');
    expect(screen.getByTestId('bill-import').textContent).toContain('Import a bill');
  });

  it("imports a file: the channel's mapping filled in, a header mapped by hand, then the preview", async () => {
    const preview = bill();
    const { fetchMock, calls } = stub({
      [on(billsContracts.listBills)]: page([]),
      [on(billsContracts.listBillPresets)]: envelope(200, [
        { preset: 'generic', amountKind: 'adjustment', weightUnit: 'lb', headers: {} },
        { preset: 'fedex', amountKind: 'total', weightUnit: 'lb', headers: {} },
      ]),
      [on(billsContracts.getBillMapping, { id: 4 })]: envelope(200, {
        channelId: 4,
        preset: 'generic',
        amountKind: 'adjustment',
        mapping: { reason: 'Why' },
        carrierReports: false,
      }),
      [on(billsContracts.readBillHeaders)]: envelope(200, {
        headers: ['Tracking number', 'Charge', 'Why'],
        matched: { trackingNumber: 'Tracking number', reason: 'Why' },
        required: ['trackingNumber', 'amount'],
      }),
      [on(billsContracts.previewBill)]: envelope(200, { ...preview, uploadedBefore: false }),
      [on(billsContracts.getBill, { id: 12 })]: envelope(200, preview),
      [on(billsContracts.listBillLines, { id: 12 })]: page([billLine(), unmatched]),
    });
    renderApp('/maintenance/supplementaryAmount');
    fireEvent.click(await screen.findByTestId('bill-import'));
    await screen.findByTestId('bill-import-form');
    await chooseOption('bill-channel', 'Demo USPS');
    await waitFor(() => expect(callsOf(calls, billsContracts.getBillMapping, { id: 4 })).toHaveLength(1));
    // The presets are named in the reader's language.
    expect(screen.getByTestId('bill-preset').closest('.ant-select')?.textContent).toContain('Generic');

    const input = screen.getByTestId('bill-file').querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['Tracking number,Charge,Why\n'], 'adjustments.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    await screen.findByTestId('bill-mapping');
    // The headers are read with the channel's remembered mapping.
    const [headersForm] = formsTo(fetchMock, billsContracts.readBillHeaders);
    expect([...(headersForm as FormData).keys()]).toEqual(['preset', 'mapping', 'file']);
    expect(JSON.parse(String(headersForm?.get('mapping')))).toEqual({ reason: 'Why' });
    await waitFor(() =>
      expect(screen.getByTestId('bill-map-trackingNumber').closest('.ant-select')?.textContent).toContain(
        'Tracking number',
      ),
    );

    // The amount is required and not matched: the preview waits for it.
    fireEvent.click(screen.getByTestId('bill-preview'));
    expect(await screen.findByText('Required: choose a column')).toBeTruthy();
    expect(formsTo(fetchMock, billsContracts.previewBill)).toHaveLength(0);

    await chooseOption('bill-map-amount', 'Charge');
    fireEvent.click(screen.getByTestId('bill-preview'));
    const summary = await screen.findByTestId('bill-summary');
    const sent = formsTo(fetchMock, billsContracts.previewBill)[0] as FormData;
    expect([...sent.keys()]).toEqual(['channelId', 'preset', 'amountKind', 'mapping', 'file']);
    expect(sent.get('channelId')).toBe('4');
    expect(sent.get('preset')).toBe('generic');
    expect(sent.get('amountKind')).toBe('adjustment');
    expect(JSON.parse(String(sent.get('mapping')))).toEqual({
      trackingNumber: 'Tracking number',
      amount: 'Charge',
      reason: 'Why',
    });
    expect((sent.get('file') as File).name).toBe('adjustments.csv');

    expect(within(summary).getByTestId('bill-count-adjustment').textContent).toBe('Adjustment 1');
    expect(within(summary).getByTestId('bill-count-unmatched').textContent).toBe('Unmatched 1');
    expect(within(summary).getByTestId('bill-adjustments').textContent).toContain('$2.00');
    expect(screen.queryByTestId('bill-errors')).toBeNull();
    expect(screen.queryByTestId('bill-uploaded-before')).toBeNull();
    const rows = await screen.findAllByTestId('bill-line-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('9400111111111111111111');
    expect(rows[0]?.textContent).toContain('Weight or size');
    // Declared beside billed, in pounds and ounces.
    expect(rows[0]?.textContent).toContain('1 lb → 3 lb 4 oz');
    expect(rows[0]?.textContent).toContain('6 x 6 x 6 in → 12 x 10 x 8 in');
    // Issue 14: the lines' own columns fit 1440 px with the menu open (the others are in the table settings).
    expectTableFits(screen.getByTestId('bill-lines'));
  });

  it('says when the file had been uploaded before, and shows the bill it made', async () => {
    const earlier = bill({ status: 'posted', charged: '7.20', postedAt: '2026-03-02T10:00:00.000Z' });
    stub({
      [on(billsContracts.listBills)]: page([earlier]),
      [on(billsContracts.listBillPresets)]: envelope(200, []),
      [on(billsContracts.getBillMapping, { id: 4 })]: envelope(200, {
        channelId: 4,
        preset: 'generic',
        amountKind: 'adjustment',
        mapping: {},
        carrierReports: false,
      }),
      [on(billsContracts.readBillHeaders)]: envelope(200, {
        headers: ['Tracking number', 'Amount'],
        matched: { trackingNumber: 'Tracking number', amount: 'Amount' },
        required: ['trackingNumber', 'amount'],
      }),
      [on(billsContracts.previewBill)]: envelope(200, { ...earlier, uploadedBefore: true }),
      [on(billsContracts.getBill, { id: 12 })]: envelope(200, earlier),
      [on(billsContracts.listBillLines, { id: 12 })]: page([billLine()]),
    });
    renderApp('/maintenance/supplementaryAmount');
    fireEvent.click(await screen.findByTestId('bill-import'));
    await chooseOption('bill-channel', 'Demo USPS');
    const input = screen.getByTestId('bill-import-form').querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'again.csv', { type: 'text/csv' })] } });
    await screen.findByTestId('bill-mapping');
    await waitFor(() =>
      expect(screen.getByTestId('bill-map-amount').closest('.ant-select')?.textContent).toContain('Amount'),
    );
    fireEvent.click(screen.getByTestId('bill-preview'));
    expect((await screen.findByTestId('bill-uploaded-before')).textContent).toContain(
      'uploaded for the channel before',
    );
    expect(within(screen.getByTestId('bill-summary')).getByTestId('bill-charged').textContent).toContain('$7.20');
    expect((screen.getByTestId('bill-post') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the rows that could not be read and does not post such a bill', async () => {
    const broken = bill({
      errors: [{ row: 4, column: 'B (Amount)', message: 'The amount is not valid' }],
    });
    stub({
      [on(billsContracts.listBills)]: page([broken]),
      [on(billsContracts.getBill, { id: 12 })]: envelope(200, broken),
      [on(billsContracts.listBillLines, { id: 12 })]: page([billLine()]),
    });
    renderApp('/maintenance/supplementaryAmount');
    fireEvent.click(await screen.findByTestId('bill-open'));
    const errors = await screen.findByTestId('bill-errors');
    expect(Array.from(errors.querySelectorAll('tbody td')).map((cell) => cell.textContent)).toEqual([
      '4',
      'B (Amount)',
      'The amount is not valid',
    ]);
    expect(screen.getByText(/^1 row could not be read\./)).toBeTruthy();
    expect((screen.getByTestId('bill-post') as HTMLButtonElement).disabled).toBe(true);
  });

  it("filters a bill's lines by kind and tracking number", async () => {
    const { calls } = stub({
      [on(billsContracts.listBills)]: page([bill()]),
      [on(billsContracts.getBill, { id: 12 })]: envelope(200, bill()),
      [on(billsContracts.listBillLines, { id: 12 })]: (call) => {
        const kind = query(call).kind;
        return page(
          kind === 'unmatched' ? [unmatched] : kind === 'adjustment' ? [billLine()] : [billLine(), unmatched],
        );
      },
    });
    renderApp('/maintenance/supplementaryAmount');
    fireEvent.click(await screen.findByTestId('bill-open'));
    await waitFor(() => expect(screen.getAllByTestId('bill-line-row')).toHaveLength(2));
    expect(screen.getByTestId('bill-kind-unmatched').textContent).toBe('Unmatched 1');

    fireEvent.click(screen.getByTestId('bill-kind-unmatched'));
    await waitFor(() => expect(screen.getAllByTestId('bill-line-row')).toHaveLength(1));
    expect(screen.getByTestId('bill-line-row').getAttribute('data-kind')).toBe('unmatched');
    expect(query(callsOf(calls, billsContracts.listBillLines, { id: 12 }).at(-1) as StubbedCall)).toMatchObject({
      kind: 'unmatched',
      page: '1',
    });

    fireEvent.click(screen.getByTestId('bill-kind-all'));
    const search = within(screen.getByTestId('bill-line-search').closest('.ant-input-search') as HTMLElement);
    fireEvent.change(search.getByRole('searchbox'), { target: { value: ' 9400 1111 ' } });
    fireEvent.keyDown(search.getByRole('searchbox'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(query(callsOf(calls, billsContracts.listBillLines, { id: 12 }).at(-1) as StubbedCall)).toEqual({
        trackingNo: '94001111',
        page: '1',
        pageSize: '50',
      }),
    );
  });

  it("a FedEx later invoice's change says which invoice line billed the whole charge", async () => {
    const fedex = bill({ preset: 'fedex', amountKind: 'total', fileName: 'fedex-812345800.csv' });
    stub({
      [on(billsContracts.listBills)]: page([fedex]),
      [on(billsContracts.getBill, { id: 12 })]: envelope(200, fedex),
      [on(billsContracts.listBillLines, { id: 12 })]: page([
        billLine({ amount: '3.10', costChange: '3.10', cause: 'address', follows: '11:2' }),
      ]),
    });
    renderApp('/maintenance/supplementaryAmount');
    fireEvent.click(await screen.findByTestId('bill-open'));
    const row = await screen.findByTestId('bill-line-row');
    expect(within(row).getByTestId('bill-line-kind').textContent).toBe('Adjustment');
    expect(within(row).getByTestId('bill-line-follows').textContent).toBe('Change after bill 11 row 2');
  });

  it('a line on a voided label: staff charge the merchant after confirming, or write it off with a reason', async () => {
    const voided = billLine({ id: 102, row: 4, kind: 'voided', postedAt: '2026-03-02T10:00:00.000Z' });
    const { calls } = stub({
      [on(billsContracts.listBills)]: page([bill()]),
      [on(billsContracts.getBill, { id: 12 })]: envelope(200, bill()),
      [on(billsContracts.listBillLines, { id: 12 })]: [
        page([voided]),
        page([{ ...voided, resolution: 'charged', merchantChange: '9.90' }]),
        page([voided]),
        page([{ ...voided, resolution: 'writtenOff', resolutionNote: 'Claim filed' }]),
      ],
      [on(billsContracts.chargeVoidedBillLine, { id: 102 })]: envelope(200, { ...voided, resolution: 'charged' }),
      [on(billsContracts.writeOffBillLine, { id: 102 })]: envelope(200, { ...voided, resolution: 'writtenOff' }),
    });
    renderApp('/maintenance/supplementaryAmount');
    fireEvent.click(await screen.findByTestId('bill-open'));
    await screen.findByTestId('bill-line-row');
    expect(screen.getByTestId('bill-line-kind').textContent).toBe('Voided label');

    fireEvent.click(screen.getByTestId('voided-charge'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(callsOf(calls, billsContracts.chargeVoidedBillLine, { id: 102 })).toHaveLength(1));
    await waitFor(() => expect(shownMessages()).toContain('Charged to the merchant'));
    await waitFor(() => expect(screen.getByTestId('bill-line-resolution').textContent).toBe('Charged to the merchant'));

    // Another look at the lines: undecided again in this stub, written off with a reason this time.
    fireEvent.click(screen.getByTestId('bill-kind-voided'));
    fireEvent.click(await screen.findByTestId('voided-write-off'));
    fireEvent.click(await screen.findByTestId('voided-write-off-confirm'));
    expect(await screen.findByText('Say why the line is written off')).toBeTruthy();
    expect(callsOf(calls, billsContracts.writeOffBillLine, { id: 102 })).toHaveLength(0);
    fireEvent.change(screen.getByTestId('voided-write-off-reason'), { target: { value: 'Claim filed' } });
    fireEvent.click(screen.getByTestId('voided-write-off-confirm'));
    await waitFor(() => expect(callsOf(calls, billsContracts.writeOffBillLine, { id: 102 })).toHaveLength(1));
    expect(callsOf(calls, billsContracts.writeOffBillLine, { id: 102 })[0]?.body).toEqual({ reason: 'Claim filed' });
    await waitFor(() => expect(screen.getByTestId('bill-line-resolution').textContent).toBe('Written off'));
  });

  it('shows why the server refused to post, and leaves the bill as it was', async () => {
    stub({
      [on(billsContracts.listBills)]: page([bill()]),
      [on(billsContracts.getBill, { id: 12 })]: envelope(200, bill()),
      [on(billsContracts.listBillLines, { id: 12 })]: page([billLine()]),
      [on(billsContracts.postBill, { id: 12 })]: envelope(409, null, 'This bill has rows that could not be read'),
    });
    renderApp('/maintenance/supplementaryAmount');
    fireEvent.click(await screen.findByTestId('bill-open'));
    await screen.findByTestId('bill-line-row');
    fireEvent.click(screen.getByTestId('bill-post'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(shownMessages()).toContain('This bill has rows that could not be read'));
    expect(screen.getByTestId('bill-panel').querySelector('[data-testid="bill-status"]')?.textContent).toBe(
      'Previewed',
    );
    expect((screen.getByTestId('bill-post') as HTMLButtonElement).disabled).toBe(false);
  });

  it('posts a bill after confirming; the figures and lines show what posting did', async () => {
    const posted = bill({
      status: 'posted',
      charged: '7.20',
      postedAt: '2026-03-02T10:00:00.000Z',
      postedBy: 'admin@example.com',
    });
    const { calls } = stub({
      [on(billsContracts.listBills)]: page([bill()]),
      [on(billsContracts.getBill, { id: 12 })]: envelope(200, bill()),
      [on(billsContracts.listBillLines, { id: 12 })]: [
        page([billLine()]),
        page([
          billLine({
            merchantChange: '2.20',
            penalty: '5.00',
            taken: '7.20',
            owed: '0.00',
            postedAt: '2026-03-02T10:00:00.000Z',
            dispute: 'open',
            disputeReason: 'It weighed 1 lb',
          }),
        ]),
      ],
      [on(billsContracts.postBill, { id: 12 })]: envelope(200, posted),
    });
    renderApp('/maintenance/supplementaryAmount');
    fireEvent.click(await screen.findByTestId('bill-open'));
    await screen.findByTestId('bill-line-row');
    fireEvent.click(screen.getByTestId('bill-post'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(callsOf(calls, billsContracts.postBill, { id: 12 })).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('bill-charged').textContent).toContain('$7.20'));
    expect(screen.getByTestId('bill-panel').querySelector('[data-testid="bill-status"]')?.textContent).toBe('Posted');
    expect((screen.getByTestId('bill-post') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('bill-line-merchant-change').textContent).toBe('$2.20'));
    expect(screen.getByTestId('bill-line-penalty').textContent).toBe('$5.00');
    // The merchant disputes a posted line from its own screen; staff see it here.
    expect(screen.getByTestId('bill-line-dispute').textContent).toBe('Disputed');
    expect(screen.getByTestId('bill-line-order').textContent).toBe('PP2026030100001');
  });
});

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
