import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as pickupsContracts from '@parcelport/shared/contracts/pickups/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, inEnglishWithToken, on, stubFetch } from '../../test/helpers';
import { renderApp, renderWithProviders } from '../../test/render';
import { admin, channel, service } from './carrierFixtures';

inEnglishWithToken('admin-token');

import { RateTablePanel } from './RateTablePanel';
import {
  basisPointsToPercent,
  deliveryDaysList,
  dollarsToCents,
  percentToBasisPoints,
  serviceSettingsToValues,
  valuesToServiceSettings,
} from './settings';

describe('ratecard settings conversion', () => {
  it('turns dollars into cents and percentages into basis points, and back', () => {
    expect(dollarsToCents('4.95')).toBe(495);
    expect(dollarsToCents('30')).toBe(3000);
    expect(dollarsToCents('0.5')).toBe(50);
    expect(dollarsToCents('-1')).toBeNull();
    expect(dollarsToCents('1.234')).toBeNull();
    expect(percentToBasisPoints('12.5')).toBe(1250);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('abc')).toBeNull();
    expect(basisPointsToPercent(1250)).toBe('12.5');
    expect(basisPointsToPercent(1500)).toBe('15');
    expect(basisPointsToPercent(0)).toBe('0');
  });

  it('keeps delivery days from zone 1 and refuses a gap', () => {
    expect(deliveryDaysList([1, 2, 3, null, null])).toEqual([1, 2, 3]);
    expect(deliveryDaysList([null, null])).toEqual([]);
    expect(deliveryDaysList([1, null, 3])).toEqual({ gapAtZone: 2 });
  });

  it('round-trips stored settings and keeps keys the form does not edit', () => {
    const stored = {
      dimDivisor: 139,
      dimThresholdCuIn: 0,
      maxWeightOz: 2400,
      maxLengthIn: 108,
      maxLengthGirthIn: 165,
      residentialCents: 555,
      fuelBp: 1500,
      oversizeLengthIn: 48,
      oversizeCents: 2700,
      remoteZip3: ['995', '996'],
      remoteCents: 1450,
      deliveryDays: [1, 2, 2, 3],
      allowedBatteries: ['none'],
      somethingElse: true,
    };
    const values = serviceSettingsToValues(stored);
    expect(values.residential).toBe('5.55');
    expect(values.fuelPercent).toBe('15');
    expect(values.maxWeightLb).toBe(150);
    expect(values.deliveryDays).toEqual([1, 2, 2, 3, null, null, null, null, null]);
    expect(valuesToServiceSettings(values, stored)).toEqual(stored);
  });
});

describe('carrier service editor', () => {
  it('sends money in cents and the fuel surcharge in basis points', async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, admin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(channelsContracts.listChannels)]: [
        envelope(200, { list: [channel], total: 1, page: 1, pageSize: 9999999 }),
        envelope(200, { list: [{ ...channel, services: [service] }], total: 1, page: 1, pageSize: 9999999 }),
      ],
      [on(channelsContracts.createService)]: envelope(200, { id: 42 }),
      [on(channelsContracts.serviceRates, { id: 42 })]: envelope(200, []),
    });
    renderApp('/adminSettings/permission/carrierServiceNew?channelId=3');
    const form = await screen.findByTestId('service-form');
    await waitFor(() => expect((screen.getByTestId('service-residential') as HTMLInputElement).value).toBe('0.00'));

    const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
    type('service-code', 'UPS_REGIONAL');
    type('service-name', 'UPS Regional');
    type('service-dim-divisor', '139');
    type('service-max-weight', '150');
    type('service-residential', '4.95');
    type('service-fuel', '12.5');
    type('service-oversize', '30');
    type('service-remote', '2.25');
    // Each zone's days are named by their zone (axe: label), not only placed under its heading.
    expect(within(form).getByRole('spinbutton', { name: 'Delivery days to zone 9' })).toBe(
      within(form).getByTestId('service-days-zone-9'),
    );
    type('service-days-zone-1', '1');
    type('service-days-zone-2', '2');
    type('service-days-zone-3', '3');

    // A money field with three decimals is refused before anything is sent.
    type('service-oversize', '30.555');
    fireEvent.click(within(form).getByTestId('service-save'));
    expect(await screen.findByText('Enter an amount such as 4.95')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/admin/channel/createNew')).toBe(false);

    type('service-oversize', '30');
    fireEvent.click(within(form).getByTestId('service-save'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/channel/createNew')).toBe(true));
    const body = calls.find((call) => call.url === '/api/admin/channel/createNew')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      channelId: 3,
      code: 'UPS_REGIONAL',
      name: 'UPS Regional',
      carrierCode: 'UPS',
      status: 1,
    });
    expect(body.settings).toMatchObject({
      dimDivisor: 139,
      maxWeightOz: 2400,
      residentialCents: 495,
      fuelBp: 1250,
      oversizeCents: 3000,
      remoteCents: 225,
      deliveryDays: [1, 2, 3],
    });
    // Saved: the screen now edits service 42 and shows its (empty) rate table.
    expect(await screen.findByTestId('rates-empty')).toBeTruthy();
  });
});

