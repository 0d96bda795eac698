import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import * as fundsContracts from '@parcelport/shared/contracts/funds/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, shownMessages, stubFetch } from '../../test/helpers';
import { renderApp } from '../../test/render';

const merchant = sampleUser({ role: ['appBalanceList', 'appSysMessageList'] });

const line = (overrides: Record<string, unknown> = {}) => ({
  id: 31,
  trackingNo: '9400111111111111111111',
  cause: 'weightOrSize',
  reason: 'Weight correction',
  orderId: 55,
  orderNo: 'PP2026030100001',
  declaredOz: 16,
  billedOz: 48,
  declaredSize: '6 x 6 x 6 in',
  billedSize: '12 x 10 x 8 in',
  declaredZone: 5,
  billedZone: '5',
  service: '',
  merchantChange: '2.20',
  penalty: '5.00',
  taken: '3.00',
  owed: '4.20',
  postedAt: '2026-03-01T09:00:00.000Z',
  dispute: 'none',
  disputeReason: '',
  disputeAnswer: '',
  workOrderId: null,
  ...overrides,
});

const page = (list: unknown[], owed = '0.00') => ({ list, total: list.length, page: 1, pageSize: 50, owed });
const ledger = { list: [], total: 0, page: 1, pageSize: 50, totals: { income: '0.00', expense: '0.00', net: '0.00' } };

function stub(lines: unknown) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, merchant),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(fundsContracts.listMyLedger)]: envelope(200, ledger),
    [on(billsContracts.listMyBillLines)]: lines as never,
    [on(billsContracts.disputeBillLine, { id: 31 })]: envelope(200, line({ dispute: 'open' })),
  });
}

describe("the merchant's carrier adjustments", () => {
  inEnglishWithToken('merchant-token');

  it('are not shown while there are none', async () => {
    const { calls } = stub(envelope(200, page([])));
    renderApp('/postage/fundDetails');
    await screen.findByTestId('fund-details-page');
    await waitFor(() => expect(callsOf(calls, billsContracts.listMyBillLines)).toHaveLength(1));
    expect(screen.queryByTestId('bill-deductions')).toBeNull();
  });

  it('show the evidence and what is owed, and send a dispute with its reason', async () => {
    const { calls } = stub([
      envelope(200, page([line()], '4.20')),
      envelope(200, page([line({ dispute: 'open', disputeReason: 'Weighed 1 lb' })], '4.20')),
    ]);
    renderApp('/postage/fundDetails');
    const card = await screen.findByTestId('bill-deductions');
    expect(within(card).getByTestId('bill-deductions-owed').textContent).toBe('Owed: $4.20');
    const row = within(card).getByTestId('my-bill-line');
    // Declared beside measured; never the carrier's cost.
    expect(row.textContent).toContain('1 lb → 3 lb');
    expect(row.textContent).toContain('6 x 6 x 6 in → 12 x 10 x 8 in');
    expect(within(row).getByTestId('my-bill-line-change').textContent).toBe('$2.20');

    fireEvent.click(within(row).getByTestId('bill-dispute'));
    fireEvent.click(await screen.findByTestId('bill-dispute-send'));
    expect(await screen.findByText('Say why the adjustment is wrong')).toBeTruthy();
    expect(callsOf(calls, billsContracts.disputeBillLine, { id: 31 })).toHaveLength(0);

    fireEvent.change(screen.getByTestId('bill-dispute-reason'), { target: { value: 'Weighed 1 lb' } });
    fireEvent.click(screen.getByTestId('bill-dispute-send'));
    await waitFor(() => expect(callsOf(calls, billsContracts.disputeBillLine, { id: 31 })).toHaveLength(1));
    expect(callsOf(calls, billsContracts.disputeBillLine, { id: 31 })[0]?.body).toEqual({ reason: 'Weighed 1 lb' });
    await waitFor(() => expect(shownMessages()).toContain('Dispute sent: a billing work order was opened'));
    expect((await within(card).findByTestId('my-bill-line-dispute')).textContent).toBe('Disputed');
  });
});
