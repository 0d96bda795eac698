/**
 * Issue 30 pickups on screen: the day's labels by channel with the fee a booking costs shown before booking,
 * a booking filled from those labels that answers the carrier's confirmation, and a cancel of a scheduled one.
 */
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as contracts from '@parcelport/shared/contracts/pickups/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { PickupView } from '../../api/pickups';
import {
  callsOf,
  chooseOption,
  envelope,
  inEnglishWithToken,
  on,
  sampleUser,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { renderApp } from '../../test/render';

inEnglishWithToken('customer-token');

const labels = [
  { channelId: 3, channelName: 'Demo USPS', packageCount: 4, weightLb: 7.5, canPickUp: true, fee: '1.25' },
  { channelId: 5, channelName: 'EasyPost', packageCount: 1, weightLb: 2, canPickUp: true, fee: null },
  { channelId: 8, channelName: 'Freight desk', packageCount: 2, weightLb: 40, canPickUp: false, fee: null },
];

const pickup = (overrides: Partial<PickupView> = {}): PickupView => ({
  id: 11,
  channelId: 3,
  channelName: 'Demo USPS',
  pickupDate: '2026-12-01',
  windowStart: '10:00',
  windowEnd: '16:00',
  location: 'MAIL_ROOM',
  instructions: 'Ring twice',
  packageCount: 4,
  weightLb: 7.5,
  status: 'scheduled',
  confirmationNo: 'DPU000123456',
  fee: '1.25',
  createdAt: '2026-11-30T09:00:00.000Z',
  cancelledAt: null,
  ...overrides,
});

const common = {
  [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
  [on(messagesContracts.listMessages)]: envelope(200, []),
  [on(contracts.listPickupLabels)]: envelope(200, labels),
};

describe('pickups', () => {
  it("shows each channel's fee before booking, books with the labels' count and weight, and shows the confirmation", async () => {
    const { calls } = stubFetch({
      ...common,
      [on(contracts.listPickups)]: [envelope(200, []), envelope(200, [pickup()])],
      [on(contracts.bookPickup)]: envelope(200, pickup()),
    });
    renderApp('/shipments/pickups');
    const table = await screen.findByTestId('pickup-labels');
    await waitFor(() => expect(within(table).getByTestId('pickup-fee').textContent).toBe('$1.25'));
    expect(within(table).getByTestId('pickup-fee-unknown').textContent).toBe('Priced by the carrier when booked');
    expect(within(table).getByText('This channel offers no pickup')).toBeTruthy();
    expect(within(table).queryByTestId('pickup-book-8')).toBeNull();
    // Today's labels were asked for.
    expect(callsOf(calls, contracts.listPickupLabels)[0]?.url).toContain(`date=${dayjs().format('YYYY-MM-DD')}`);

    fireEvent.click(within(table).getByTestId('pickup-book-3'));
    expect((await screen.findByTestId('pickup-book-count')).textContent).toBe('4');
    expect(screen.getByTestId('pickup-book-weight').textContent).toBe('7.5 lb');
    expect(within(screen.getByTestId('pickup-book-summary')).getByTestId('pickup-fee').textContent).toBe('$1.25');
    expect(screen.getByTestId('pickup-fee-notice').textContent).toContain('taken from your wallet');
    await chooseOption('pickup-location', 'Mail room');
    typeInto('pickup-instructions', 'Ring twice');
    fireEvent.click(screen.getByTestId('pickup-book-confirm'));

    await waitFor(() => expect(callsOf(calls, contracts.bookPickup)).toHaveLength(1));
    const body = callsOf(calls, contracts.bookPickup)[0]?.body as Record<string, string>;
    expect(body).toEqual({
      channelId: 3,
      labelDate: dayjs().format('YYYY-MM-DD'),
      pickupDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      windowStart: '09:00',
      windowEnd: '17:00',
      location: 'MAIL_ROOM',
      instructions: 'Ring twice',
    });
    // A working day after today.
    expect(dayjs(body.pickupDate).isAfter(dayjs(), 'day')).toBe(true);
    expect([0, 6]).not.toContain(dayjs(body.pickupDate).day());
    expect((await screen.findByTestId('pickup-booked')).textContent).toBe('Pickup booked, confirmation DPU000123456');
    expect((await screen.findByTestId('pickup-confirmation-11')).textContent).toContain('DPU000123456');
  });

  it('a scheduled pickup is cancelled after a confirmation that says its fee comes back', async () => {
    const { calls } = stubFetch({
      ...common,
      [on(contracts.listPickups)]: [
        envelope(200, [pickup(), pickup({ id: 9, status: 'cancelled', fee: '0.00' })]),
        envelope(200, [pickup({ status: 'cancelled' }), pickup({ id: 9, status: 'cancelled', fee: '0.00' })]),
      ],
      [on(contracts.cancelPickup, { id: 11 })]: envelope(200, pickup({ status: 'cancelled' })),
    });
    renderApp('/shipments/pickups');
    expect((await screen.findByTestId('pickup-status-11')).textContent).toBe('Scheduled');
    // A cancelled one offers nothing more.
    expect(screen.queryByTestId('pickup-cancel-9')).toBeNull();
    fireEvent.click(screen.getByTestId('pickup-cancel-11'));
    expect(await screen.findByText('Its fee comes back to your wallet.')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(callsOf(calls, contracts.cancelPickup, { id: 11 })).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('pickup-status-11').textContent).toBe('Cancelled'));
    expect(screen.queryByTestId('pickup-cancel-11')).toBeNull();
  });

  it('a day without labels says so', async () => {
    stubFetch({
      ...common,
      [on(contracts.listPickupLabels)]: envelope(200, []),
      [on(contracts.listPickups)]: envelope(200, []),
    });
    renderApp('/shipments/pickups');
    expect(await screen.findByTestId('pickup-no-labels')).toBeTruthy();
  });
});
