import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { cleanup, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderMoneyLine } from '../../api/orders';
import { changeLocale } from '../../i18n';
import { catalogueOf } from '../../locales/catalogue';
import { useSessionStore } from '../../stores/session';
import { envelope, on, sampleUser, stubFetch } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { detailOf } from '../../test/shipmentFixtures';

const enUS = catalogueOf('en-US');
const zhCN = catalogueOf('zh-CN');

beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

const at = (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm');
const line = (
  id: number,
  kind: OrderMoneyLine['kind'],
  type: number,
  amount: string,
  time: string,
): OrderMoneyLine => ({
  id,
  kind,
  type,
  amount,
  time,
});

/** A label voided and refunded, then billed a weight correction the merchant was charged for (issue 15). */
const voidedThenBilled = detailOf({
  id: 31,
  orderNo: 'PP-BILLED-AFTER-VOID',
  status: 15,
  rate: '11.20',
  insuranceFee: '2.00',
  earnest: '5.00',
  refundedAt: '2026-01-03T10:00:00.000Z',
  carrierRefund: 'refunded',
  money: {
    currency: 'USD',
    lines: [
      line(1, 'charge', 1, '13.20', '2026-01-02T10:00:00.000Z'),
      line(2, 'refund', 2, '-13.20', '2026-01-03T10:00:00.000Z'),
      line(3, 'billDeduction', 4, '14.52', '2026-01-20T10:00:00.000Z'),
      line(4, 'penalty', 6, '5.00', '2026-01-20T10:00:00.000Z'),
    ],
    net: '19.52',
  },
});

/** A label billed a deduction and a penalty the merchant disputed; staff accepted and gave both back. */
const disputed = detailOf({
  id: 32,
  orderNo: 'PP-DISPUTED',
  status: 3,
  rate: '11.20',
  insuranceFee: '0.00',
  money: {
    currency: 'USD',
    lines: [
      line(5, 'charge', 1, '11.20', '2026-01-02T10:00:00.000Z'),
      line(6, 'billDeduction', 4, '3.30', '2026-01-20T10:00:00.000Z'),
      line(7, 'penalty', 6, '5.00', '2026-01-20T10:00:00.000Z'),
      line(8, 'disputeReversal', 2, '-8.30', '2026-01-25T10:00:00.000Z'),
    ],
    net: '11.20',
  },
});

function stub() {
  stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(ordersContracts.getOrder.app, { id: 31 })]: envelope(200, voidedThenBilled),
    [on(ordersContracts.getOrder.app, { id: 32 })]: envelope(200, disputed),
  });
}

/** The charges card as label → amount, in the order shown. */
async function chargesOf(id: number) {
  stub();
  renderApp(`/shipments/detail/${id}`);
  const card = await screen.findByTestId('order-detail-charges');
  return Array.from(card.querySelectorAll('.ant-descriptions-item')).map((item) => [
    item.querySelector('.ant-descriptions-item-label')?.textContent,
    item.querySelector('.ant-descriptions-item-content')?.textContent,
  ]);
}

describe.each([
  ['en-US', enUS],
  ['zh-CN', zhCN],
] as const)('order detail money from the ledger (%s)', (locale, messages) => {
  const m = messages as Record<string, string>;
  const label = (key: string, time?: string) => (time ? m[key]?.replace('{{at}}', at(time)) : m[key]);
  beforeEach(async () => {
    cleanup();
    await changeLocale(locale);
  });

  it('a voided, refunded label later charged by a carrier bill shows every line and what was paid in the end', async () => {
    expect(await chargesOf(31)).toEqual([
      [label('orderDetail.rate'), '$11.20'],
      [label('orderDetail.insuranceFee'), '$2.00'],
      [label('orderDetail.chargedAt', '2026-01-02T10:00:00.000Z'), '$13.20'],
      [label('orderDetail.refunded', '2026-01-03T10:00:00.000Z'), '-$13.20'],
      [label('orderDetail.billDeduction', '2026-01-20T10:00:00.000Z'), '$14.52'],
      [label('orderDetail.penalty', '2026-01-20T10:00:00.000Z'), '$5.00'],
      [label('orderDetail.net'), '$19.52'],
      [label('orderDetail.earnest'), '$5.00'],
    ]);
    // Not the 0.00 a void's refund alone would leave.
    expect(screen.getByTestId('order-detail-net').textContent).toBe('$19.52');
  });

  it("an accepted dispute's reversal shows, and the net is the label's price", async () => {
    const rows = await chargesOf(32);
    expect(rows.slice(2, 7)).toEqual([
      [label('orderDetail.chargedAt', '2026-01-02T10:00:00.000Z'), '$11.20'],
      [label('orderDetail.billDeduction', '2026-01-20T10:00:00.000Z'), '$3.30'],
      [label('orderDetail.penalty', '2026-01-20T10:00:00.000Z'), '$5.00'],
      [label('orderDetail.disputeReversal', '2026-01-25T10:00:00.000Z'), '-$8.30'],
      [label('orderDetail.net'), '$11.20'],
    ]);
    expect(within(screen.getByTestId('order-detail-charges')).getByTestId('order-detail-disputeReversal')).toBeTruthy();
  });
});
