import { PAYMENT_METHODS, UPLOAD_LIMIT_BYTES } from '@parcelport/shared';
import * as attachmentsContracts from '@parcelport/shared/contracts/attachments/index';
import * as configContracts from '@parcelport/shared/contracts/config/index';
import * as fundsContracts from '@parcelport/shared/contracts/funds/index';
import { FIELD_MESSAGES } from '@parcelport/shared/contracts/messages';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { envelope, on, sampleUser, shownMessages, stubFetch } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';

const customer = sampleUser({
  role: ['rechargePage', 'appRechargeList', 'appBalanceList', 'appPostageList', 'appSysMessageList'],
});

const uploaded = { id: 5, name: 'transfer.png', mime: 'image/png', size: 2048, url: '/api/app/attachment/5' };

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
  // jsdom has no object URLs; the voucher preview uses one.
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:preview' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});

function stubCustomer(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, customer),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(fundsContracts.listMyRecharges)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 50 }),
    ...extra,
  });
}

const fileInput = () => screen.getByTestId('voucher-upload').querySelector('input[type="file"]') as HTMLInputElement;

function pick(testId: string, optionTestId: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  fireEvent.click(screen.getByTestId(optionTestId));
}

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('recharge form', () => {
  it('shows the balances with the exchange rate beside the CNY wallet', async () => {
    stubCustomer();
    renderApp('/postage/recharge');
    expect((await screen.findByTestId('summary-balance-USD')).textContent).toBe('$12.30');
    expect(screen.getByTestId('summary-balance-CNY').textContent).toBe('¥88.00');
    const cny = screen.getByTestId('summary-wallet-CNY');
    expect(within(cny).getByTestId('exchange-rate').textContent).toBe('Exchange rate 1 USD = 7.10 CNY');
  });

  it('offers every docs/spec.md §9 payment method, labelled', async () => {
    stubCustomer();
    renderApp('/postage/recharge');
    await screen.findByTestId('recharge-form');
    fireEvent.mouseDown(within(screen.getByTestId('recharge-payment-method')).getByRole('combobox'));
    for (const method of PAYMENT_METHODS) expect(await screen.findByTestId(`payment-option-${method}`)).toBeTruthy();
    expect(screen.getByTestId('payment-option-p2pBankTransfer').textContent).toBe(
      'Peer-to-peer bank transfer (private to private)',
    );
  });

  it('shows where to send the money for the chosen method, as the operator wrote it', async () => {
    const payees = Object.fromEntries(PAYMENT_METHODS.map((method) => [method, '']));
    stubCustomer({
      [on(configContracts.platformValues)]: envelope(200, {
        exchangeRate: '7.10',
        zoneQueryFee: '0.10',
        wrongSizePenalty: '5.00',
        payees: { ...payees, achWire: 'ParcelPort LLC\nAccount 000123456789\nQuote your account ID' },
        label: { size: '4x6', units: 'lb/in', packageCode: 'your_package' },
      }),
    });
    renderApp('/postage/recharge');
    await screen.findByTestId('recharge-payment-method');
    expect(screen.queryByTestId('recharge-payee')).toBeNull();
    pick('recharge-payment-method', 'payment-option-achWire');
    expect((await screen.findByTestId('recharge-payee')).textContent).toBe(
      'ParcelPort LLC\nAccount 000123456789\nQuote your account ID',
    );
    pick('recharge-payment-method', 'payment-option-alipay');
    await waitFor(() => expect(screen.getByTestId('recharge-payee').textContent).toMatch(/has not written/));
  });

  it('requires the payment method and a positive amount with at most two decimals, and sends nothing', async () => {
    const { calls } = stubCustomer();
    renderApp('/postage/recharge');
    await screen.findByTestId('recharge-form');
    fireEvent.click(screen.getByTestId('recharge-submit'));
    await waitFor(() => expect(fieldError('recharge-payment-method')).toBe('Choose a payment method'));
    expect(fieldError('recharge-amount')).toBe('Enter the amount');

    fireEvent.change(screen.getByTestId('recharge-amount'), { target: { value: '12.345' } });
    await waitFor(() => expect(fieldError('recharge-amount')).toBe(FIELD_MESSAGES.amountInvalid['en-US']));
    fireEvent.change(screen.getByTestId('recharge-amount'), { target: { value: 'abc' } });
    await waitFor(() => expect(fieldError('recharge-amount')).toBe(FIELD_MESSAGES.amountInvalid['en-US']));
    fireEvent.change(screen.getByTestId('recharge-amount'), { target: { value: '0.00' } });
    await waitFor(() => expect(fieldError('recharge-amount')).toBe(FIELD_MESSAGES.amountPositive['en-US']));
    // The click's validation runs on promises that act() lets settle before the calls are read.
    await act(async () => {
      fireEvent.click(screen.getByTestId('recharge-submit'));
    });
    expect(fieldError('recharge-amount')).toBe(FIELD_MESSAGES.amountPositive['en-US']);
    expect(calls.some((call) => call.url.startsWith('/api/app/user/recharge'))).toBe(false);
  });

  it("refuses a voucher over 500KB before uploading: 'The file size cannot exceed 500KB'", async () => {
    const { calls } = stubCustomer();
    renderApp('/postage/recharge');
    await screen.findByTestId('recharge-form');
    const big = new File([new Uint8Array(UPLOAD_LIMIT_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(fileInput(), { target: { files: [big] } });
    expect((await screen.findByTestId('upload-refused')).textContent).toBe('The file size cannot exceed 500KB');
    expect(calls.some((call) => call.url.includes('/attachment/upload'))).toBe(false);
    expect(screen.queryByTestId('voucher-preview-local')).toBeNull();
  });

  it('refuses a file that is neither an image nor a PDF', async () => {
    const { calls } = stubCustomer();
    renderApp('/postage/recharge');
    await screen.findByTestId('recharge-form');
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(fileInput(), { target: { files: [text] } });
    expect((await screen.findByTestId('upload-refused')).textContent).toBe(
      'Only images (PNG, JPEG, GIF, WebP) and PDF are accepted',
    );
    expect(calls.some((call) => call.url.includes('/attachment/upload'))).toBe(false);
  });

  it("says 'Upload failed' when the server refuses the file", async () => {
    stubCustomer({ [on(attachmentsContracts.uploadAttachment)]: envelope(500, null, 'Upload failed') });
    renderApp('/postage/recharge');
    await screen.findByTestId('recharge-form');
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect((await screen.findByTestId('upload-failed')).textContent).toBe('Upload failed');
    expect(screen.queryByTestId('voucher-preview-local')).toBeNull();
  });

  it('uploads the voucher with the bearer token, previews it, submits and opens the record list', async () => {
    const { calls, fetchMock } = stubCustomer({
      [on(attachmentsContracts.uploadAttachment)]: envelope(200, uploaded, 'upload successful'),
      [on(fundsContracts.submitRecharge)]: envelope(200, { id: 31 }),
    });
    const { router } = renderApp('/postage/recharge');
    await screen.findByTestId('recharge-form');

    const image = new File([new Uint8Array(2048)], 'transfer.png', { type: 'image/png' });
    fireEvent.change(fileInput(), { target: { files: [image] } });
    expect((await screen.findByTestId('upload-success')).textContent).toBe('upload successful');
    expect(screen.getByTestId('voucher-name').textContent).toBe('transfer.png');
    expect(screen.getByTestId('voucher-thumbnail')).toBeTruthy();
    const upload = fetchMock.mock.calls.find(([url]) => String(url) === '/api/app/attachment/upload/image');
    const init = upload?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer customer-token');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(((init.body as FormData).get('file') as File).name).toBe('transfer.png');

    fireEvent.click(screen.getByTestId('recharge-currency-CNY'));
    pick('recharge-payment-method', 'payment-option-alipay');
    fireEvent.change(screen.getByTestId('recharge-amount'), { target: { value: '250.5' } });
    fireEvent.change(screen.getByTestId('recharge-remark'), { target: { value: ' paid from Acme ' } });
    fireEvent.click(screen.getByTestId('recharge-submit'));

    await waitFor(() => expect(calls.some((call) => call.url === '/api/app/user/recharge')).toBe(true));
    expect(calls.find((call) => call.url === '/api/app/user/recharge')?.body).toEqual({
      currency: 'CNY',
      paymentMethod: 'alipay',
      amount: '250.5',
      voucherId: 5,
      remark: 'paid from Acme',
    });
    await waitFor(() => expect(pathOf(router)).toBe('/postage/rechargeRecord'));
    expect(shownMessages().some((text) => text.includes('Recharge submitted'))).toBe(true);
  });
});

describe('workplace', () => {
  it('shows the exchange rate beside the CNY wallet', async () => {
    stubCustomer();
    renderApp('/dashboard/workplace');
    const cny = await screen.findByTestId('wallet-CNY');
    expect(within(cny).getByTestId('exchange-rate').textContent).toBe('Exchange rate 1 USD = 7.10 CNY');
    expect(within(screen.getByTestId('wallet-USD')).queryByTestId('exchange-rate')).toBeNull();
    expect(screen.getByTestId('navbar-balance-USD').textContent).toBe('$12.30');
    expect(screen.getByTestId('navbar-balance-CNY').textContent).toBe('¥88.00');
  });
});

describe('postage details', () => {
  it('lists user id, email and the change of available funds, and exports with the same filters', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = stubCustomer({
      [on(fundsContracts.listMyPostage)]: envelope(200, {
        list: [
          {
            id: 12,
            userId: 7,
            email: 'buyer@example.com',
            currency: 'USD',
            type: 1,
            amount: '-8.40',
            earnestAmount: '0.00',
            depositAmount: '0.00',
            balanceAfter: '3.90',
            earnestAfter: '0.00',
            depositAfter: '0.00',
            referenceType: 'order',
            referenceNo: 'PP202603010001',
            remark: '',
            time: '2026-03-01T09:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 50,
        totals: { income: '0.00', expense: '-8.40', net: '-8.40' },
      }),
      [on(fundsContracts.exportMyPostage)]: new Response(new Blob(['xlsx']), { status: 200 }),
    });
    renderApp('/postage/feeDetails');
    const row = await screen.findByTestId('ledger-row-12');
    expect(row.textContent).toContain('buyer@example.com');
    expect(within(row).getByTestId('fund-type').textContent).toBe('Place order');
    expect(within(row).getByTestId('signed-amount').textContent).toBe('-$8.40');
    expect(screen.getAllByText('Change of available funds').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByTestId('ledger-export'));
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/app/postage/down'))).toBe(true));
    const down = calls.find((call) => call.url.startsWith('/api/app/postage/down'));
    expect(down?.url).toBe('/api/app/postage/down?currency=USD');
    expect(down?.headers.isDownLoadFile).toBe('true');
    await waitFor(() => expect(click).toHaveBeenCalled());
  });
});
