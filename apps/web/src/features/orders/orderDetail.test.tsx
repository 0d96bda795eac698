import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { envelope, on } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { detailOf } from '../../test/shipmentFixtures';
import { stubList } from './orderListFixtures';

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:label' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});

describe('order detail', () => {
  it('a voided label whose refund follows the carrier says so, with the amount; a refunded one shows the refund and the net', async () => {
    const voided = (overrides: Parameters<typeof detailOf>[0]) =>
      detailOf({ id: 9, orderNo: 'PP-VOIDED', status: 15, rate: '11.20', insuranceFee: '2.00', ...overrides });
    stubList({
      [on(ordersContracts.getOrder.app, { id: 9 })]: envelope(
        200,
        voided({ carrierRefund: 'pending', refundedAt: null }),
      ),
      [on(ordersContracts.getOrder.app, { id: 10 })]: envelope(
        200,
        voided({ id: 10, orderNo: 'PP-REFUNDED', carrierRefund: 'refunded', refundedAt: '2026-01-03T00:00:00.000Z' }),
      ),
    });
    const { router } = renderApp('/shipments/detail/9');
    expect((await screen.findByTestId('order-refund-waiting')).textContent).toBe(
      'Voided: $13.20 is refunded to your balance as soon as the carrier refunds the label.',
    );
    const charges = screen.getByTestId('order-detail-charges');
    expect(within(charges).getByText('Refund on its way')).toBeTruthy();
    expect(screen.getByTestId('order-detail-refunded').textContent).toBe('-$13.20');
    expect(screen.queryByTestId('order-detail-net')).toBeNull();
    await router.navigate('/shipments/detail/10');
    await waitFor(() => expect(screen.getByTestId('order-detail-no').textContent).toBe('PP-REFUNDED'));
    expect(screen.queryByTestId('order-refund-waiting')).toBeNull();
    // The charge, the refund with its date, and nothing paid in the end.
    const refunded = screen.getByTestId('order-detail-charges');
    expect(within(refunded).getByText('$13.20')).toBeTruthy();
    expect(within(refunded).getByText(/^Refunded 2026-01-0[23] /)).toBeTruthy();
    expect(screen.getByTestId('order-detail-refunded').textContent).toBe('-$13.20');
    expect(screen.getByTestId('order-detail-net').textContent).toBe('$0.00');
  });

  it('shows the parties, parcels with formatted tracking numbers, charges and the timeline', async () => {
    stubList({
      [on(ordersContracts.getOrder.app, { id: 2 })]: envelope(
        200,
        detailOf({
          id: 2,
          orderNo: 'PP-BOUGHT',
          status: 1,
          tackNo: '1Z999AA10123456784',
          carrierCode: 'UPS',
          serviceName: 'UPS Ground',
          rate: '11.20',
          insuranceFee: '7.00',
          earnest: '5.00',
          parcels: detailOf({}).parcels.map((parcel, index) => ({
            ...parcel,
            trackingNo: index === 0 ? '1Z999AA10123456784' : '1Z999AA10123456793',
          })),
          timeline: [
            { status: 0, event: 'draft', title: 'Draft created', detail: null, time: '2026-01-02T03:04:05.000Z' },
            {
              status: 17,
              event: 'placing',
              title: 'Placing the order',
              detail: null,
              time: '2026-01-02T03:05:00.000Z',
            },
            {
              status: 1,
              event: 'labelCreated',
              title: 'Waybill generated',
              detail: '1Z999AA10123456784',
              time: '2026-01-02T03:05:01.000Z',
            },
          ],
        }),
      ),
    });
    renderApp('/shipments/detail/2');
    const page = await screen.findByTestId('order-detail-page');
    expect(screen.getByTestId('order-detail-no').textContent).toBe('PP-BOUGHT');
    expect(within(page).getAllByTestId('order-status')[0]?.textContent).toBe('Pending transport');
    expect(screen.getByTestId('order-detail-from').textContent).toContain('Ada Shipper · Shop Co');
    expect(screen.getByTestId('order-detail-to').textContent).toContain('New York, NY 10118');
    const tracking = screen.getAllByTestId('parcel-tracking').map((cell) => cell.textContent);
    expect(tracking).toEqual(['1Z 999 AA1 01 2345 678 4', '1Z 999 AA1 01 2345 679 3']);
    const charges = screen.getByTestId('order-detail-charges').textContent;
    expect(charges).toContain('$11.20');
    expect(charges).toContain('$7.00');
    expect(charges).toContain('$18.20');
    expect(charges).toContain('$5.00');
    const timeline = screen.getByTestId('order-timeline');
    expect(within(timeline).getByTestId('timeline-labelCreated').textContent).toBe(
      'Waybill generated1Z999AA10123456784',
    );
    expect(
      within(timeline)
        .getAllByTestId(/^timeline-/)
        .map((node) => node.dataset.testid),
    ).toEqual(['timeline-draft', 'timeline-placing', 'timeline-labelCreated']);
    // The actions of a bought label, as on the list (and the label with its packing slip), without a link to itself.
    const actions = within(page)
      .queryAllByTestId(/^order-action-/)
      .map((node) => node.dataset.testid);
    expect(actions).toEqual([
      'order-action-download',
      'order-action-download-slip',
      'order-action-cancel',
      'order-action-copy',
    ]);
  });
});
