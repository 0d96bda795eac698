import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { callsOf, envelope, on, stubFetch } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { UserServices } from './UserServices';

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

describe("a customer's services as staff check them (/maintenance/userChannel)", () => {
  it('shows which allotted services the quotes offer, and why the others do not', async () => {
    const { calls } = stubFetch({
      [on(channelsContracts.userServices)]: envelope(200, [
        {
          channelId: 1,
          channelName: 'Demo USPS',
          serviceId: 11,
          serviceCode: 'USPS_GA',
          serviceName: 'Ground Advantage',
          carrierCode: 'USPS',
        },
      ]),
      [on(channelsContracts.userChannelsDetail)]: envelope(200, [
        {
          channelId: 1,
          channelName: 'Demo USPS',
          platformCode: 'ratecard',
          carrierCode: 'USPS',
          enabled: true,
          services: [
            { id: 11, code: 'USPS_GA', name: 'Ground Advantage', enabled: true },
            { id: 12, code: 'USPS_PM', name: 'Priority Mail', enabled: false },
          ],
        },
        {
          channelId: 2,
          channelName: 'Old UPS',
          platformCode: 'ratecard',
          carrierCode: 'UPS',
          enabled: false,
          services: [{ id: 21, code: 'UPS_GND', name: 'UPS Ground', enabled: true }],
        },
      ]),
    });
    renderWithProviders(<UserServices userId={42} />);
    expect((await screen.findByTestId('user-services-count')).textContent).toContain(
      "1 services appear in this customer's quotes",
    );
    const usps = screen.getByTestId('user-services-row-Demo USPS');
    expect(within(usps).getByTestId('user-service-USPS_GA').className).toContain('green');
    const off = within(usps).getByTestId('user-service-USPS_PM');
    expect(off.className).not.toContain('green');
    fireEvent.mouseEnter(off);
    expect(await screen.findByText('The service is disabled')).toBeTruthy();
    const ups = screen.getByTestId('user-services-row-Old UPS');
    expect(within(ups).getByText('Disabled')).toBeTruthy();
    fireEvent.mouseEnter(within(ups).getByTestId('user-service-UPS_GND'));
    expect(await screen.findByText('Its channel is disabled')).toBeTruthy();
    await waitFor(() => {
      const asked = callsOf(calls, channelsContracts.userServices)[0];
      expect(new URL(asked?.url ?? '', 'http://localhost').searchParams.get('userId')).toBe('42');
    });
  });
});
