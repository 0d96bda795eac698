import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsOf,
  chooseOption,
  envelope,
  inEnglishWithToken,
  on,
  type StubbedCall,
  shownMessages,
} from '../../test/helpers';
import { billLine } from '../../test/maintenanceFixtures';
import { renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';
import { bill, formsTo, page, query, stub, unmatched } from './billFixtures';

inEnglishWithToken('admin-token');

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
