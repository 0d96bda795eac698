import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import * as attachmentsContracts from '@parcelport/shared/contracts/attachments/index';
import * as fundsContracts from '@parcelport/shared/contracts/funds/index';
import { FIELD_MESSAGES } from '@parcelport/shared/contracts/messages';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { envelope, on, type StubbedCall, sampleUser, shownMessages, stubFetch } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';

const finance = sampleUser({
  id: 1,
  username: 'finance@example.com',
  name: 'Fin Ance',
  kind: 'staff',
  role: ['menuSystem', 'adminRechargeList', 'adminBalanceList', 'adminList', 'adminChannel'],
  roleCodes: ['finance'],
});

const record = (overrides: Record<string, unknown> = {}) => ({
  id: 41,
  userId: 7,
  username: 'buyer@example.com',
  currency: 'USD',
  paymentMethod: 'achWire',
  forecastAmount: '100.00',
  actualAmount: null,
  voucherUrl: '/api/app/attachment/5',
  status: 0,
  remark: 'ACH ref 7781',
  auditRemark: '',
  submittedAt: '2026-03-01T08:00:00.000Z',
  arrivedAt: null,
  auditedAt: null,
  ...overrides,
});

const ledgerRow = (overrides: Record<string, unknown> = {}) => ({
  id: 90,
  userId: 7,
  email: 'buyer@example.com',
  currency: 'USD',
  type: 2,
  amount: '12.50',
  earnestAmount: '0.00',
  depositAmount: '0.00',
  balanceAfter: '112.50',
  earnestAfter: '0.00',
  depositAfter: '0.00',
  referenceType: 'order',
  referenceNo: 'PP202603010001',
  remark: '',
  time: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

const ledgerPage = (list: unknown[]) =>
  envelope(200, {
    list,
    total: list.length,
    page: 1,
    pageSize: 50,
    totals: { income: '12.50', expense: '-3.00', net: '9.50' },
  });

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'finance-token');
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:file' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});

function stubStaff(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, finance),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    ...extra,
  });
}

const query = (call: StubbedCall) => new URL(call.url, 'http://localhost').searchParams;
const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('user recharge records (staff)', () => {
  it('approves with the edited actual amount and a remark', async () => {
    const { calls } = stubStaff({
      [on(fundsContracts.listAllRecharges)]: [
        envelope(200, { list: [record()], total: 1, page: 1, pageSize: 50 }),
        envelope(200, {
          list: [record({ status: 1, actualAmount: '98.50', auditRemark: 'bank fee' })],
          total: 1,
          page: 1,
          pageSize: 50,
        }),
      ],
      [on(fundsContracts.reviewRecharge)]: envelope(200, null),
    });
    renderApp('/adminSettings/customer/userRechargeRecords');
    const row = await screen.findByTestId('recharge-row-41');
    expect(within(row).getByTestId('recharge-status').textContent).toBe('Pending review');
    // No amount has arrived yet: the mark every screen shows for a missing value, not a hyphen read as a minus.
    expect(within(row).getByTestId('recharge-actual').textContent).toBe('—');
    fireEvent.click(within(row).getByTestId('recharge-approve'));

    const amount = (await screen.findByTestId('approve-actual-amount')) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('100.00'));
    fireEvent.change(amount, { target: { value: '98.50' } });
    fireEvent.change(screen.getByTestId('approve-remark'), { target: { value: 'bank fee' } });
    fireEvent.click(screen.getByTestId('approve-ok'));

    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/recharge/approve')).toBe(true));
    expect(calls.find((call) => call.url === '/api/admin/recharge/approve')?.body).toEqual({
      id: 41,
      approve: true,
      actualAmount: '98.50',
      remark: 'bank fee',
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('recharge-row-41')).getByTestId('recharge-status').textContent).toBe('Approved'),
    );
    expect(within(screen.getByTestId('recharge-row-41')).getByTestId('recharge-actual').textContent).toBe('$98.50');
    expect(shownMessages().some((text) => text.includes('Approved; the wallet is credited'))).toBe(true);
  });

  it('will not approve an amount that is not money', async () => {
    const { calls } = stubStaff({
      [on(fundsContracts.listAllRecharges)]: envelope(200, { list: [record()], total: 1, page: 1, pageSize: 50 }),
    });
    renderApp('/adminSettings/customer/userRechargeRecords');
    fireEvent.click(within(await screen.findByTestId('recharge-row-41')).getByTestId('recharge-approve'));
    const amount = (await screen.findByTestId('approve-actual-amount')) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '98.505' } });
    fireEvent.click(screen.getByTestId('approve-ok'));
    await waitFor(() => expect(fieldError('approve-actual-amount')).toBe(FIELD_MESSAGES.amountInvalid['en-US']));
    expect(calls.some((call) => call.url === '/api/admin/recharge/approve')).toBe(false);
  });

  it('rejects only with a reason', async () => {
    const { calls } = stubStaff({
      [on(fundsContracts.listAllRecharges)]: envelope(200, { list: [record()], total: 1, page: 1, pageSize: 50 }),
      [on(fundsContracts.reviewRecharge)]: envelope(200, null),
    });
    renderApp('/adminSettings/customer/userRechargeRecords');
    fireEvent.click(within(await screen.findByTestId('recharge-row-41')).getByTestId('recharge-reject'));
    await screen.findByTestId('reject-reason');
    fireEvent.click(screen.getByTestId('reject-ok'));
    await waitFor(() => expect(fieldError('reject-reason')).toBe('Enter the reason for rejecting'));
    expect(calls.some((call) => call.url === '/api/admin/recharge/approve')).toBe(false);

    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'No transfer found' } });
    fireEvent.click(screen.getByTestId('reject-ok'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/recharge/approve')).toBe(true));
    expect(calls.find((call) => call.url === '/api/admin/recharge/approve')?.body).toEqual({
      id: 41,
      approve: false,
      reason: 'No transfer found',
    });
  });

  it('opens the voucher by fetching it with the bearer token', async () => {
    const { fetchMock } = stubStaff({
      [on(fundsContracts.listAllRecharges)]: envelope(200, { list: [record()], total: 1, page: 1, pageSize: 50 }),
      [on(attachmentsContracts.getAttachment, { id: 5 })]: new Response(
        new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
        {
          status: 200,
          headers: { 'content-type': 'image/png' },
        },
      ),
    });
    renderApp('/adminSettings/customer/userRechargeRecords');
    fireEvent.click(within(await screen.findByTestId('recharge-row-41')).getByTestId('voucher-link'));
    expect((await screen.findByTestId('voucher-preview-image')).getAttribute('src')).toBe('blob:file');
    const init = fetchMock.mock.calls.find(([url]) => String(url) === '/api/app/attachment/5')?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer finance-token');
  });
});

