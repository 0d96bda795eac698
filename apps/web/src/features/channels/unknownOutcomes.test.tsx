import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as pickupsContracts from '@parcelport/shared/contracts/pickups/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, shownMessages, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { admin, channel } from './carrierFixtures';

inEnglishWithToken('admin-token');

/** The carrier services page with one channel and nothing waiting for staff but what `stubs` answer. */
const page = (stubs: Parameters<typeof stubFetch>[0]) => {
  const stubbed = stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, admin),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.listChannels)]: envelope(200, { list: [channel], total: 1, page: 1, pageSize: 9999999 }),
    [on(ordersContracts.listUnknownCarrierForms)]: envelope(200, []),
    [on(pickupsContracts.listUnknownPickups)]: envelope(200, []),
    ...stubs,
  });
  renderApp('/adminSettings/permission/carrierService');
  return stubbed;
};

describe('SCAN forms with an unknown outcome', () => {
  const lost = {
    id: 71,
    channelId: 6,
    channelName: 'USPS direct',
    username: 'shop@example.com',
    askedAt: '2026-11-24T08:00:00.000Z',
    trackingNumbers: ['9205590000000000000001', '9205590000000000000002'],
    isTest: false,
  };
  const testLost = { ...lost, id: 72, trackingNumbers: ['9205590000000000000003'], isTest: true };

  it('none waiting: the carrier services page shows neither card (lost SCAN forms, lost pickups)', async () => {
    page({});
    expect(await screen.findByTestId('channel-row-Regional UPS')).toBeTruthy();
    expect(screen.queryByTestId('unknown-carrier-forms')).toBeNull();
    expect(screen.queryByTestId('unknown-pickups')).toBeNull();
  });

  it("recorded: staff enter the form's number USPS shows, checked as the server checks it", async () => {
    const { calls } = page({
      [on(ordersContracts.listUnknownCarrierForms)]: [envelope(200, [lost, testLost]), envelope(200, [])],
      [on(ordersContracts.settleCarrierForm, { id: 71 })]: envelope(200, {
        outcome: 'recorded',
        formNumber: '9475711201080520123456',
        settledBy: 'admin@example.com',
        settledAt: '2026-11-24T09:00:00.000Z',
      }),
    });
    const row = await screen.findByTestId('carrier-form-row-71');
    expect(within(row).getByText('shop@example.com')).toBeTruthy();
    expect(within(row).getByText('9205590000000000000002')).toBeTruthy();
    // A test order's form is marked Test (issue 31), a live one is not.
    expect(within(screen.getByTestId('carrier-form-row-72')).getByTestId('carrier-form-test').textContent).toBe('Test');
    expect(within(row).queryByTestId('carrier-form-test')).toBeNull();
    fireEvent.click(within(row).getByTestId('carrier-form-settle-71'));

    typeInto('carrier-form-number', 'N°12');
    fireEvent.click(await screen.findByTestId('carrier-form-submit'));
    expect(await screen.findByText('A form number holds 4-40 letters, digits and hyphens')).toBeTruthy();
    expect(callsOf(calls, ordersContracts.settleCarrierForm, { id: 71 })).toHaveLength(0);

    typeInto('carrier-form-number', ' 9475711201080520123456 ');
    fireEvent.click(screen.getByTestId('carrier-form-submit'));
    await waitFor(() => expect(callsOf(calls, ordersContracts.settleCarrierForm, { id: 71 })).toHaveLength(1));
    expect(callsOf(calls, ordersContracts.settleCarrierForm, { id: 71 })[0]?.body).toEqual({
      outcome: 'recorded',
      formNumber: '9475711201080520123456',
    });
    await waitFor(() =>
      expect(shownMessages()).toContain('Form 9475711201080520123456 recorded; the merchant has been told'),
    );
    await waitFor(() => expect(screen.queryByTestId('unknown-carrier-forms')).toBeNull());
  });

  it('released: the labels go back for a new form; no number is asked', async () => {
    const { calls } = page({
      [on(ordersContracts.listUnknownCarrierForms)]: [envelope(200, [lost]), envelope(200, [])],
      [on(ordersContracts.settleCarrierForm, { id: 71 })]: envelope(200, {
        outcome: 'released',
        formNumber: null,
        settledBy: 'admin@example.com',
        settledAt: '2026-11-24T09:00:00.000Z',
      }),
    });
    fireEvent.click(await screen.findByTestId('carrier-form-settle-71'));
    fireEvent.click(await screen.findByText('USPS made no form'));
    expect(await screen.findByText(/the merchant's next manifest asks USPS for a new form/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('carrier-form-submit'));
    await waitFor(() => expect(callsOf(calls, ordersContracts.settleCarrierForm, { id: 71 })).toHaveLength(1));
    expect(callsOf(calls, ordersContracts.settleCarrierForm, { id: 71 })[0]?.body).toEqual({ outcome: 'released' });
    await waitFor(() =>
      expect(shownMessages()).toContain('The labels are released for a new form; the merchant has been told'),
    );
  });
});

describe('pickups with an unknown outcome', () => {
  const lost = {
    id: 41,
    channelId: 6,
    channelName: 'USPS direct',
    username: 'shop@example.com',
    pickupDate: '2026-11-25',
    packageCount: 3,
    askedAt: '2026-11-24T08:00:00.000Z',
  };

  it("recorded: staff enter the carrier's confirmation number, checked as the server checks it", async () => {
    const { calls } = page({
      [on(pickupsContracts.listUnknownPickups)]: [envelope(200, [lost]), envelope(200, [])],
      [on(pickupsContracts.settlePickup, { id: 41 })]: envelope(200, {
        outcome: 'recorded',
        confirmationNo: 'WTC12345678',
        fee: '0.00',
        settledBy: 'admin@example.com',
        settledAt: '2026-11-24T09:00:00.000Z',
      }),
    });
    const row = await screen.findByTestId('pickup-row-41');
    expect(within(row).getByText('shop@example.com')).toBeTruthy();
    expect(within(row).getByText('2026-11-25')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('pickup-settle-41'));

    typeInto('pickup-settle-number', 'N°12');
    fireEvent.click(await screen.findByTestId('pickup-settle-submit'));
    expect(await screen.findByText('A confirmation number holds 4-40 letters, digits and hyphens')).toBeTruthy();
    expect(callsOf(calls, pickupsContracts.settlePickup, { id: 41 })).toHaveLength(0);

    typeInto('pickup-settle-number', ' WTC12345678 ');
    fireEvent.click(screen.getByTestId('pickup-settle-submit'));
    await waitFor(() => expect(callsOf(calls, pickupsContracts.settlePickup, { id: 41 })).toHaveLength(1));
    expect(callsOf(calls, pickupsContracts.settlePickup, { id: 41 })[0]?.body).toEqual({
      outcome: 'recorded',
      confirmationNo: 'WTC12345678',
    });
    await waitFor(() =>
      expect(shownMessages()).toContain('Pickup WTC12345678 recorded (fee 0.00); the merchant has been told'),
    );
    await waitFor(() => expect(screen.queryByTestId('unknown-pickups')).toBeNull());
  });

  it('released: marked not booked; no number is asked', async () => {
    const { calls } = page({
      [on(pickupsContracts.listUnknownPickups)]: [envelope(200, [lost]), envelope(200, [])],
      [on(pickupsContracts.settlePickup, { id: 41 })]: envelope(200, {
        outcome: 'released',
        confirmationNo: null,
        fee: '0.00',
        settledBy: 'admin@example.com',
        settledAt: '2026-11-24T09:00:00.000Z',
      }),
    });
    fireEvent.click(await screen.findByTestId('pickup-settle-41'));
    fireEvent.click(await screen.findByText('The carrier did not book it'));
    expect(await screen.findByText(/the merchant can book that day again/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('pickup-settle-submit'));
    await waitFor(() => expect(callsOf(calls, pickupsContracts.settlePickup, { id: 41 })).toHaveLength(1));
    expect(callsOf(calls, pickupsContracts.settlePickup, { id: 41 })[0]?.body).toEqual({ outcome: 'released' });
    await waitFor(() =>
      expect(shownMessages()).toContain('Marked not booked; the merchant has been told and can book the day again'),
    );
  });
});