describe('carrier service editor, refused settings', () => {
  it("shows each setting the platform's schema refused, by its name", async () => {
    stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, admin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(channelsContracts.listChannels)]: envelope(200, { list: [channel], total: 1, page: 1, pageSize: 9999999 }),
      [on(channelsContracts.createService)]: envelope(
        400,
        { fields: { 'settings.dimDivisor': 'Too small: expected number to be >=0' } },
        'Invalid settings: dimDivisor: Too small: expected number to be >=0',
      ),
    });
    renderApp('/adminSettings/permission/carrierServiceNew?channelId=3');
    const form = await screen.findByTestId('service-form');
    await waitFor(() => expect((screen.getByTestId('service-residential') as HTMLInputElement).value).toBe('0.00'));
    fireEvent.change(screen.getByTestId('service-code'), { target: { value: 'UPS_REGIONAL' } });
    fireEvent.change(screen.getByTestId('service-name'), { target: { value: 'UPS Regional' } });
    fireEvent.click(within(form).getByTestId('service-save'));
    expect((await screen.findByTestId('service-settings-error')).textContent).toContain(
      'dimDivisor: Too small: expected number to be >=0',
    );
  });
});

describe('rate table import', () => {
  it('shows a refused sheet as a row/column table', async () => {
    const { calls } = stubFetch({
      [on(channelsContracts.serviceRates, { id: 5 })]: envelope(200, []),
      [on(channelsContracts.importRates, { id: 5 })]: envelope(
        400,
        {
          errors: [
            { row: 1, column: 3, message: '"Zone X" is not a zone (1-12)' },
            { row: 4, column: 2, message: '"abc" is not a price' },
          ],
        },
        'The sheet has errors; fix the rows and columns listed and import again',
      ),
    });
    const { container } = renderWithProviders(<RateTablePanel serviceId={5} />);
    await screen.findByTestId('rates-empty');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['weight,Zone 1,Zone X\n1 lb,abc,4.00\n'], 'rates.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });

    const table = await screen.findByTestId('sheet-errors');
    expect(table.textContent).toContain('The rate table was refused: 2 problems');
    const cell = screen.getByTestId('sheet-error-4-2');
    expect(cell.textContent).toContain('4');
    expect(cell.textContent).toContain('B (2)');
    expect(cell.textContent).toContain('"abc" is not a price');
    expect(screen.getByTestId('sheet-error-1-3').textContent).toContain('C (3)');
    const upload = calls.find((call) => call.method === 'POST');
    expect(upload?.url).toBe('/api/admin/channel/service/5/rates');
  });

  it('shows an imported table as a zone × weight grid', async () => {
    stubFetch({
      [on(channelsContracts.serviceRates, { id: 5 })]: [
        envelope(200, []),
        envelope(200, [
          { zone: 1, maxOz: 8, price: '4.10' },
          { zone: 2, maxOz: 8, price: '4.40' },
          { zone: 1, maxOz: 16, price: '5.00' },
          { zone: 2, maxOz: 16, price: '5.60' },
        ]),
      ],
      [on(channelsContracts.importRates, { id: 5 })]: envelope(200, { rows: 4, zones: [1, 2] }),
    });
    const { container } = renderWithProviders(<RateTablePanel serviceId={5} />);
    await screen.findByTestId('rates-empty');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'rates.csv', { type: 'text/csv' })] } });
    const row = await screen.findByTestId('rates-row-16');
    expect(row.textContent).toContain('1 lb');
    expect(row.textContent).toContain('$5.00');
    expect(row.textContent).toContain('$5.60');
    expect(screen.getByTestId('rates-row-8').textContent).toContain('8 oz');
  });
});

describe('channel health in the channel list', () => {
  it('shows a channel paused by its breaker and one whose credentials the carrier refuses', async () => {
    const paused = {
      ...channel,
      id: 4,
      name: 'EasyPost main',
      health: { pausedUntil: '2026-11-24T09:00:30.000Z', failures: 5, authFailedAt: null, authError: '' },
    };
    const refused = {
      ...channel,
      id: 5,
      name: 'EasyPost backup',
      health: {
        pausedUntil: null,
        failures: 0,
        authFailedAt: '2026-11-24T08:00:00.000Z',
        authError: 'The API key provided is invalid or inactive.',
      },
    };
    stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, admin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(channelsContracts.listChannels)]: envelope(200, {
        list: [channel, paused, refused],
        total: 3,
        page: 1,
        pageSize: 9999999,
      }),
      [on(ordersContracts.listUnknownCarrierForms)]: envelope(200, []),
      [on(pickupsContracts.listUnknownPickups)]: envelope(200, []),
    });
    renderApp('/adminSettings/permission/carrierService');
    expect((await screen.findByTestId('channel-paused-4')).textContent).toContain('Paused until');
    expect(screen.getByTestId('channel-auth-failed-5').textContent).toBe('Credentials refused');
    expect(screen.queryByTestId('channel-paused-3')).toBeNull();
    expect(screen.queryByTestId('channel-auth-failed-3')).toBeNull();
    expect(screen.queryByTestId('channel-auth-failed-4')).toBeNull();
  });
});