describe('fund details (staff)', () => {
  it.each([
    ['placeOrder', '1'],
    ['refund', '2'],
    ['marginRelease', '3'],
    ['billDeduction', '4'],
  ])('the %s route asks for fund type %s, and exports with it', async (route, type) => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = stubStaff({
      [on(fundsContracts.listAllLedger)]: ledgerPage([ledgerRow({ type: Number(type) })]),
      [on(fundsContracts.exportAllLedger)]: new Response(new Blob(['xlsx']), {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="fund-details-2026-03-01.xlsx"' },
      }),
    });
    renderApp(`/adminSettings/customer/${route}`);
    await screen.findByTestId('ledger-row-90');
    const list = calls.filter((call) => call.url.startsWith('/api/admin/balance/log/list'));
    expect(list.length).toBeGreaterThan(0);
    for (const call of list) expect(query(call).get('type')).toBe(type);
    expect(query(list[0] as StubbedCall).get('currency')).toBe('USD');
    // The type is the route's: no type filter on screen.
    expect(screen.queryByTestId('filter-types')).toBeNull();
    expect(screen.getByTestId('totals-net').getAttribute('data-amount')).toBe('9.50');

    fireEvent.change(screen.getByTestId('filter-keyword'), { target: { value: 'buyer' } });
    fireEvent.click(screen.getByTestId('filter-submit'));
    await waitFor(() => expect(calls.some((call) => query(call).get('keyword') === 'buyer')).toBe(true));
    expect(query(calls.find((call) => query(call).get('keyword') === 'buyer') as StubbedCall).get('type')).toBe(type);

    fireEvent.click(screen.getByTestId('ledger-export'));
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/admin/balance/log/down'))).toBe(true));
    const down = calls.find((call) => call.url.startsWith('/api/admin/balance/log/down')) as StubbedCall;
    expect(query(down).get('type')).toBe(type);
    expect(query(down).get('keyword')).toBe('buyer');
    expect(query(down).get('page')).toBeNull();
    expect(down.headers.isDownLoadFile).toBe('true');
    await waitFor(() => expect(click).toHaveBeenCalled());
  });

  it('fundDetailsAdmin shows every type, with a type filter', async () => {
    const { calls } = stubStaff({
      [on(fundsContracts.listAllLedger)]: ledgerPage([ledgerRow({ type: 0, amount: '-3.00' })]),
    });
    renderApp('/adminSettings/customer/fundDetailsAdmin');
    const row = await screen.findByTestId('ledger-row-90');
    expect(within(row).getByTestId('fund-type').textContent).toBe('Recharge');
    expect(within(row).getByTestId('signed-amount').textContent).toBe('-$3.00');
    expect(screen.getByTestId('filter-types')).toBeTruthy();
    const list = calls.filter((call) => call.url.startsWith('/api/admin/balance/log/list'));
    expect(query(list[0] as StubbedCall).has('type')).toBe(false);
  });

  it('switching between typed routes switches the type', async () => {
    const { calls } = stubStaff({ [on(fundsContracts.listAllLedger)]: ledgerPage([ledgerRow()]) });
    const { router } = renderApp('/adminSettings/customer/refund');
    await screen.findByTestId('ledger-row-90');
    await router.navigate('/adminSettings/customer/billDeduction');
    await waitFor(() =>
      expect(
        calls.some((call) => call.url.startsWith('/api/admin/balance/log/list') && query(call).get('type') === '4'),
      ).toBe(true),
    );
  });
});

