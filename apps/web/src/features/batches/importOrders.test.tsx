import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import * as volumeContracts from '@parcelport/shared/contracts/volume/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '../../api/volume';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { envelope, on, sampleUser, stubFetch, urlOf } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { errorReportCsv } from './ImportOrders';

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

let blobs: Blob[] = [];
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
  blobs = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:file';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});

const FIELDS = [
  { key: 'orderGroup', zh: '订单分组', en: 'Order group' },
  { key: 'toName', zh: '收件人', en: 'Recipient name' },
  { key: 'toAddress1', zh: '收件地址1', en: 'Recipient address 1' },
  { key: 'toZip', zh: '收件邮编', en: 'Recipient ZIP' },
  { key: 'weight', zh: '重量', en: 'Weight' },
];

const missingColumns: ImportResult = {
  batchNo: 'B2026010100001',
  rows: 2,
  orders: 0,
  created: 0,
  examplesSkipped: 0,
  mode: 'live',
  errors: [
    { row: 1, column: 'toName', field: 'toName', message: 'Column not found in the sheet' },
    { row: 1, column: 'toZip', field: 'toZip', message: 'Column not found in the sheet' },
  ],
};

const imported: ImportResult = {
  batchNo: 'B2026010100002',
  rows: 20,
  orders: 20,
  created: 18,
  examplesSkipped: 2,
  mode: 'live',
  errors: [
    { row: 5, column: 'O (Post)', field: 'toZip', message: 'This field is required' },
    { row: 12, column: 'S (Lbs)', field: 'weight', message: 'Weight must be a number, "lb"' },
  ],
};

function stubImport(replies: ImportResult[]) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(volumeContracts.listImportFields)]: envelope(200, FIELDS),
    [on(volumeContracts.readSheetHeaders)]: envelope(200, {
      headers: ['Ref', 'Ship To', 'Street', 'Post', 'Lbs'],
      matched: { toAddress1: 'Street' },
      required: ['toName', 'toAddress1', 'toZip'],
    }),
    [on(volumeContracts.importOrders)]: replies.map((reply) => envelope(200, reply)),
  });
}

