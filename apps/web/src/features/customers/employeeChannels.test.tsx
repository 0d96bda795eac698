import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import * as channelContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch } from '../../test/helpers';
import { renderApp } from '../../test/render';

/**
 * The Employees screen's "Channels" action (issue 13): an employee's own channels, read through
 * GET /staff/channel/user-channel and saved through POST /staff/channel/allot-channel (staffList).
 */

inEnglishWithToken('staff-token');

const manager = sampleUser({
  id: 1,
  username: 'hr@example.com',
  kind: 'staff',
  role: ['menuSystem', 'staffList'],
  roleCodes: ['hr'],
});

const employee = {
  id: 31,
  username: 'sam@staff.test',
  name: 'Sam Service',
  company: '',
  phone: '555',
  status: 1,
  kind: 'staff',
  ownerId: null,
  ownerUsername: null,
  invitationCode: null,
  memberType: 0,
  certification: 0,
  registrationDate: '2026-01-01T00:00:00.000Z',
  balance: '0.00',
  roles: [{ id: 3, code: 'customerService' }],
};

const choice = (id: number, name: string, carrierCode: string, services: string[]) => ({
  id,
  name,
  carrierCode,
  status: 1,
  isDemo: false,
  services: services.map((service, index) => ({ id: id * 10 + index, name: service })),
});

describe('employee channels', () => {
  it("shows an employee's channels, changes them and saves through the staff call", async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, manager),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(adminUsersContracts.listUsers.staff)]: envelope(200, { list: [employee], total: 1, page: 1, pageSize: 50 }),
      [on(channelContracts.staffUserChannels)]: envelope(200, {
        channels: [
          choice(5, 'USPS Direct', 'USPS', ['Ground Advantage', 'Priority Mail']),
          choice(6, 'UPS Direct', 'UPS', ['UPS Ground']),
        ],
        channelIds: [5],
      }),
      [on(channelContracts.staffAllotChannels)]: envelope(200, null),
    });
    renderApp('/adminSettings/employeeManagement');

    const line = await screen.findByTestId('user-row-sam@staff.test');
    fireEvent.click(within(line).getByTestId('user-action-channels'));
    expect(await screen.findByText('Channels of sam@staff.test')).toBeTruthy();
    const usps = await screen.findByTestId('allot-row-USPS Direct');
    const ups = screen.getByTestId('allot-row-UPS Direct');
    expect(usps.textContent).toContain('Ground Advantage · Priority Mail');
    await waitFor(() => expect((within(usps).getByRole('checkbox') as HTMLInputElement).checked).toBe(true));
    expect((within(ups).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(callsOf(calls, channelContracts.staffUserChannels)[0]?.url).toContain('userId=31');

    fireEvent.click(within(ups).getByRole('checkbox'));
    fireEvent.click(within(usps).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('allot-save'));

    await waitFor(() => expect(callsOf(calls, channelContracts.staffAllotChannels)).toHaveLength(1));
    expect(callsOf(calls, channelContracts.staffAllotChannels)[0]?.body).toEqual({ userId: 31, channelIds: [6] });
    expect(
      await screen.findByText(
        "sam@staff.test's channels are saved: their own quotes and purchases use them from now on",
      ),
    ).toBeTruthy();
    // The customers' calls (adminChannel) are not this screen's.
    expect(callsOf(calls, channelContracts.allChannels)).toHaveLength(0);
    expect(callsOf(calls, channelContracts.allotChannels)).toHaveLength(0);
  });
});