describe('customer recharge (staff)', () => {
  it('debits a customer with a mandatory remark and shows the balance after', async () => {
    const { calls } = stubStaff({
      [on(adminUsersContracts.listUsers.admin)]: envelope(200, {
        list: [
          {
            id: 7,
            username: 'buyer@example.com',
            name: 'Ada Buyer',
            company: 'Acme',
            phone: '555',
            status: 1,
            kind: 'customer',
            ownerId: null,
            invitationCode: null,
            registrationDate: '2026-01-01T00:00:00.000Z',
            balance: '112.50',
            roles: [],
          },
        ],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
      [on(fundsContracts.listAllLedger)]: ledgerPage([ledgerRow()]),
      [on(fundsContracts.adjustBalance)]: envelope(200, { balanceAfter: '92.50' }),
    });
    renderApp('/adminSettings/customer/customerRecharge');
    const picker = await screen.findByTestId('customer-picker');
    fireEvent.mouseDown(within(picker.closest('.ant-select') ?? picker).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('customer-option-buyer@example.com'));
    await waitFor(() => expect(screen.getByTestId('adjust-current-balance').textContent).toBe('$112.50'));

    fireEvent.click(screen.getByTestId('adjust-direction-debit'));
    fireEvent.change(screen.getByTestId('adjust-amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('adjust-submit'));
    await waitFor(() => expect(fieldError('adjust-remark')).toBe('Enter a remark'));
    expect(calls.some((call) => call.url === '/api/admin/balance/adjust')).toBe(false);

    fireEvent.change(screen.getByTestId('adjust-remark'), { target: { value: 'Wrong label refund' } });
    fireEvent.click(screen.getByTestId('adjust-submit'));
    fireEvent.click(await screen.findByTestId('adjust-confirm-ok'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/balance/adjust')).toBe(true));
    expect(calls.find((call) => call.url === '/api/admin/balance/adjust')?.body).toEqual({
      userId: 7,
      currency: 'USD',
      amount: '-20',
      remark: 'Wrong label refund',
    });
    expect((await screen.findByTestId('adjust-balance-after')).textContent).toBe('$92.50');
    // The list below is this customer's recharges and staff adjustments.
    const list = calls.filter(
      (call) => call.url.startsWith('/api/admin/balance/log/list') && query(call).get('type') === '0,7',
    );
    expect(list.some((call) => query(call).get('userId') === '7')).toBe(true);
  });
});

describe('doubtful ledger flow', () => {
  it('says all balances reconcile when nothing is doubtful, and lists the wallets and orders that are', async () => {
    stubStaff({
      [on(fundsContracts.listDoubtfulOrders)]: [
        envelope(200, []),
        envelope(200, [
          {
            orderId: 3,
            orderNo: 'PP2611220000003',
            userId: 7,
            status: 1,
            net: '-5.00',
            expected: '-6.00',
            earnestNet: '0.00',
            expectedEarnest: '0.00',
          },
        ]),
      ],
      [on(fundsContracts.listDoubtfulWallets)]: [
        envelope(200, []),
        envelope(200, [
          {
            userId: 7,
            username: 'buyer@example.com',
            currency: 'USD',
            balance: '10.00',
            ledgerBalance: '9.00',
            earnestBalance: '0.00',
            ledgerEarnest: '0.00',
            depositBalance: '0.00',
            ledgerDeposit: '0.00',
          },
        ]),
      ],
    });
    renderApp('/maintenance/doubtfulOrderFlow');
    expect((await screen.findByTestId('doubtful-empty')).textContent).toContain(
      'All balances reconcile with their ledgers',
    );
    fireEvent.click(screen.getByTestId('doubtful-refresh'));
    const row = await screen.findByTestId('doubtful-row-7-USD');
    expect(row.textContent).toContain('$10.00');
    expect(row.textContent).toContain('$9.00');
    const order = await screen.findByTestId('doubtful-order-PP2611220000003');
    expect(order.textContent).toContain('6.00');
    expect(order.textContent).toContain('5.00');
    // Issue 14: both lists' own columns fit 1440 px with the menu open.
    expectTableFits(row.closest('.ant-table-wrapper') as HTMLElement);
    expectTableFits(order.closest('.ant-table-wrapper') as HTMLElement);
  });
});