const upload = (name: string, content: string) => {
  const input = screen.getByTestId('import-page').querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([content], name, { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
  return file;
};

async function choose(testId: string, option: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  // Each opened dropdown stays in the document: the newest one comes last.
  const item = options
    .map((node) => node.closest('.ant-select-item-option'))
    .filter(Boolean)
    .at(-1) as HTMLElement;
  fireEvent.click(item);
}

/** The multipart bodies sent to a path, in order. */
const formsTo = (fetchMock: ReturnType<typeof stubFetch>['fetchMock'], path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).split('?')[0] === path)
    .map(([, init]) => (init as RequestInit).body as FormData);

describe('order import screen', () => {
  it('shows the created count, a link to the batch drafts and the error report by row, column and reason', async () => {
    const { fetchMock } = stubImport([imported]);
    const { router } = renderApp('/shipments/import');
    await screen.findByTestId('import-page');
    upload('orders.xlsx', 'x');
    const result = await screen.findByTestId('import-result');
    expect(screen.getByTestId('import-summary').textContent).toBe(
      "18 of 20 orders created (20 rows) The template's 2 example rows were skipped.",
    );
    expect(screen.getByTestId('import-created').textContent).toContain('18');
    expect(screen.getByTestId('import-failed').textContent).toContain('2');
    const first = within(result).getByTestId('import-error-5-toZip');
    expect(Array.from(first.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual([
      '5',
      'O (Post)',
      'This field is required',
    ]);
    expect(within(result).getByTestId('import-error-12-weight').textContent).toContain('S (Lbs)');

    // One multipart call: no mapping, just the file.
    const [form] = formsTo(fetchMock, urlOf(volumeContracts.importOrders));
    expect([...(form as FormData).keys()]).toEqual(['file']);

    // The error report as CSV.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByTestId('import-errors-export'));
    expect(click).toHaveBeenCalled();
    const csv = await (blobs.at(-1) as Blob).text();
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Row,Column,Field,Reason',
      '5,O (Post),toZip,This field is required',
      '12,S (Lbs),weight,"Weight must be a number, ""lb"""',
      '',
    ]);

    // The batch number opens its drafts.
    const link = screen.getByTestId('import-batch-link');
    expect(link.textContent).toBe('B2026010100002');
    fireEvent.click(link);
    await waitFor(() => expect(pathOf(router)).toBe('/shipments/draft?batchNo=B2026010100002'));
  });

  it("links a test batch's drafts to the drafts list's test data, where they are (issue 31)", async () => {
    stubImport([{ ...imported, errors: [], mode: 'test' }]);
    const { router } = renderApp('/shipments/import');
    await screen.findByTestId('import-page');
    upload('orders.csv', 'Ref,Ship To\nA,Grace');
    fireEvent.click(await screen.findByTestId('import-batch-link'));
    await waitFor(() => expect(pathOf(router)).toBe('/shipments/draft?batchNo=B2026010100002&mode=test'));
  });

  it('asks for a column mapping when the sheet lacks columns, then imports with it before the file', async () => {
    const { fetchMock } = stubImport([missingColumns, { ...imported, errors: [] }]);
    renderApp('/shipments/import');
    await screen.findByTestId('import-page');
    upload('foreign.csv', 'Ref,Ship To,Street,Post,Lbs\nA,Grace,1 Main St,10118,2');

    const mapping = await screen.findByTestId('import-mapping');
    expect(screen.getByTestId('import-missing').textContent).toBe('Missing: Recipient name, Recipient ZIP');
    // Every field is listed with the sheet's headers to choose from; the matched one is filled in.
    expect(within(mapping).getByText('Order group')).toBeTruthy();
    expect(within(mapping).getByText('Weight')).toBeTruthy();
    expect(within(mapping).getAllByTitle('Street').length).toBeGreaterThan(0);
    // The headers were read by the server from the same file.
    expect(formsTo(fetchMock, urlOf(volumeContracts.readSheetHeaders))[0]?.get('file')).toBeInstanceOf(File);

    // Required fields must be mapped.
    fireEvent.click(screen.getByTestId('import-mapping-submit'));
    expect((await screen.findAllByText('Required: choose a column')).length).toBe(2);

    await choose('mapping-toName', 'Ship To');
    await choose('mapping-toZip', 'Post');
    await choose('mapping-weight', 'Lbs');
    fireEvent.click(screen.getByTestId('import-mapping-submit'));
    await screen.findByTestId('import-result');
    expect(screen.getByTestId('import-summary').textContent).toBe(
      "18 of 20 orders created (20 rows) The template's 2 example rows were skipped.",
    );
    expect(screen.queryByTestId('import-errors')).toBeNull();

    const forms = formsTo(fetchMock, urlOf(volumeContracts.importOrders));
    expect(forms).toHaveLength(2);
    const second = forms[1] as FormData;
    expect([...second.keys()]).toEqual(['mapping', 'file']);
    expect(JSON.parse(String(second.get('mapping')))).toEqual({
      toAddress1: 'Street',
      toName: 'Ship To',
      toZip: 'Post',
      weight: 'Lbs',
    });
    expect((second.get('file') as File).name).toBe('foreign.csv');
  });

  it('downloads the template in the chosen language', async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(volumeContracts.listImportFields)]: envelope(200, FIELDS),
      [on(volumeContracts.importTemplate)]: new Response(new Uint8Array([80, 75, 3, 4]), {
        headers: { 'content-disposition': 'attachment; filename="order-import-template-zh-CN.xlsx"' },
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/shipments/import');
    await screen.findByTestId('import-page');
    fireEvent.click(screen.getByTestId('import-template-zh-CN'));
    fireEvent.click(screen.getByTestId('import-template-download'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = calls.find((item) => item.url.startsWith(urlOf(volumeContracts.importTemplate)));
    expect(call?.url).toBe(`${urlOf(volumeContracts.importTemplate)}?lang=zh-CN`);
    expect(call?.headers.Authorization).toBe('Bearer customer-token');
  });

  it('quotes CSV cells that need it', () => {
    expect(
      errorReportCsv(
        [{ row: 2, column: 'A (Name, full)', field: 'toName', message: 'Say "hi"\nthen' }],
        ['r', 'c', 'f', 'm'],
      ),
    ).toBe('\uFEFFr,c,f,m\r\n2,"A (Name, full)",toName,"Say ""hi""\nthen"\r\n');
  });
});
